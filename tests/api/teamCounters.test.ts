/**
 * teamCountersFor (metrics/formulas.ts) says which team counters a metric set's columns are computed from, so that
 * the on/off percentile pools sum only those (views/teamViews.ts onOffPool). Checked on real sums: every team-season
 * of the test database, both ends, summed with this file's own SQL from team_game_totals. For every metric set,
 * its columns computed from those counters alone (every other counter zero) must equal its columns computed
 * from all of them; and a counter the probe leaves out must really be unread: zeroing one it keeps must change
 * some column of some set.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLUMNS } from '../../src/lib/tables/metricColumns';
import { TEAM_COUNTERS, type TeamSums } from '../../src/server/stats/metrics/counters';
import { teamCountersFor, teamValues } from '../../src/server/stats/metrics/formulas';
import { DB_PATH, HAS_DB } from './helpers';

describe.skipIf(!HAS_DB)('teamCountersFor: a metric set needs only the counters it names', () => {
  let sums: TeamSums[] = [];
  beforeAll(async () => {
    const instance = await DuckDBInstance.create(DB_PATH, { access_mode: 'READ_ONLY' });
    const c = await instance.connect();
    const reader = await c.runAndReadAll(`
      SELECT ${TEAM_COUNTERS.map((k) => `sum(${k})::DOUBLE AS ${k}`).join(', ')}
        FROM (SELECT off_team_id AS team, * FROM team_game_totals UNION ALL SELECT def_team_id AS team, * FROM team_game_totals)
       GROUP BY team, season, season_type, off_team_id = team`);
    sums = reader.getRowObjectsJS() as unknown as TeamSums[];
    c.closeSync();
    instance.closeSync();
  });

  it('reads real team-seasons', () => {
    expect(sums.length).toBeGreaterThan(100);
  });

  const ctx = { leagueHcPpp: 0.95 };
  for (const [base, columns] of Object.entries(COLUMNS)) {
    it(`${base}: the same columns from its counters alone`, () => {
      const keys = columns.map((c) => c.key);
      const need = teamCountersFor(keys);
      expect(need).toContain('possessions');
      for (const full of sums) {
        const part = Object.fromEntries(TEAM_COUNTERS.map((k) => [k, need.includes(k) ? full[k] : 0])) as TeamSums;
        const a = teamValues(full, ctx);
        const b = teamValues(part, ctx);
        for (const k of keys) expect(b[k], `${base}.${k}`).toEqual(a[k]);
      }
    });
  }

  it('keeps no counter that no column reads', () => {
    const full = sums[0]!;
    const all = Object.values(COLUMNS).flatMap((columns) => columns.map((c) => c.key));
    for (const k of teamCountersFor(all)) {
      if (k === 'possessions') continue;
      const changed = teamValues({ ...full, [k]: full[k] + 7 }, ctx);
      const before = teamValues(full, ctx);
      expect(
        all.some((key) => changed[key] !== before[key]),
        k,
      ).toBe(true);
    }
  });
});
