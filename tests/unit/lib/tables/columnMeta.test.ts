/**
 * Which way is good, per metric column (src/lib/tables/columnMeta.ts): every column of every set has an entry, the
 * metrics where less is better are the ones basketball says (turnovers, fouls), and an Opponent set swaps
 * higher and lower (the defense wants opponents to shoot badly and turn it over often).
 */
import { describe, expect, it } from 'vitest';
import { BETTER, betterOf } from '../../../../src/lib/tables/columnMeta';
import { COLUMNS } from '../../../../src/lib/tables/metricColumns';
import { metricSetDefinitions, columnsOf } from '../../../../src/lib/tables/metricSets';
import { PAGE_KINDS } from '../../../../src/lib/site/pageKinds';

describe('higher-is-better table', () => {
  it('has an entry for every column key of every metric set', () => {
    const keys = new Set(Object.values(COLUMNS).flatMap((cols) => cols.map((c) => c.key)));
    for (const k of keys) expect(BETTER[k], k).toMatch(/^(higher|lower|style)$/);
    for (const k of Object.keys(BETTER)) expect(keys.has(k), `${k} is a column`).toBe(true);
  });

  it('says lower is better exactly for turnovers, fouls and points allowed on the own side', () => {
    const lower = Object.entries(BETTER)
      .filter(([, b]) => b === 'lower')
      .map(([k]) => k)
      .sort();
    expect(lower).toEqual(['opp_pts', 'pf', 'pf_per_100', 'tov', 'tov_pct', 'tov_play_pct']);
  });

  it('calls efficiency higher-is-better and shot shares style', () => {
    for (const k of ['efg_pct', 'pts_per_poss', 'pts_per_100', 'rim_acc', 'three_acc', 'ft_pct', 'orb_pct', 'stl_pct', 'blk_pct']) {
      expect(betterOf(k, 'Player'), k).toBe('higher');
    }
    for (const k of ['rim_freq', 'c3_freq', 'astd_three', 'pace', 'sec']) expect(betterOf(k, 'Player'), k).toBe('style');
  });

  it('swaps higher and lower for the Opponent group, leaves style alone', () => {
    expect(betterOf('efg_pct', 'Opponent')).toBe('lower');
    expect(betterOf('tov_pct', 'Opponent')).toBe('higher');
    expect(betterOf('pts_per_poss', 'Opponent')).toBe('lower');
    expect(betterOf('rim_freq', 'Opponent')).toBe('style');
    expect(betterOf('efg_pct', 'Team')).toBe('higher');
  });

  it('makes every defense-side set of lineups and teams rank a low opponent eFG% as good', () => {
    for (const kind of PAGE_KINDS) {
      for (const def of metricSetDefinitions(kind, 'defense')) {
        if (def.group !== 'Opponent') continue;
        for (const c of columnsOf(def)) if (c.key === 'efg_pct') expect(betterOf(c.key, def.group), `${kind} ${def.value}`).toBe('lower');
      }
    }
  });
});
