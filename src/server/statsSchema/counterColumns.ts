/**
 * Counter columns of the stats file's tables, in the order of src/server/db/schema.sql: part of the schema the
 * ingest and the stats server share (src/server/statsSchema/). The ingest's parser fills plain objects keyed by
 * these names and its writer appends them in this order; the derived tables (derivedTables.ts) sum them.
 */

/** Offense counters of one possession (possessions table, after the descriptive columns). */
export const POSSESSION_COUNTERS = [
  'pts',
  'fga',
  'fgm',
  'fg3a',
  'fg3m',
  'fga_rim',
  'fgm_rim',
  'fga_smid',
  'fgm_smid',
  'fga_lmid',
  'fgm_lmid',
  'fga_c3',
  'fgm_c3',
  'fga_nc3',
  'fgm_nc3',
  'fta',
  'ftm',
  'ft_trips',
  'tov',
  'oreb',
  'team_oreb',
  'dreb',
  'team_dreb',
  'ast',
  'stl',
  'blk',
  'sfd',
  'nsfd',
  'plays',
  'hc_plays',
  'hc_pts',
  'pb_plays',
  'pb_pts',
  'tr_plays',
  'tr_pts',
  'tr_plays_stl',
  'tr_plays_reb',
] as const;
export type PossessionCounter = (typeof POSSESSION_COUNTERS)[number];
export type PossessionCounters = Record<PossessionCounter, number>;

/** One player's counters in one possession (player_possession_stats, after the key columns). */
export const PLAYER_COUNTERS = [
  'pts',
  'fga_rim',
  'fgm_rim',
  'astd_rim',
  'fga_smid',
  'fgm_smid',
  'astd_smid',
  'fga_lmid',
  'fgm_lmid',
  'astd_lmid',
  'fga_c3',
  'fgm_c3',
  'astd_c3',
  'fga_nc3',
  'fgm_nc3',
  'astd_nc3',
  'fta',
  'ftm',
  'ft_trips',
  'and1',
  'sfd',
  'nsfd',
  'tov',
  'stl',
  'blk',
  'oreb',
  'dreb',
  'ast',
  'pf',
] as const;
export type PlayerCounter = (typeof PLAYER_COUNTERS)[number];
export type PlayerCounters = Record<PlayerCounter, number>;

/** Box-score counters of a player's game (player_games, after seconds and plus/minus). */
export const BOX_COUNTERS = ['pts', 'fgm', 'fga', 'fg3m', 'fg3a', 'ftm', 'fta', 'oreb', 'dreb', 'ast', 'stl', 'blk', 'tov', 'pf'] as const;
export type BoxCounter = (typeof BOX_COUNTERS)[number];
export type BoxCounters = Record<BoxCounter, number>;

/** Team box counters of team_games (player box summed, plus team rebounds; tov includes team turnovers). */
export const TEAM_BOX_COUNTERS = [
  'fgm',
  'fga',
  'fg3m',
  'fg3a',
  'ftm',
  'fta',
  'oreb',
  'dreb',
  'team_oreb',
  'team_dreb',
  'ast',
  'stl',
  'blk',
  'tov',
  'pf',
] as const;
export type TeamBoxCounter = (typeof TEAM_BOX_COUNTERS)[number];
export type TeamBoxCounters = Record<TeamBoxCounter, number>;

const factories = new Map<readonly string[], () => Record<string, number>>();

/**
 * A fresh all-zero counter object. The factory is compiled once per key list into an object literal
 * (the keys are the constant column names above), which V8 creates fastest, by the million.
 */
export function zeros<K extends string>(keys: readonly K[]): Record<K, number> {
  let f = factories.get(keys);
  if (!f) {
    if (!keys.every((k) => /^[a-z0-9_]+$/.test(k))) throw new Error('counter names must be identifiers');
    f = new Function(`return { ${keys.map((k) => `${k}: 0`).join(', ')} };`) as () => Record<string, number>;
    factories.set(keys, f);
  }
  return f() as Record<K, number>;
}
