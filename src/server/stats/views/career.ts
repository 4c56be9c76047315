/**
 * A player's career (the profile's career tables and "Career" rates table; reusable by server rendering and the
 * career chart): one row per season and season type he played, whatever the page's filters, and a total row per
 * season type labelled by the seasons it covers. Each row carries his box score summed from player_games (every
 * game, garbage time included: G, GS, minutes, the shooting, rebounds and the rest, +/-; src/lib/views/careerTables.ts
 * shows it per game, as totals, per 36 and per 100 possessions) and his rates over every possession (the
 * Players table's formulas). Each rate column carries `{key}_pct`: his percentile among the qualified players of
 * his position group in that season and season type (qualified: at least 10 % of his team's possessions, as on
 * the Players table).
 *
 * The pools (every player-season of the database) are computed once per stats file, on the scope of the first
 * read that needs them (entities/sharedLookup.ts); the box score is read per player. Every function reads through
 * the scope it is given: pages and endpoints reach them through the query queue (answers/reads.ts).
 */
import { ParamError, parseDataQuery } from '../../../lib/params/apiParams';
import {
  CAREER_BOX_KEYS,
  CAREER_MODES,
  careerTableCells,
  careerTotalLabel,
  DEFAULT_CAREER_MODE,
  isCareerMode,
  type CareerBox,
  type CareerLine,
} from '../../../lib/views/careerTables';
import { SEASONS, seasonLabel } from '../../../lib/filters/filterDefinitions';
import { onStatsDbChange, type Row, type StatsDb } from '../../db/statsDb';
import { PLAYER_COUNTERS, pick, type PlayerSums } from '../metrics/counters';
import { csvTextResponse, encodeCsv } from '../base/csvText';
import { ApiError } from '../base/errors';
import { playerValues, round, type Values } from '../metrics/formulas';
import { playerSumsBy } from '../sql/playerSums';
import { teamSumsBy } from '../sql/sums';
import { betterOf } from '../../../lib/tables/columnMeta';
import { sharedLookup } from '../entities/sharedLookup';
import { addPercentiles, teamAbbr } from './shared';

/** The "Career" rates table's rates, which carry percentiles. */
export const CAREER_RATE_KEYS = ['usage', 'psa', 'pts_per_100', 'ast_pct', 'tov_play_pct', 'efg_pct', 'fg3_pct', 'ft_pct'] as const;
export type CareerRateKey = (typeof CAREER_RATE_KEYS)[number];

/** A season (or career) line: the box score and its label (CareerLine), then his rates and their percentiles. */
export interface CareerRow extends CareerLine {
  /** main team that season; null on total rows */
  team: string | null;
  /** estimated position group that season ('point' | 'combo' | 'wing' | 'forward' | 'big'); null on total rows */
  position: string | null;
  values: Record<CareerRateKey, number | null>;
  /** percentile (0-100) in his position group that season; null on total rows and without a pool */
  percentiles: Record<CareerRateKey, number | null>;
  qualified: boolean;
}

export interface PlayerCareer {
  player_id: number;
  rows: CareerRow[];
  totals: CareerRow[];
}

const ALL_SEASONS = () =>
  parseDataQuery({ page: ['Players'], season: SEASONS.map(String), season_type: ['regular', 'playoffs'], is_garbage_time: ['false'] }).filters;

interface PoolRow extends Row {
  /** his summed counters (the totals rows add them up) */
  sums: PlayerSums;
  player_id: number;
  season: number;
  season_type: string;
  position: string;
  qualified: boolean;
  last_team_id: number;
}

const pools = new Map<string, Promise<Map<number, PoolRow[]>>>();
let poolsBuilt = false;
onStatsDbChange(() => {
  pools.clear();
  poolsBuilt = false;
});

/**
 * Whether the pools of the file served are built: a career is then two small reads of one player (the cheap lane
 * of the query queue); the first one builds the pools from every player-season (the heavy lane).
 */
export function careerPoolsBuilt(): boolean {
  return poolsBuilt;
}

/** Every player-season with its values and percentiles, by player id. */
function careerPools(db: StatsDb): Promise<Map<number, PoolRow[]>> {
  return sharedLookup(db, pools, 'pools', async () => {
    const built = await buildPools(db);
    poolsBuilt = true;
    return built;
  });
}

async function buildPools(db: StatsDb): Promise<Map<number, PoolRow[]>> {
  const f = ALL_SEASONS();
  const [sums, teamPoss, seasons] = await Promise.all([
    playerSumsBy(db, f, { groupBy: ['season', 'season_type', 'player_id'] }),
    teamSumsBy(db, f, { persp: 'offense', groupBy: ['season', 'season_type', 'team_id'] }),
    db.query<{ player_id: number; season: number; season_type: string; position: string; team_ids: number[]; games: number }>(
      'SELECT player_id, season, season_type, position, team_ids, games FROM player_seasons',
    ),
  ]);
  const key = (season: unknown, type: unknown, id: unknown) => `${Number(season)}|${String(type)}|${Number(id)}`;
  const poss = new Map(teamPoss.map((r) => [key(r.season, r.season_type, r.team_id), Number(r.possessions)]));
  const meta = new Map(seasons.map((s) => [key(s.season, s.season_type, s.player_id), s]));
  const rows: PoolRow[] = [];
  for (const r of sums) {
    if (Number(r.on_seconds) <= 0) continue;
    const m = meta.get(key(r.season, r.season_type, r.player_id));
    const sums = pick(r, PLAYER_COUNTERS);
    const v: Values = playerValues(sums);
    const teamPossessions = poss.get(key(r.season, r.season_type, r.last_team_id)) ?? Infinity;
    rows.push({
      ...v,
      sums,
      player_id: Number(r.player_id),
      season: Number(r.season),
      season_type: String(r.season_type),
      position: m?.position ?? '',
      team_ids: (m?.team_ids ?? []).map(Number),
      games: Number(m?.games ?? 0),
      last_team_id: Number(r.last_team_id),
      qualified: Number(r.off_poss) >= 0.1 * teamPossessions,
    });
  }
  // Pools: position group x season x season type.
  addPercentiles(
    rows,
    CAREER_RATE_KEYS.map((key) => ({ key, better: betterOf(key, 'Player') })),
    (r) => `${r.position}|${r.season}|${r.season_type}`,
    (r) => r.qualified === true,
  );
  const byPlayer = new Map<number, PoolRow[]>();
  for (const r of rows) {
    let list = byPlayer.get(r.player_id);
    if (!list) byPlayer.set(r.player_id, (list = []));
    list.push(r);
  }
  return byPlayer;
}

const pickRates = (r: Row, suffix = ''): Record<CareerRateKey, number | null> =>
  Object.fromEntries(CAREER_RATE_KEYS.map((k) => [k, typeof r[k + suffix] === 'number' ? (round(r[k + suffix] as number) as number) : null])) as Record<
    CareerRateKey,
    number | null
  >;

const NO_PERCENTILES = Object.fromEntries(CAREER_RATE_KEYS.map((k) => [k, null])) as Record<CareerRateKey, null>;

/** His box score per season and season type (player_games; poss is filled from the pools). */
async function boxScores(db: StatsDb, playerId: number): Promise<Map<string, CareerBox>> {
  const sums = CAREER_BOX_KEYS.filter((k) => k !== 'games' && k !== 'starts' && k !== 'sec' && k !== 'poss').map((k) => `sum(${k})::INTEGER AS ${k}`);
  const rows = await db.query(
    `SELECT season, season_type, count(*)::INTEGER AS games, sum(starter::INTEGER)::INTEGER AS starts, sum(seconds)::INTEGER AS sec, ${sums.join(', ')}
       FROM player_games WHERE player_id = $1 GROUP BY season, season_type`,
    [playerId],
  );
  return new Map(
    rows.map((r) => [
      `${Number(r.season)}|${String(r.season_type)}`,
      Object.fromEntries(CAREER_BOX_KEYS.map((k) => [k, Number(r[k] ?? 0)])) as unknown as CareerBox,
    ]),
  );
}

/**
 * His age per season: the league's bios state it for 2003-04 to 2019-20 (player_bios: whole years late in the
 * regular season; Stephen Curry, born in March, is 25 in 2012-13); a season outside them is his nearest stated age
 * moved by the seasons between, exact since the bios' reference date is the same every season (LeBron James: 35 in
 * 2019-20, so 38 in 2022-23). Null without bios.
 */
async function agesBySeason(db: StatsDb, playerId: number): Promise<(season: number) => number | null> {
  const rows = await db.query<{ season: number; age: number | null }>('SELECT season, age FROM player_bios WHERE player_id = $1 AND age IS NOT NULL', [
    playerId,
  ]);
  const stated = new Map(rows.map((r) => [Number(r.season), Math.floor(Number(r.age))]));
  if (stated.size === 0) return () => null;
  const seasons = [...stated.keys()];
  return (season) => {
    const nearest = seasons.reduce((a, b) => (Math.abs(b - season) < Math.abs(a - season) ? b : a));
    return stated.get(nearest)! + (season - nearest);
  };
}

const NO_BOX = Object.fromEntries(CAREER_BOX_KEYS.map((k) => [k, 0])) as unknown as CareerBox;

/** His career rows (newest first) and totals (regular season, then playoffs); 404 when he is unknown. */
export async function playerCareer(db: StatsDb, playerId: number): Promise<PlayerCareer> {
  const [known] = await db.query('SELECT 1 AS ok FROM players WHERE player_id = $1', [playerId]);
  if (!known) throw new ApiError(404, `No player with id ${playerId}`, 'player_id');
  return knownPlayerCareer(db, playerId);
}

/** playerCareer of a player the caller has already found (his page has read his record): no lookup again. */
export async function knownPlayerCareer(db: StatsDb, playerId: number): Promise<PlayerCareer> {
  const [byPlayer, box, ageIn] = await Promise.all([careerPools(db), boxScores(db, playerId), agesBySeason(db, playerId)]);
  const mine = [...(byPlayer.get(playerId) ?? [])].sort(
    (a, b) => b.season - a.season || (a.season_type === b.season_type ? 0 : a.season_type === 'playoffs' ? -1 : 1),
  );
  const rows: CareerRow[] = mine.map((r) => ({
    season: seasonLabel(r.season),
    label: seasonLabel(r.season),
    season_start: r.season,
    season_type: r.season_type as CareerRow['season_type'],
    team: teamAbbr(r.last_team_id),
    teams: (r.team_ids as number[]).map((id) => teamAbbr(id) ?? String(id)),
    age: ageIn(r.season),
    position: r.position || null,
    ...(box.get(`${r.season}|${r.season_type}`) ?? NO_BOX),
    poss: r.sums.off_poss,
    values: pickRates(r),
    percentiles: pickRates(r, '_pct'),
    qualified: r.qualified,
  }));
  const firstSeason = Math.min(...mine.map((r) => r.season));
  // Totals per season type: his counters summed over the seasons, then the same formulas.
  const totalRows: CareerRow[] = (['regular', 'playoffs'] as const).flatMap((type) => {
    const of = mine.filter((r) => r.season_type === type);
    if (of.length === 0) return [];
    const sums = { ...of[0]!.sums };
    for (const r of of.slice(1)) for (const k of PLAYER_COUNTERS) sums[k] += r.sums[k];
    const v = playerValues(sums);
    const shown = rows.filter((r) => r.season_type === type);
    const boxTotal = Object.fromEntries(CAREER_BOX_KEYS.map((k) => [k, shown.reduce((n, r) => n + r[k], 0)])) as unknown as CareerBox;
    return [
      {
        season: 'Career',
        label: careerTotalLabel(
          type,
          of.map((r) => r.season),
          firstSeason,
        ),
        season_start: null,
        season_type: type,
        team: null,
        teams: [
          ...new Set(
            shown
              .slice()
              .reverse()
              .flatMap((r) => r.teams),
          ),
        ],
        age: null,
        position: null,
        ...boxTotal,
        values: pickRates(v as Row),
        percentiles: { ...NO_PERCENTILES },
        qualified: false,
      },
    ];
  });
  return { player_id: playerId, rows, totals: totalRows };
}

/** His lines of one season type, as a career table shows them: seasons newest first, then the career row. */
export function careerLines(career: PlayerCareer, type: CareerRow['season_type']): CareerRow[] {
  return [...career.rows, ...career.totals].filter((r) => r.season_type === type);
}

/**
 * GET /api/player_career?player_id=&format=csv: one of his box-score tables as the profile shows it.
 *   season_type  regular (default) | playoffs
 *   mode         per_game (default) | totals | per_36 | per_100
 * Values rounded as shown (src/lib/views/careerTables.ts); a bad value is a 400 naming the key.
 */
export async function careerCsvDownload(career: PlayerCareer, params: URLSearchParams, request: Request): Promise<Response> {
  const type = params.get('season_type') ?? 'regular';
  if (type !== 'regular' && type !== 'playoffs') throw new ParamError('season_type', 'must be regular or playoffs');
  const mode = params.get('mode') ?? DEFAULT_CAREER_MODE;
  if (!isCareerMode(mode)) throw new ParamError('mode', `must be one of ${CAREER_MODES.map((m) => m.value).join(', ')}`);
  const { header, records } = careerTableCells(careerLines(career, type), mode);
  const fileName = `player-${career.player_id}_career_${mode.replace('_', '-')}_${type}.csv`;
  return csvTextResponse(encodeCsv(header, records), fileName, request);
}
