/** Corrections of the stats data (the data changelog, /docs/api/changelog), newest first. */
export interface DataChange {
  /** YYYY-MM-DD: when the corrected database was published */
  date: string;
  title: string;
  what: string;
  affects: string;
}

export const DATA_CHANGES: readonly DataChange[] = [
  {
    date: '2026-11-25',
    title: 'Technical free throws credited to the ten on the floor at the foul',
    what:
      'Technical free throws (technicals, defensive three seconds, flagrant technicals) were credited to the players on the floor when they were shot. ' +
      'They now go to the two fives on the floor when the technical was called (README "Plus/minus"); the possession that takes their points is unchanged.',
    affects:
      'Player plus-minus, on/off, lineup ratings and every game-state split built on lineups, in every season: the plus-minus of 8,352 of 516,013 player-games (1.6 %) changed (docs/verify-data.md). Team and player box-score totals are unchanged.',
  },
];
