/**
 * Zone counts of a sample's shots grouped by who took them (player, team, or team-game), from which come the
 * league reference (every group summed) and the percentile pools: a player's zones against his position group,
 * a team's against the 30 teams, a team's game against the season's team-games. Memoised per filters and
 * grouping: every player page of the same sample shares one pool.
 */
import type { AppliedFilters } from '../../../lib/params/apiParams';
import { SHOT_ZONES, type ShotZone } from '../../../lib/views/shotZones';
import { onStatsDbChange, type StatsDb, type Row } from '../../db/statsDb';
import { LRUCache } from 'lru-cache';
import { sharedLookup } from '../entities/sharedLookup';
import type { Perspective } from '../sql/filterSql';
import { shotSource } from './shotSource';
import { addPercentiles } from '../views/shared';
import { and, Params } from '../sql/sql';

export type PoolKind = 'player' | 'team' | 'game' | 'league';

/** Attempts and makes per zone. */
export type ZoneCounts = Record<ShotZone, { fga: number; fgm: number }>;

export interface ShotPool {
  /** zone counts by group key (player id, team id, `${game_id}:${team_id}`; '' for the league) */
  groups: Map<string, ZoneCounts>;
  league: ZoneCounts;
}

export const emptyCounts = (): ZoneCounts => Object.fromEntries(SHOT_ZONES.map((z) => [z, { fga: 0, fgm: 0 }])) as ZoneCounts;

export const totalOf = (c: ZoneCounts) => SHOT_ZONES.reduce((t, z) => ({ fga: t.fga + c[z].fga, fgm: t.fgm + c[z].fgm }), { fga: 0, fgm: 0 });

function groupKey(kind: PoolKind, team: string): string {
  switch (kind) {
    case 'player':
      return 's.player_id::VARCHAR';
    case 'team':
      return `${team}::VARCHAR`;
    case 'game':
      return `s.game_id::VARCHAR || ':' || s.team_id::VARCHAR`;
    case 'league':
      return `''`;
  }
}

async function loadPool(db: StatsDb, f: AppliedFilters, persp: Perspective, kind: PoolKind): Promise<ShotPool> {
  const b = new Params();
  const src = shotSource(db, f, b, persp);
  const rows = await db.query<{ k: string; zone: ShotZone; fga: number; fgm: number }>(
    `SELECT ${groupKey(kind, src.team)} AS k, s.zone AS zone, COUNT(*)::INTEGER AS fga, COUNT(*) FILTER (WHERE s.made)::INTEGER AS fgm
       FROM ${src.from} WHERE ${and(src.conditions)} GROUP BY ALL`,
    b.values,
  );
  const groups = new Map<string, ZoneCounts>();
  const league = emptyCounts();
  for (const r of rows) {
    let g = groups.get(r.k);
    if (!g) groups.set(r.k, (g = emptyCounts()));
    g[r.zone].fga += r.fga;
    g[r.zone].fgm += r.fgm;
    league[r.zone].fga += r.fga;
    league[r.zone].fgm += r.fgm;
  }
  return { groups, league };
}

const pools = new LRUCache<string, Promise<ShotPool>>({ max: 100 });
onStatsDbChange(() => pools.clear());

export function clearShotPools(): void {
  pools.clear();
}

export function shotPool(db: StatsDb, f: AppliedFilters, persp: Perspective, kind: PoolKind): Promise<ShotPool> {
  // Only the failed pool is dropped: a timed-out chart must not drop the others (sharedLookup).
  return sharedLookup(db, pools, JSON.stringify([f, persp, kind]), () => loadPool(db, f, persp, kind));
}

/** A zone's FG% counts in a pool only with at least this many attempts there. */
const MIN_ZONE_ATTEMPTS = 10;

/** Zone shares (`{zone}_freq`) and FG% (`{zone}_acc`) of one group, 0-100; FG% null under MIN_ZONE_ATTEMPTS. */
function zoneRates(c: ZoneCounts): Row {
  const { fga } = totalOf(c);
  const row: Row = { fga };
  for (const z of SHOT_ZONES) {
    row[`${z}_freq`] = fga > 0 ? (100 * c[z].fga) / fga : null;
    row[`${z}_acc`] = c[z].fga >= MIN_ZONE_ATTEMPTS ? (100 * c[z].fgm) / c[z].fga : null;
  }
  return row;
}

// A zone's share of attempts describes style (plain rank); its FG% is better higher.
const RATE_COLUMNS = SHOT_ZONES.flatMap((z) => [
  { key: `${z}_freq`, better: 'style' as const },
  { key: `${z}_acc`, better: 'higher' as const },
]);

/**
 * Percentiles of one group's zone shares and FG% against the pool's qualified groups in the same group
 * (position group for players, '' otherwise). `qualifies(fga)` decides who is in the pool.
 */
export function zonePercentiles(
  subject: ZoneCounts,
  pool: ShotPool,
  groupOf: (key: string) => string,
  subjectGroup: string,
  qualifies: (fga: number) => boolean,
): Row {
  const poolRows = [...pool.groups].map(([k, c]) => ({ ...zoneRates(c), group: groupOf(k) }));
  const row: Row = { ...zoneRates(subject), group: subjectGroup };
  // A subject below MIN_ZONE_ATTEMPTS in a zone has no FG% there, hence no percentile.
  addPercentiles(
    [row],
    RATE_COLUMNS,
    (r) => String(r.group),
    (r) => qualifies(Number(r.fga)),
    poolRows,
  );
  return row;
}
