/**
 * Where a sample's attempts were taken: hexagonal bins (d3-hexbin) of made/attempted counts, or the shots
 * themselves when there are few. Shots are first counted on a half-foot grid in SQL (a season of the league is
 * ~200k shots but a few thousand cells), then the cells are binned: a cell centre is at most 0.35 ft from its
 * shots, against hexagons 2 ft in radius. Only shots with a location on the half court are drawn.
 */
import { hexbin } from 'd3-hexbin';
import type { AppliedFilters } from '../../../lib/params/apiParams';
import { SHOT_ZONES, type ShotBin, type ShotSample, type ShotZone } from '../../../lib/views/shotZones';
import type { StatsDb } from '../../db/statsDb';
import type { Perspective } from '../sql/filterSql';
import { SHOT_X, SHOT_Y, shotSource } from './shotSource';
import { and, Params } from '../sql/sql';

export const HEX_RADIUS = 2;
/** Up to this many located attempts, the shots themselves are sent (dots), not bins. */
const POINTS_MAX = 250;
const GRID = 0.5;

/** Extra conditions on alias s (and the perspective team expression) that pick the subject's shots. */
export type SubjectCondition = (b: Params, team: string) => string;

interface Cell {
  x: number;
  y: number;
  zone: ShotZone;
  fga: number;
  fgm: number;
  /** grouping key (team id on game pages), '' otherwise */
  k: string;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** Located shots (x, y in feet) of the subject, counted by grid cell (GRID > 0) or one row per shot (GRID 0). */
async function cells(db: StatsDb, f: AppliedFilters, persp: Perspective, subject: SubjectCondition, byTeam: boolean, grid: number): Promise<Cell[]> {
  const b = new Params();
  const src = shotSource(db, f, b, persp);
  const where = and([...src.conditions, subject(b, src.team), 's.loc_x IS NOT NULL', 's.loc_y IS NOT NULL']);
  const k = byTeam ? 's.team_id::VARCHAR' : `''`;
  const located = `SELECT ${SHOT_X} AS x, ${SHOT_Y} AS y, s.zone AS zone, s.made AS made, ${k} AS k FROM ${src.from} WHERE ${where}`;
  const sql =
    grid > 0
      ? `SELECT round(x / ${grid}) * ${grid} AS x, round(y / ${grid}) * ${grid} AS y, zone, k,
                COUNT(*)::INTEGER AS fga, COUNT(*) FILTER (WHERE made)::INTEGER AS fgm
           FROM (${located}) WHERE y <= 47 GROUP BY ALL`
      : `SELECT x, y, zone, k, 1 AS fga, made::INTEGER AS fgm FROM (${located}) WHERE y <= 47 ORDER BY x, y`;
  return db.query<Cell & Record<string, unknown>>(sql, b.values);
}

function hexBins(list: Cell[]): ShotBin[] {
  const bin = hexbin<Cell>()
    .radius(HEX_RADIUS)
    .x((c) => c.x)
    .y((c) => c.y);
  return bin(list).map((hex) => {
    const byZone = new Map<ShotZone, number>();
    let fga = 0;
    let fgm = 0;
    for (const c of hex) {
      fga += c.fga;
      fgm += c.fgm;
      byZone.set(c.zone, (byZone.get(c.zone) ?? 0) + c.fga);
    }
    const zone = SHOT_ZONES.reduce((best, z) => ((byZone.get(z) ?? 0) > (byZone.get(best) ?? 0) ? z : best), hex[0]!.zone);
    return { x: round1(hex.x), y: round1(hex.y), fga, fgm, zone };
  });
}

export interface BinnedShots {
  binning: 'hex' | 'points';
  bins: ShotBin[];
  located_fga: number;
  corners: ShotSample['corners'];
}

/** The corner threes of each side, from the grid cells (each cell keeps its shots' zone, so the split is exact). */
function cornersOf(list: Cell[]): ShotSample['corners'] {
  const corners = { left: { fga: 0, fgm: 0 }, right: { fga: 0, fgm: 0 } };
  for (const c of list) {
    if (c.zone !== 'corner3') continue;
    const side = c.x < 0 ? corners.left : corners.right;
    side.fga += c.fga;
    side.fgm += c.fgm;
  }
  return corners;
}

function binsOf(list: Cell[], points: Cell[] | null): BinnedShots {
  const located = list.reduce((n, c) => n + c.fga, 0);
  const corners = cornersOf(list);
  if (points) {
    return {
      binning: 'points',
      located_fga: located,
      corners,
      bins: points.map((c) => ({ x: round1(c.x), y: round1(c.y), fga: 1, fgm: c.fgm, zone: c.zone })),
    };
  }
  return { binning: 'hex', located_fga: located, corners, bins: hexBins(list) };
}

/**
 * Bins of the subject's shots; with byTeam, also per team (key: team id). Dots when a sample has at most
 * POINTS_MAX located attempts.
 */
export async function shotBins(
  db: StatsDb,
  f: AppliedFilters,
  persp: Perspective,
  subject: SubjectCondition,
  byTeam = false,
): Promise<{ all: BinnedShots; teams: Map<string, BinnedShots> }> {
  const grid = await cells(db, f, persp, subject, byTeam, GRID);
  const located = grid.reduce((n, c) => n + c.fga, 0);
  const points = located <= POINTS_MAX ? await cells(db, f, persp, subject, byTeam, 0) : null;
  const teams = new Map<string, BinnedShots>();
  if (byTeam) {
    for (const k of new Set(grid.map((c) => c.k))) {
      teams.set(
        k,
        binsOf(
          grid.filter((c) => c.k === k),
          points ? points.filter((c) => c.k === k) : null,
        ),
      );
    }
  }
  return { all: binsOf(grid, points), teams };
}
