/**
 * Random legal stats queries, drawn with a seed from the filter model itself (src/lib/filters/filterDefinitions.ts FILTERS, the
 * page kinds, their relevant filters, metric sets and sides), with entities and lineup players from the
 * database's own rosters: a filter added to the model is drawn without editing this file. Used by
 * `npm run bench:random` and by the test that compares the plan's fast and reference paths
 * (tests/api/planPaths.test.ts).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { DATA_PAGE_KINDS, entityKindOf, type DataPageKind } from '../../src/lib/params/apiParams.ts';
import { FILTERS, type FilterDefinition } from '../../src/lib/filters/filterDefinitions.ts';
import { relevantFilters } from '../../src/lib/filters/filterValues.ts';
import { COMPACT, FORM_KEY } from '../../src/lib/tables/compactAnswer.ts';
import { metricSetOptions } from '../../src/lib/tables/metricSets.ts';
import { PAGE_KINDS_WITHOUT_SIDE } from '../../src/lib/site/pageKinds.ts';
import { teamByTeamId } from '../../src/lib/league/franchises.ts';

/** mulberry32: a small seeded generator, so that a run can be repeated exactly. */
export function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const some = <T>(xs: readonly T[], max: number): T[] => [...new Set(Array.from({ length: int(1, Math.min(max, xs.length)) }, () => pick(xs)))];
  return { next, int, pick, some };
}
export type Rng = ReturnType<typeof generator>;

/** What the database offers to draw from: team-seasons with their players, games by season. */
export interface Rosters {
  /** the seasons of the database, in order */
  seasons: number[];
  teamSeasons: { season: number; teamId: number; players: number[] }[];
  games: { season: number; code: string }[];
}

export async function loadRosters(c: DuckDBConnection): Promise<Rosters> {
  const ts = await c.runAndReadAll(`SELECT season, team_id, list(player_id ORDER BY seconds DESC, player_id)[1:12] AS players
      FROM (SELECT season, team_id, player_id, sum(seconds) AS seconds FROM player_games WHERE season_type = 'regular' GROUP BY ALL)
     GROUP BY ALL ORDER BY season, team_id`);
  // The same 2,000 games every run (a seed draws the same queries): ordered by a hash of the id, not sampled.
  const games = await c.runAndReadAll(`SELECT season, lpad(CAST(game_id AS VARCHAR), 10, '0') AS code FROM games ORDER BY hash(game_id), game_id LIMIT 2000`);
  const seasons = [...new Set(ts.getRowObjectsJS().map((r) => Number(r.season)))].sort((a, b) => a - b);
  return {
    seasons,
    teamSeasons: ts.getRowObjectsJS().map((r) => ({ season: Number(r.season), teamId: Number(r.team_id), players: (r.players as unknown[]).map(Number) })),
    games: games.getRowObjectsJS().map((r) => ({ season: Number(r.season), code: String(r.code) })),
  };
}

/** A legal value of one filter as query-string pairs (the API's wire format, src/lib/filters/filterDefinitions.ts). */
export function drawFilter(def: FilterDefinition, rng: Rng, seasons: number[], roster: number[], teams: string[]): [string, string][] {
  switch (def.type) {
    case 'multi':
      return rng.some(def.options, 2).map((v) => [def.apiKey, String(v)]);
    case 'range': {
      const steps = Math.floor((def.max - def.min) / def.step);
      const a = def.min + rng.int(0, steps) * def.step;
      const b = def.min + rng.int(0, steps) * def.step;
      return [
        [`${def.apiKey}_low`, String(Math.min(a, b))],
        [`${def.apiKey}_high`, String(Math.max(a, b))],
      ];
    }
    case 'date': {
      const season = rng.pick(seasons);
      const month = rng.pick([11, 12, 1, 2, 3]);
      const year = month >= 10 ? season : season + 1;
      return [[def.apiKey, `${year}-${String(month).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`]];
    }
    case 'boolean':
      return [[def.apiKey, rng.next() < 0.5 ? 'true' : 'false']];
    case 'choice':
      return [[def.apiKey, rng.pick(def.options)]];
    case 'teams':
      return rng.some(teams, 2).map((t) => [def.apiKey, t]);
    case 'players':
      return roster.length ? rng.some(roster, 2).map((p) => [def.apiKey, String(p)]) : [];
  }
}

const ALL_TEAMS = [...new Set(Array.from({ length: 30 }, (_, i) => teamByTeamId(1610612737 + i)?.abbr).filter((x): x is string => !!x))];

/** What a draw may pick from: some page kinds, some filters (default: all). */
export interface DrawOptions {
  pages?: readonly DataPageKind[];
  filters?: (def: FilterDefinition) => boolean;
}

/** One random legal query: the path of /api/data, its page kind. */
export function drawQuery(rng: Rng, db: Rosters, only: DrawOptions = {}): { page: DataPageKind; url: string } {
  const page = rng.pick(only.pages ?? DATA_PAGE_KINDS);
  const kind = entityKindOf(page);
  // A span of consecutive seasons of the database (all twenty on the full one).
  const span = rng.int(1, db.seasons.length);
  const first = rng.int(0, db.seasons.length - span);
  let seasons = db.seasons.slice(first, first + span);
  const pairs: [string, string][] = [['page', page]];
  // The entity comes from a team-season of the span: its roster feeds the lineup filters.
  const ts = rng.pick(db.teamSeasons.filter((t) => seasons.includes(t.season)));
  if (kind === 'team') pairs.push(['entity', teamByTeamId(ts.teamId)!.abbr]);
  if (kind === 'player') pairs.push(['entity', String(rng.pick(ts.players.slice(0, 8)))]);
  if (kind === 'game') {
    const g = rng.pick(db.games);
    pairs.push(['entity', g.code]);
    seasons = [g.season];
  }
  const side = PAGE_KINDS_WITHOUT_SIDE.has(page) ? null : rng.pick(['offense', 'defense'] as const);
  if (side) pairs.push(['side', side]);
  const sets = metricSetOptions(page, side ?? 'offense');
  if (sets.length) pairs.push(['metric_set', rng.pick(sets).value]);
  const relevant = new Set(relevantFilters(page));
  if (relevant.has('Season')) for (const s of seasons) pairs.push(['season', String(s)]);
  const candidates = FILTERS.filter((f) => relevant.has(f.name) && f.name !== 'Season' && (only.filters?.(f) ?? true));
  const count = rng.int(0, Math.min(3, candidates.length));
  for (const def of rng.some(candidates, Math.max(1, count)).slice(0, count)) pairs.push(...drawFilter(def, rng, seasons, ts.players, ALL_TEAMS));
  // Legal means From before To (the API refuses the other order with a 400).
  const from = pairs.find(([k]) => k === 'start_date');
  const to = pairs.find(([k]) => k === 'end_date');
  if (from && to && from[1] > to[1]) [from[1], to[1]] = [to[1], from[1]];
  // The answer's form the site's table asks for (src/stores/statsApp.ts).
  pairs.push([FORM_KEY, COMPACT]);
  return { page, url: `/api/data?${new URLSearchParams(pairs).toString()}` };
}
