/**
 * GET /api/shots: the answer's shape and the five shot zones of the Shooting sets (METRICS.md "Shot zones"),
 * shared by the server (src/server/stats/shots/shotChart.ts) and the shot chart island (src/islands/charts/).
 *
 * Coordinates are feet on a half court: x from -25 (one sideline) to 25, y from the baseline (0) to half court
 * (47); the basket is at (0, 5.25).
 */
export const SHOT_ZONES = ['rim', 'short_mid', 'long_mid', 'corner3', 'noncorner3'] as const;
export type ShotZone = (typeof SHOT_ZONES)[number];

export const SHOT_ZONE_LABELS: Record<ShotZone, string> = {
  rim: 'Rim',
  short_mid: 'Short mid-range',
  long_mid: 'Long mid-range',
  corner3: 'Corner 3',
  noncorner3: 'Non-corner 3',
};

export interface ShotZoneRow {
  zone: ShotZone;
  fga: number;
  fgm: number;
  /** the league's share of attempts in this zone, 0-100 (same filters) */
  league_fga_share: number | null;
  /** the league's FG% in this zone, 0-100 (same filters) */
  league_fg_pct: number | null;
  /** percentile (0-100) of this zone's FG% in the pool (position group or the 30 teams), null without a pool value */
  fg_pct_percentile: number | null;
  /** percentile (0-100) of this zone's share of attempts in the pool */
  fga_share_percentile: number | null;
}

/** A hexagonal bin (centre x, y in feet) or, when `binning` is 'points', one shot (fga 1). */
export interface ShotBin {
  x: number;
  y: number;
  fga: number;
  fgm: number;
  /** the zone most of the bin's attempts are in (its league FG% is the bin's reference) */
  zone: ShotZone;
}

export interface ShotSample {
  fga: number;
  fgm: number;
  zones: ShotZoneRow[];
  /** attempts drawn on the half court (with a location, inside half court) */
  located_fga: number;
  binning: 'hex' | 'points';
  bins: ShotBin[];
  /**
   * The located corner threes of each corner (left: x < 0 as the chart draws it), which the zones count together:
   * the chart labels each corner with its own figure when every corner three of the sample is located.
   */
  corners: { left: { fga: number; fgm: number }; right: { fga: number; fgm: number } };
}

export interface ShotsResponse extends ShotSample {
  /** hexagon radius in feet */
  hex_radius: number;
  /**
   * 'all' every attempt has a location, 'partial' some do, 'none' no attempt has one (2018-19, 2021-22 and the
   * playoffs have no shot-location data: the zones still come from the play-by-play's shot descriptions).
   */
  locations: 'all' | 'partial' | 'none';
  /** seasons (labels) of the sample that have no shot locations */
  seasons_without_locations: string[];
  /** who the percentiles compare against, e.g. "wings", "the 30 teams" */
  pool: string | null;
  /** game pages: each team's attempts */
  by_team?: (ShotSample & { team: string })[];
  /** why the sample is empty by design (no preseason data) */
  note?: string;
}

/** Seasons with shot-location data: regular seasons except 2018-19 and 2021-22 (nba-data README). */
export function seasonHasLocations(season: number, seasonType: string): boolean {
  return seasonType === 'regular' && season !== 2018 && season !== 2021;
}
