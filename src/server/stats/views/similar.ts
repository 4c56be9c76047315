/**
 * Similar players: the ten players whose profiles lie nearest a player-season's, by the weighted,
 * season-standardised distance of src/server/stats/metrics/similarity.ts, each once, in his nearest season (a list
 * of ten seasons could name Domantas Sabonis five times beside Nikola Jokic). The profiles are built
 * by the ingest (player_profiles, src/server/statsSchema/playerProfiles.ts); they are read once per stats file
 * (about 9,000 rows) and ranked here for each request, so the age and minutes filters always yield a full ten
 * when that many profiles pass them. The player is never his own neighbour: none of his seasons is listed.
 */
import { seasonLabel } from '../../../lib/filters/filterDefinitions';
import { onStatsDbChange, type StatsDb } from '../../db/statsDb';
import { ApiError } from '../base/errors';
import { sharedLookup } from '../entities/sharedLookup';
import { closestFeatures, distanceOf, PROFILE_MIN_SECONDS, reasonOf, SIMILARITY_FEATURES, zVector, type FeatureVector } from '../metrics/similarity';
import { PLAYER_PROFILES_TABLE } from '../../statsSchema/playerProfiles';
import { playerNameMap, teamAbbr } from './shared';

export interface Profile {
  player_id: number;
  season: number;
  team_id: number;
  seconds: number;
  age: number | null;
  position: string;
  raw: FeatureVector;
  /** z-scores in SIMILARITY_FEATURES order (metrics/similarity.ts zVector) */
  z: Float64Array;
}

export interface SimilarFilters {
  /** the neighbour's age that season (inclusive); a profile without a published age is left out when set */
  ageMin: number | null;
  ageMax: number | null;
  /** the neighbour's minutes on court that season (garbage time left out), at least */
  minMinutes: number | null;
  limit: number;
}

export const DEFAULT_SIMILAR_LIMIT = 10;

export interface SimilarPlayer {
  rank: number;
  player_id: number;
  name: string;
  season: string;
  season_start: number;
  team: string | null;
  position: string;
  age: number | null;
  minutes: number;
  distance: number;
  /** the features that contribute least to the distance (keys), and the sentence */
  closest: string[];
  reason: string;
  features: FeatureVector;
}

export interface SimilarAnswer {
  player_id: number;
  name: string;
  season: string;
  season_start: number;
  /** null: no profile that season (fewer than the minimum minutes, or no regular season) */
  profile: { team: string | null; position: string; age: number | null; minutes: number; features: FeatureVector } | null;
  message: string | null;
  /** the seasons he has a profile in (start years), newest first */
  seasons: number[];
  features: { key: string; label: string; weight: number; format: string }[];
  similar: SimilarPlayer[];
}

const memo = new Map<string, Promise<Profile[]>>();
onStatsDbChange(() => memo.clear());

/** Every profile of the stats file (memoised). */
export function allProfiles(db: StatsDb): Promise<Profile[]> {
  return sharedLookup(db, memo, 'all', async () => {
    const rows = await db.query(`SELECT * FROM ${PLAYER_PROFILES_TABLE} ORDER BY season, player_id`);
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return rows.map((r) => ({
      player_id: Number(r.player_id),
      season: Number(r.season),
      team_id: Number(r.team_id),
      seconds: Number(r.seconds),
      age: num(r.age),
      position: String(r.position),
      raw: Object.fromEntries(SIMILARITY_FEATURES.map((f) => [f.key, num(r[f.key])])),
      z: zVector(Object.fromEntries(SIMILARITY_FEATURES.map((f) => [f.key, num(r[`z_${f.key}`])]))),
    }));
  });
}

const passes = (p: Profile, f: SimilarFilters) =>
  (f.minMinutes === null || p.seconds >= f.minMinutes * 60) &&
  (f.ageMin === null || (p.age !== null && p.age >= f.ageMin)) &&
  (f.ageMax === null || (p.age !== null && p.age <= f.ageMax));

/**
 * The nearest profiles to `target` among `pool` (other players only, filters applied), one per player (his nearest
 * season), nearest first, ties by id and season.
 */
export function nearestProfiles(target: Profile, pool: readonly Profile[], f: SimilarFilters): { p: Profile; d: number }[] {
  const ranked = pool
    .filter((p) => p.player_id !== target.player_id && passes(p, f))
    .map((p) => ({ p, d: distanceOf(target.z, p.z) }))
    .sort((a, b) => a.d - b.d || a.p.player_id - b.p.player_id || a.p.season - b.p.season);
  const listed = new Set<number>();
  const out: { p: Profile; d: number }[] = [];
  for (const n of ranked) {
    if (listed.has(n.p.player_id)) continue;
    listed.add(n.p.player_id);
    out.push(n);
    if (out.length === f.limit) break;
  }
  return out;
}

/** The similar players of a player-season (season: start year; null: his latest profiled season). 404 for an unknown player. */
export async function similarPlayers(db: StatsDb, playerId: number, season: number | null, f: SimilarFilters): Promise<SimilarAnswer> {
  const [profiles, names] = await Promise.all([allProfiles(db), playerNameMap(db)]);
  const name = names.get(playerId);
  if (name === undefined) throw new ApiError(404, `No player with id ${playerId}`, 'player');
  const his = profiles.filter((p) => p.player_id === playerId).sort((a, b) => b.season - a.season);
  const chosen = season ?? his[0]?.season ?? null;
  const target = his.find((p) => p.season === chosen) ?? null;
  const features = SIMILARITY_FEATURES.map(({ key, label, weight, format }) => ({ key, label, weight, format }));
  const base = {
    player_id: playerId,
    name,
    season: chosen === null ? '' : seasonLabel(chosen),
    season_start: chosen ?? 0,
    seasons: his.map((p) => p.season),
    features,
  };
  if (!target) {
    const message =
      chosen === null
        ? `${name} has no season with ${PROFILE_MIN_SECONDS / 60} regular-season minutes: no profile to compare.`
        : `${name} has no profile in ${seasonLabel(chosen)}: a profile needs ${PROFILE_MIN_SECONDS / 60} regular-season minutes (garbage time left out).`;
    return { ...base, profile: null, message, similar: [] };
  }
  const similar = nearestProfiles(target, profiles, f).map(({ p, d }, i) => {
    const closest = closestFeatures(target.z, p.z);
    return {
      rank: i + 1,
      player_id: p.player_id,
      name: names.get(p.player_id) ?? String(p.player_id),
      season: seasonLabel(p.season),
      season_start: p.season,
      team: teamAbbr(p.team_id),
      position: p.position,
      age: p.age,
      minutes: Math.round(p.seconds / 60),
      distance: Math.round(d * 1000) / 1000,
      closest: closest.map((c) => c.key),
      reason: reasonOf(closest),
      features: p.raw,
    };
  });
  return {
    ...base,
    profile: { team: teamAbbr(target.team_id), position: target.position, age: target.age, minutes: Math.round(target.seconds / 60), features: target.raw },
    message: null,
    similar,
  };
}
