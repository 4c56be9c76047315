/**
 * GET /api/shots's domain function: the attempts of the same sample as GET /api/data (same page, entity, side
 * and filters): totals, the five zones with the league reference and percentiles, and bins to draw. Cached by
 * the normalised query like /api/data, through the same answers layer (src/server/stats/answers/answers.ts shotsAnswer).
 *
 * Whose shots: player pages, the player's; team pages, the team's (offense) or its opponents' (defense); game
 * pages, both teams' (and each team's in `by_team`); League, Players and Lineups, the league's.
 */
import type { AppliedFilters, DataQuery } from '../../../lib/params/apiParams';
import { seasonLabel } from '../../../lib/filters/filterDefinitions';
import { SHOT_ZONES, seasonHasLocations, type ShotSample, type ShotsResponse, type ShotZoneRow } from '../../../lib/views/shotZones';
import { teamByAbbr, teamByTeamId } from '../../../lib/league/franchises';
import type { Row, StatsDb } from '../../db/statsDb';
import { requireGame, requirePlayer } from '../entities/entities';
import { ApiError } from '../base/errors';
import { seasonTypesWithData, type Perspective } from '../sql/filterSql';
import { HEX_RADIUS, shotBins, type BinnedShots, type SubjectCondition } from './shotBins';
import { emptyCounts, shotPool, totalOf, zonePercentiles, type PoolKind, type ShotPool, type ZoneCounts } from './shotPool';
import { positionsIn } from '../views/shared';

interface Subject {
  filters: AppliedFilters;
  persp: Perspective;
  pool: PoolKind;
  /** the subject's key in the pool ('' for the league) */
  key: string;
  condition: SubjectCondition;
  byTeam: boolean;
  /** a game's teams, away first: the order of `by_team` (as "AWAY at HOME" reads) */
  teams?: [number, number];
}

const POSITION_GROUP_PLURALS: Record<string, string> = {
  point: 'point guards',
  combo: 'combo guards',
  wing: 'wings',
  forward: 'forwards',
  big: 'bigs',
};

async function subjectOf(db: StatsDb, q: DataQuery): Promise<Subject> {
  const f = q.filters;
  if (q.entity && q.page.startsWith('Player') && q.page !== 'Players') {
    const id = await requirePlayer(db, q.entity);
    return { filters: f, persp: 'offense', pool: 'player', key: String(id), condition: (b) => `s.player_id = ${b.bind(id)}`, byTeam: false };
  }
  if (q.entity && q.page.startsWith('Team')) {
    const team = teamByAbbr(q.entity);
    if (!team) throw new ApiError(404, `No team ${q.entity}`, 'entity');
    return { filters: f, persp: q.side, pool: 'team', key: String(team.teamId), condition: (b, t) => `${t} = ${b.bind(team.teamId)}`, byTeam: false };
  }
  if (q.entity && q.page.startsWith('Game')) {
    const game = await requireGame(db, q.entity);
    // A game's sample is its own season (the game views keep only time-within-game and lineup filters).
    const filters: AppliedFilters = { ...f, seasons: [game.season], seasonTypes: [game.season_type as 'regular'] };
    return {
      filters,
      persp: 'offense',
      pool: 'game',
      key: String(game.game_id),
      condition: (b) => `s.game_id = ${b.bind(game.game_id)}`,
      byTeam: true,
      teams: [game.away_team_id, game.home_team_id],
    };
  }
  return { filters: f, persp: q.side, pool: 'league', key: '', condition: () => '', byTeam: false };
}

const NO_CORNERS: ShotsResponse['corners'] = { left: { fga: 0, fgm: 0 }, right: { fga: 0, fgm: 0 } };

const pct = (num: number, den: number) => (den > 0 ? Math.round((1000 * num) / den) / 10 : null);

function zoneRows(counts: ZoneCounts, league: ZoneCounts, percentiles: Row | null): ShotZoneRow[] {
  const leagueFga = totalOf(league).fga;
  return SHOT_ZONES.map((zone) => ({
    zone,
    fga: counts[zone].fga,
    fgm: counts[zone].fgm,
    league_fga_share: pct(league[zone].fga, leagueFga),
    league_fg_pct: pct(league[zone].fgm, league[zone].fga),
    fg_pct_percentile: (percentiles?.[`${zone}_acc_pct`] as number | null | undefined) ?? null,
    fga_share_percentile: (percentiles?.[`${zone}_freq_pct`] as number | null | undefined) ?? null,
  }));
}

function sample(counts: ZoneCounts, league: ZoneCounts, percentiles: Row | null, binned: BinnedShots): ShotSample {
  return { ...totalOf(counts), zones: zoneRows(counts, league, percentiles), ...binned };
}

/** Percentile pools: players against their position group, teams against the 30 teams, a game's teams against the season's team-games. */
async function percentilesFor(db: StatsDb, s: Subject, pool: ShotPool, counts: ZoneCounts): Promise<{ row: Row | null; label: string | null }> {
  if (s.pool === 'league') return { row: null, label: null };
  if (s.pool === 'player') {
    const positions = await positionsIn(db, s.filters);
    const position = positions.get(Number(s.key)) ?? '';
    // In the pool: players with at least 1/1500 of the league's attempts in the sample (about 130 a season,
    // roughly the shots of a player on the floor for a tenth of his team's possessions).
    const min = totalOf(pool.league).fga / 1500;
    const row = zonePercentiles(
      counts,
      pool,
      (k) => positions.get(Number(k)) ?? '',
      position,
      (fga) => fga >= min && fga > 0,
    );
    return { row, label: position ? (POSITION_GROUP_PLURALS[position] ?? position) : null };
  }
  const row = zonePercentiles(
    counts,
    pool,
    () => '',
    '',
    (fga) => fga > 0,
  );
  return { row, label: s.pool === 'team' ? 'the 30 teams' : "the season's team-games" };
}

function seasonsWithoutLocations(f: AppliedFilters): string[] {
  const types = seasonTypesWithData(f);
  return f.seasons.flatMap((season) =>
    types.filter((t) => !seasonHasLocations(season, t)).map((t) => `${seasonLabel(season)} ${t === 'regular' ? 'regular season' : t}`),
  );
}

export async function computeShots(db: StatsDb, q: DataQuery): Promise<ShotsResponse> {
  const s = await subjectOf(db, q);
  const empty: ShotsResponse = {
    fga: 0,
    fgm: 0,
    zones: zoneRows(emptyCounts(), emptyCounts(), null),
    located_fga: 0,
    binning: 'points',
    bins: [],
    corners: NO_CORNERS,
    hex_radius: HEX_RADIUS,
    locations: 'none',
    seasons_without_locations: [],
    pool: null,
  };
  if (seasonTypesWithData(s.filters).length === 0) {
    return { ...empty, note: 'There is no preseason data: the league publishes no preseason play-by-play in this data set.' };
  }
  const [pool, binned] = await Promise.all([
    shotPool(db, s.filters, s.persp, s.pool),
    // The league's shots are not drawn (hundreds of thousands a season): zones only.
    s.pool === 'league' ? null : shotBins(db, s.filters, s.persp, s.condition, s.byTeam),
  ]);
  // The pool's groups come in no set order: a game's teams are put away first.
  const teamRank = (k: string) => s.teams?.indexOf(Number(k.split(':')[1])) ?? 0;
  const teamKeys = s.pool === 'game' ? [...pool.groups.keys()].filter((k) => k.startsWith(`${s.key}:`)).sort((a, b) => teamRank(a) - teamRank(b)) : [];
  const counts =
    s.pool === 'game'
      ? teamKeys.reduce((sum, k) => addCounts(sum, pool.groups.get(k)!), emptyCounts())
      : s.pool === 'league'
        ? pool.league
        : (pool.groups.get(s.key) ?? emptyCounts());
  const league = pool.league;
  const noBins: BinnedShots = { binning: 'hex', bins: [], located_fga: 0, corners: NO_CORNERS };
  const all = binned?.all ?? noBins;
  const { fga } = totalOf(counts);
  const { row, label } = s.pool === 'game' ? { row: null, label: null } : await percentilesFor(db, s, pool, counts);
  const answer: ShotsResponse = {
    ...sample(counts, league, row, all),
    hex_radius: HEX_RADIUS,
    locations: s.pool === 'league' ? locationsOfLeague(s.filters) : all.located_fga === 0 ? 'none' : all.located_fga < fga ? 'partial' : 'all',
    seasons_without_locations: seasonsWithoutLocations(s.filters),
    pool: label,
  };
  if (s.pool === 'game') {
    answer.pool = "the season's team-games";
    answer.by_team = await Promise.all(
      teamKeys.map(async (k) => {
        const teamId = k.split(':')[1]!;
        const c = pool.groups.get(k)!;
        const p = zonePercentiles(
          c,
          pool,
          () => '',
          '',
          (n) => n > 0,
        );
        return { team: teamByTeamId(Number(teamId))?.abbr ?? teamId, ...sample(c, league, p, binned?.teams.get(teamId) ?? noBins) };
      }),
    );
  }
  return answer;
}

function addCounts(a: ZoneCounts, b: ZoneCounts): ZoneCounts {
  const out = emptyCounts();
  for (const z of SHOT_ZONES) out[z] = { fga: a[z].fga + b[z].fga, fgm: a[z].fgm + b[z].fgm };
  return out;
}

function locationsOfLeague(f: AppliedFilters): ShotsResponse['locations'] {
  const missing = seasonsWithoutLocations(f).length;
  const total = f.seasons.length * seasonTypesWithData(f).length;
  return missing === 0 ? 'all' : missing === total ? 'none' : 'partial';
}
