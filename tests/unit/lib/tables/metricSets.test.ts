import { describe, expect, it } from 'vitest';
import { DATA_PAGE_KINDS } from '../../../../src/lib/params/apiParams';
import { COLUMNS } from '../../../../src/lib/tables/metricColumns';
import { columnsOf, metricSetDefinitions, metricSetOptions, selectMetricSet, sortFitsSet } from '../../../../src/lib/tables/metricSets';
import { PAGE_KINDS_WITHOUT_SIDE } from '../../../../src/lib/site/pageKinds';
import { emptySums, PLAYER_COUNTERS, TEAM_COUNTERS } from '../../../../src/server/stats/metrics/counters';
import { netValues, playerValues, teamValues } from '../../../../src/server/stats/metrics/formulas';

const SIX = ['OffensiveOverview', 'ShootingOverall', 'ShootingFrequency', 'ShootingAccuracy', 'FoulDrawing', 'DefenseAndRebounding'];
const values = (o: { value: string }[]) => o.map((x) => x.value);

describe('metric sets per view (spec section 3)', () => {
  it('League: Summary, FourFactors, Shooting, PlayContext', () => {
    expect(values(metricSetOptions('League'))).toEqual(['Summary', 'FourFactors', 'Shooting', 'PlayContext']);
  });

  it.each(['PlayerProfile', 'TeamPlayers', 'GamePlayers'] as const)('%s: the six offensive sets', (page) => {
    expect(values(metricSetOptions(page))).toEqual(SIX);
  });

  it.each(['PlayerGameLog', 'TeamGameLog'] as const)('%s: the box score first (the default), then the six offensive sets', (page) => {
    expect(values(metricSetOptions(page))).toEqual(['BoxScore', ...SIX]);
    expect(selectMetricSet(page, 'offense', null)?.value).toBe('BoxScore');
  });

  it("a game log's box score: the player's line, and the team's with its opponent's points", () => {
    const keys = (page: 'PlayerGameLog' | 'TeamGameLog') => columnsOf(metricSetDefinitions(page)[0]!).map((c) => c.label);
    const line = ['MIN', 'PTS', 'FGM', 'FGA', '3PM', '3PA', 'FTM', 'FTA', 'ORB', 'DRB', 'TRB', 'AST', 'STL', 'BLK', 'TOV', 'PF', '+/-'];
    expect(keys('PlayerGameLog')).toEqual(line);
    expect(keys('TeamGameLog')).toEqual(['MIN', 'PTS', 'OPP', ...line.slice(2)]);
  });

  it('Players: the six offensive sets plus the on/off sets', () => {
    const v = values(metricSetOptions('Players'));
    expect(v.slice(0, 6)).toEqual(SIX);
    expect(v.slice(6)).toEqual([
      'OnOff_FourFactors',
      'OnOff_Team_ShootingFrequency',
      'OnOff_Opponent_ShootingFrequency',
      'OnOff_ShootingAccuracy',
      'OnOff_ContextStatsHalfCourtPutbacks',
      'OnOff_ContextStatsTransition',
    ]);
  });

  it('Player positions: Player_, Team_ and Opponent_ groups', () => {
    const o = metricSetOptions('PlayerPositions');
    expect(o.filter((x) => x.group === 'Player').map((x) => x.value)).toEqual(SIX.map((s) => `Player_${s}`));
    expect(o.filter((x) => x.group === 'Team').length).toBe(5);
    expect(o.filter((x) => x.group === 'Opponent').map((x) => x.value)).toEqual([
      'Opponent_ShootingFrequency',
      'Opponent_ShootingAccuracy',
      'Opponent_ContextStatsHalfCourtPutbacks',
      'Opponent_ContextStatsTransition',
    ]);
  });

  it.each(['PlayerOnOff', 'TeamOnOff', 'TeamTeam', 'Lineups', 'PlayerLineups', 'TeamLineups'] as const)(
    '%s: offense shows the Team_ group, defense the Opponent_ group',
    (page) => {
      expect(metricSetOptions(page, 'offense').every((o) => o.group === 'Team' && o.value.startsWith('Team_'))).toBe(true);
      expect(metricSetOptions(page, 'defense').every((o) => o.group === 'Opponent' && o.value.startsWith('Opponent_'))).toBe(true);
    },
  );

  it('Lineups: four factors, shooting frequency and accuracy, halfcourt/putbacks, transition', () => {
    expect(values(metricSetOptions('Lineups'))).toEqual([
      'Team_FourFactors',
      'Team_ShootingFrequency',
      'Team_ShootingAccuracy',
      'Team_ContextStatsHalfCourtPutbacks',
      'Team_ContextStatsTransition',
    ]);
  });

  it('Game team and game preview add ShootingTotals', () => {
    for (const page of ['GameTeam', 'GamePreview'] as const) {
      expect(values(metricSetOptions(page))).toEqual([
        'FourFactors',
        'ShootingFrequency',
        'ShootingAccuracy',
        'ShootingTotals',
        'ContextStatsHalfCourtPutbacks',
        'ContextStatsTransition',
      ]);
    }
  });

  it('every data page kind has sets; NonStats has none; options are unique with kebab query params', () => {
    expect(metricSetOptions('NonStats')).toEqual([]);
    for (const page of DATA_PAGE_KINDS) {
      for (const side of ['offense', 'defense'] as const) {
        const o = metricSetOptions(page, side);
        expect(o.length).toBeGreaterThan(0);
        expect(new Set(o.map((x) => x.value)).size).toBe(o.length);
        for (const x of o) expect(x.clientQueryParam).toMatch(/^[a-z0-9-]+$/);
      }
    }
  });

  it('pages without a side offer the same sets on both sides', () => {
    for (const page of PAGE_KINDS_WITHOUT_SIDE) expect(metricSetOptions(page, 'defense')).toEqual(metricSetOptions(page, 'offense'));
  });

  it('selects the set of the metricSet query parameter, else the first', () => {
    expect(selectMetricSet('Players', 'offense', 'foul-drawing')?.value).toBe('FoulDrawing');
    expect(selectMetricSet('Players', 'offense', 'nope')?.value).toBe('OffensiveOverview');
  });
});

describe('columns', () => {
  it('every column has a label, a format and a definition', () => {
    for (const cols of Object.values(COLUMNS)) {
      for (const c of cols) {
        expect(c.label.length).toBeGreaterThan(0);
        expect(c.definition.length).toBeGreaterThan(5);
        expect(['rate', 'percent', 'number', 'seconds', 'money']).toContain(c.format);
      }
    }
  });

  it('every column of every set is computed by a formula', () => {
    const player = playerValues(emptySums(PLAYER_COUNTERS));
    const none = emptySums(TEAM_COUNTERS);
    const net = netValues(none, none, { fg3Pct: 0.36, ftPct: 0.78 });
    const team = { ...teamValues(none, { leagueHcPpp: 1 }), ...net, games: 0, pace: 0, home_win_pct: 0 };
    for (const page of DATA_PAGE_KINDS) {
      for (const def of metricSetDefinitions(page)) {
        if (def.basis === 'salary') continue;
        const computed = def.basis === 'player' ? player : team;
        for (const c of columnsOf(def)) expect(Object.keys(computed), `${page} ${def.value} ${c.key}`).toContain(c.key);
      }
    }
  });
});

describe('a sort survives a change of metric set only where the set has the column', () => {
  const def = (page: 'Players', value: string) => metricSetDefinitions(page).find((d) => d.value === value)!;
  it('a metric the new set lacks does not fit; one it has does', () => {
    expect(sortFitsSet('tov_play_pct', def('Players', 'OffensiveOverview'))).toBe(true);
    expect(sortFitsSet('tov_play_pct', def('Players', 'FoulDrawing'))).toBe(false);
    expect(sortFitsSet('ft_pct', def('Players', 'FoulDrawing'))).toBe(true);
  });
  it('on/off sets have {key}_on/_off/_diff, not the plain key', () => {
    const onoff = def('Players', 'OnOff_FourFactors');
    expect(sortFitsSet('tov_pct_diff', onoff)).toBe(true);
    expect(sortFitsSet('tov_pct', onoff)).toBe(false);
    expect(sortFitsSet('tov_pct_diff', def('Players', 'OffensiveOverview'))).toBe(false);
  });
  it('identity columns (name, team, date) fit every set', () => {
    for (const d of metricSetDefinitions('Players')) for (const c of ['name', 'team', 'date', 'season']) expect(sortFitsSet(c, d)).toBe(true);
  });
});
