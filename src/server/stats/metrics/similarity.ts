/**
 * Similar players: the profile of a player-season, how it is standardised and weighted, the distance
 * between two profiles and the reason given for a neighbour. Pure functions; the ingest stores the profiles
 * (src/server/stats/sql/playerProfiles.ts) and the similar-players view ranks them (views/similar.ts). The guide
 * "Similar players" (src/content/guides/similar-players.md) writes the same rules down for users.
 *
 * Rules:
 * - A profile is a regular-season player-season with at least PROFILE_MIN_SECONDS on court, garbage time and
 *   heaves left out (the site's default sample), summed over every team he played for that season.
 * - Each feature is a rate of the player tables (src/server/stats/metrics/formulas.ts playerValues) or the
 *   season's position estimate (player_seasons.position_score, 1 = point guard .. 5 = big).
 * - Standardised by season: z = (x - season mean) / season standard deviation, over that season's profiles,
 *   so a 2004 big and a 2022 big compare by where they stood in their own league (the league took far more
 *   threes in 2022; a raw three-point rate would pair eras, not roles).
 * - Distance = sqrt(sum over features of weight x (z_a - z_b)^2). A feature missing on either side (a player
 *   with no three-point attempts has no assisted share on threes) counts as 0 difference (z = 0 is the mean).
 * - The reason names the features that contribute least to the distance (weight x squared difference),
 *   the heaviest weight first on ties.
 */
import type { Values } from './formulas';

export interface SimilarityFeature {
  /** column of player_profiles (raw value) and `z_{key}` (standardised) */
  key: string;
  /** what the reason says ("closest on rim frequency ...") */
  label: string;
  weight: number;
  /** how the raw value is shown: a percent or a rate per 100 possessions, or the position scale */
  format: 'percent' | 'rate' | 'position';
}

/** At least this many seconds on court (500 minutes) in the regular season for a profile. */
export const PROFILE_MIN_SECONDS = 30_000;

/** The profile: 15 features, their labels and weights (the guide lists the same table). */
export const SIMILARITY_FEATURES: readonly SimilarityFeature[] = [
  { key: 'usage', label: 'usage', weight: 1.5, format: 'percent' },
  { key: 'pts_per_100', label: 'points per 100 possessions', weight: 1, format: 'rate' },
  { key: 'ast_pct', label: 'assist rate', weight: 1.25, format: 'percent' },
  { key: 'tov_pct', label: 'turnover rate', weight: 0.75, format: 'percent' },
  { key: 'rim_freq', label: 'rim frequency', weight: 1, format: 'percent' },
  { key: 'smid_freq', label: 'short mid-range frequency', weight: 0.75, format: 'percent' },
  { key: 'lmid_freq', label: 'long mid-range frequency', weight: 0.75, format: 'percent' },
  { key: 'three_freq', label: 'three-point frequency', weight: 1, format: 'percent' },
  { key: 'ft_rate', label: 'free-throw attempt rate', weight: 0.75, format: 'percent' },
  { key: 'assisted_share', label: 'assisted share of makes', weight: 1, format: 'percent' },
  { key: 'orb_pct', label: 'offensive rebound rate', weight: 1, format: 'percent' },
  { key: 'drb_pct', label: 'defensive rebound rate', weight: 0.75, format: 'percent' },
  { key: 'blk_pct', label: 'block rate', weight: 0.75, format: 'percent' },
  { key: 'stl_pct', label: 'steal rate', weight: 0.5, format: 'percent' },
  { key: 'position_score', label: 'position estimate', weight: 1.5, format: 'position' },
];

export type FeatureVector = Record<string, number | null>;

/**
 * The raw features of a player-season from its values (playerValues of its sums), the assisted share (assisted
 * makes / makes, all zones) and the position estimate. Frequencies are shares of his FGA (percent).
 */
export function profileFeatures(v: Values, assistedMakes: number, positionScore: number): FeatureVector {
  const fgm = Number(v.fgm ?? 0);
  const share = (x: number | null | undefined) => (x === null || x === undefined ? null : x);
  return {
    usage: share(v.usage),
    pts_per_100: share(v.pts_per_100),
    ast_pct: share(v.ast_pct),
    // Feature keys name the stored profile's columns (player_profiles, built by the ingest), not metric columns:
    // turnovers per play (the column tov_play_pct) and FTA / FGA (fta_rate).
    tov_pct: share(v.tov_play_pct),
    rim_freq: share(v.rim_freq),
    smid_freq: share(v.smid_freq),
    lmid_freq: share(v.lmid_freq),
    three_freq: share(v.three_freq),
    ft_rate: share(v.fta_rate),
    assisted_share: fgm > 0 ? (100 * assistedMakes) / fgm : null,
    orb_pct: share(v.orb_pct),
    drb_pct: share(v.drb_pct),
    blk_pct: share(v.blk_pct),
    stl_pct: share(v.stl_pct),
    position_score: positionScore,
  };
}

/** Mean and population standard deviation of each feature over `rows` (nulls left out). */
export function featureMoments(rows: readonly FeatureVector[]): Record<string, { mean: number; sd: number }> {
  const out: Record<string, { mean: number; sd: number }> = {};
  for (const { key } of SIMILARITY_FEATURES) {
    const xs = rows.map((r) => r[key]).filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
    const mean = xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0;
    const sd = xs.length ? Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length) : 0;
    out[key] = { mean, sd };
  }
  return out;
}

/** z-scores of one profile against its season's moments (null stays null; a feature with no spread is 0). */
export function standardise(row: FeatureVector, moments: Record<string, { mean: number; sd: number }>): FeatureVector {
  const out: FeatureVector = {};
  for (const { key } of SIMILARITY_FEATURES) {
    const x = row[key];
    const m = moments[key]!;
    out[key] = typeof x !== 'number' || !Number.isFinite(x) ? null : m.sd > 0 ? (x - m.mean) / m.sd : 0;
  }
  return out;
}

/** A profile's z-scores in SIMILARITY_FEATURES order, NaN where missing: what distances are computed on. */
export function zVector(z: FeatureVector): Float64Array {
  return Float64Array.from(SIMILARITY_FEATURES, ({ key }) => {
    const x = z[key];
    return typeof x === 'number' && Number.isFinite(x) ? x : Number.NaN;
  });
}

const WEIGHTS = Float64Array.from(SIMILARITY_FEATURES, (f) => f.weight);

/** Each feature's part of the squared distance: weight x (z_a - z_b)^2 (0 when either is missing). */
export function contributions(a: Float64Array, b: Float64Array): number[] {
  return SIMILARITY_FEATURES.map((_, i) => {
    const d = a[i]! - b[i]!;
    return Number.isNaN(d) ? 0 : WEIGHTS[i]! * d * d;
  });
}

/** The weighted distance of two profiles (one loop: the view computes it for every profile of the league). */
export function distanceOf(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) {
    const d = a[i]! - b[i]!;
    if (!Number.isNaN(d)) sum += WEIGHTS[i]! * d * d;
  }
  return Math.sqrt(sum);
}

/** The `n` features that contribute least to the distance of a and b (heavier weight first on ties). */
export function closestFeatures(a: Float64Array, b: Float64Array, n = 2): SimilarityFeature[] {
  const parts = contributions(a, b);
  return SIMILARITY_FEATURES.map((f, i) => ({ f, c: parts[i]! }))
    .sort((x, y) => x.c - y.c || y.f.weight - x.f.weight)
    .slice(0, n)
    .map((x) => x.f);
}

/** "closest on rim frequency and assist rate" */
export function reasonOf(features: readonly SimilarityFeature[]): string {
  const labels = features.map((f) => f.label);
  const list = labels.length <= 1 ? labels.join('') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
  return `closest on ${list}`;
}
