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
    date: '2026-11-29',
    title: 'A lineups answer lists at most 50,000 rows, counted once per metric set',
    what:
      'A lineups or 2-, 3- and 4-man units query with more rows above its minimum (min_poss) than that is a 400 naming min_poss, answered at once: ' +
      'every five of twenty seasons with one possession or more (226,666 rows) used to run for 10-23 s and end in a 400, and twenty seasons of pairs in every set was a 103 MB download. ' +
      'Without metric_set an answer holds five sets, so it lists up to 10,000 rows; ask for one set to get up to 50,000.',
    affects:
      'Only such queries. No number changed, and every table the site shows is far below the limit (twenty seasons of fives at the default minimum: 6,619 rows).',
  },
  {
    date: '2026-11-29',
    title: 'One key, one formula: two player columns renamed, their old keys kept as aliases',
    what:
      'Two keys each meant one formula in the player sets and another in the team sets. In the player sets, TOV% per play, TOV / (FGA + FT trips + TOV), is now tov_play_pct ' +
      '(Offensive Overview), and FTA / FGA is fta_rate, shown as "FTA Rate" (Foul Drawing); tov_pct (TOV / possessions) and ft_rate (FTM / FGA) are the four factors\' only. ' +
      '/api/v1 still answers tov_pct and ft_rate (and their _pct percentiles) in those player sets, the career rates and a comparison, with the same values as the new keys: read the new keys.',
    affects:
      'Key names and the Foul Drawing column header only. No number changed: 680 random answers of every page kind are equal before and after, key for key.',
  },
  {
    date: '2026-11-29',
    title: 'The season being played comes in every night; names written one way',
    what:
      "Games after June 2023 are added every night from the league's live feed by an incremental update, which replaces a game the league corrects; " +
      'the stats file now also holds the schedule of the season being played and the source of every game, and says the date of its last game (Data-Through). ' +
      "The three players the league's player list wrote with accents (Nikola Jović, Vít Krejčí, Moussa Diabaté) are written without them, as it writes every other name.",
    affects:
      'The names of those three players (search finds them either way). No number of the archive changed: a database built through a date and updated day by day equals the full build, table by table.',
  },
  {
    date: '2026-11-27',
    title: 'On/off of a player who left a team and came back in the same season',
    what:
      "A player of more than one team in a season is measured against each team's games from his first to his last game for it. " +
      'A player who left a team and returned within the season had one span with it, covering the games it played while he was with his other team; ' +
      'he now has one span per stint, and those games count for neither.',
    affects:
      "The on/off rows (his team's numbers with him off the floor) of 13 player-team-seasons, e.g. Greg Monroe with Minnesota and Reggie Perry with Portland in 2021-22, Elden Campbell with Detroit in 2004-05, " +
      'and of Shawn Marion and Mike Bibby in 2007-08 (the end of the Heat-Hawks game of December 19, 2007 was replayed in March 2008, after their trades). Nothing else changed.',
  },
  {
    date: '2026-11-25',
    title: 'Technical free throws credited to the ten on the floor at the foul',
    what:
      'Technical free throws (technicals, defensive three seconds, flagrant technicals) were credited to the players on the floor when they were shot. ' +
      'They now go to the two fives on the floor when the technical was called (docs/explanation/ingest.md, "Plus/minus"); the possession that takes their points is unchanged.',
    affects:
      'Player plus-minus, on/off, lineup ratings and every game-state split built on lineups, in every season: the plus-minus of 8,352 of 516,013 player-games (1.6 %) changed (docs/reference/verify-data.md). Team and player box-score totals are unchanged.',
  },
];
