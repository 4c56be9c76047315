/**
 * The counters the stats tables carry, and SQL to sum them. The column lists are the schema's
 * (src/server/statsSchema/counterColumns.ts, in the order of src/server/db/schema.sql), named as the sums read them.
 */
import { PLAYER_COUNTERS as PLAYER_COUNTERS_OF_SCHEMA, POSSESSION_COUNTERS } from '../../statsSchema/counterColumns';

const ZONES = ['rim', 'smid', 'lmid', 'c3', 'nc3'] as const;
export type Zone = (typeof ZONES)[number];

/** Counters of one team's offensive possessions (possessions / team_game_totals). Defense-made counters
 * (dreb, team_dreb, stl, blk, sfd, nsfd) are the defense's on those possessions. */
export const TEAM_COUNTERS = ['possessions', 'seconds', ...POSSESSION_COUNTERS] as const;
export type TeamCounter = (typeof TEAM_COUNTERS)[number];
export type TeamSums = Record<TeamCounter, number>;

/** A player's own counters (player_possession_stats / player_game_totals). */
export const PLAYER_OWN_COUNTERS = PLAYER_COUNTERS_OF_SCHEMA;

/** Team counters while the player is on court (player_game_totals). */
export const PLAYER_ON_COURT_COUNTERS = [
  'off_poss',
  'def_poss',
  'on_seconds',
  'team_plays',
  'team_fgm',
  'team_misses',
  'oreb_chances',
  'dreb_chances',
  'opp_fg2a',
  'team_pts',
  'opp_pts',
] as const;

/**
 * A possession's PLAYER_ON_COURT_COUNTERS, as SQL on the possession alias p, for a player of its offense (his
 * team's possession) or of its defense (the opponent's): the one definition the player sums and
 * state_player_sums share.
 */
export function onCourtCounterSelect(side: 'offense' | 'defense'): string {
  return side === 'offense'
    ? 'p.possessions AS off_poss, 0 AS def_poss, p.seconds AS on_seconds, p.plays AS team_plays, p.fgm AS team_fgm, p.fga - p.fgm AS team_misses, ' +
        'p.oreb + p.dreb AS oreb_chances, 0 AS dreb_chances, 0 AS opp_fg2a, p.pts AS team_pts, 0 AS opp_pts'
    : '0 AS off_poss, p.possessions AS def_poss, p.seconds AS on_seconds, 0 AS team_plays, 0 AS team_fgm, 0 AS team_misses, ' +
        '0 AS oreb_chances, p.dreb + p.oreb AS dreb_chances, p.fga - p.fg3a AS opp_fg2a, 0 AS team_pts, p.pts AS opp_pts';
}

export const PLAYER_COUNTERS = [...PLAYER_OWN_COUNTERS, ...PLAYER_ON_COURT_COUNTERS] as const;
export type PlayerCounter = (typeof PLAYER_COUNTERS)[number];
export type PlayerSums = Record<PlayerCounter, number>;

/** `SUM(a.x)::DOUBLE AS x, ...` for a list of counters. */
export function sumColumns(counters: readonly string[], alias?: string, prefix = ''): string {
  const a = alias ? `${alias}.` : '';
  return counters.map((c) => `COALESCE(SUM(${a}${c}), 0)::DOUBLE AS ${prefix}${c}`).join(', ');
}

/**
 * Read counters (with an optional column prefix) from a row into a sums object. The object is a copy of one
 * template per counter list holding every counter at 0 (its values then set in place): pick runs per row of answers
 * of thousands of rows, and an object built key by key costs V8 a shape change per key (4,421 lineups: 6-12 ms
 * -> 2 ms).
 */
export function pick<K extends string>(row: Record<string, unknown>, counters: readonly K[], prefix = ''): Record<K, number> {
  const out = { ...zeroSums(counters) };
  const names = prefixedNames(counters, prefix);
  for (let i = 0; i < counters.length; i++) {
    const v = row[names[i]!];
    if (v !== undefined && v !== null) out[counters[i]!] = Number(v);
  }
  return out;
}

/** Every counter of a list at 0, one object per list (pick's template; never handed out). */
const zeroSumsOf = new WeakMap<readonly string[], Record<string, number>>();
function zeroSums<K extends string>(counters: readonly K[]): Record<K, number> {
  let zeros = zeroSumsOf.get(counters);
  if (!zeros) zeroSumsOf.set(counters, (zeros = Object.fromEntries(counters.map((c) => [c, 0]))));
  return zeros as Record<K, number>;
}

/**
 * The column names `${prefix}${counter}`, made once per counter list and prefix: pick runs per row of answers of
 * thousands of rows (a league's on/off pool), and a name built afresh per read made it the answer's slowest part.
 */
const prefixedNamesOf = new WeakMap<readonly string[], Map<string, readonly string[]>>();
function prefixedNames(counters: readonly string[], prefix: string): readonly string[] {
  if (prefix === '') return counters;
  let byPrefix = prefixedNamesOf.get(counters);
  if (!byPrefix) prefixedNamesOf.set(counters, (byPrefix = new Map()));
  let names = byPrefix.get(prefix);
  if (!names) byPrefix.set(prefix, (names = counters.map((c) => prefix + c)));
  return names;
}

/** a - b counter by counter (off-court = team total - on-court). */
export function subtract<K extends string>(a: Record<K, number>, b: Record<K, number>): Record<K, number> {
  const out = { ...a };
  for (const k of Object.keys(a) as K[]) out[k] = a[k] - (b[k] ?? 0);
  return out;
}

export function emptySums<K extends string>(counters: readonly K[]): Record<K, number> {
  return { ...zeroSums(counters) };
}
