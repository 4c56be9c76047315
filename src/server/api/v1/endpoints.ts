/**
 * The endpoints of /api/v1: ONE list, read by the router (router.ts: matching, parameters, cost) and by the
 * OpenAPI generator (openapi.ts: paths, parameters, answers). Every endpoint answers with the site's own
 * builders, entered as /api/data enters them: through the stats server's request and answers layers
 * (stats/request/, stats/answers/answers.ts and reads.ts: the query queue, its lanes, per-client cap and timeout),
 * never a module below them (tests/unit/server/stats/layers.test.ts); and search. One filter model, one
 * implementation.
 */
import '../../../lib/params/zodSetup';
import { z } from 'zod';
import {
  appliedFilterQuery,
  DATA_PAGE_KINDS,
  entityKindOf,
  ParamError,
  parseDataQuery,
  rawQueryFromSearchParams,
  type DataQuery,
} from '../../../lib/params/apiParams';
import { relevantFilters } from '../../../lib/filters/filterValues';
import { hasLineupUnits } from '../../../lib/views/lineupUnits';
import { FILTERS, latestSeason } from '../../../lib/filters/filterDefinitions';
import { columnsOf, metricSetDefinitions } from '../../../lib/tables/metricSets';
import { PAGE_KINDS_WITHOUT_SIDE, SIDES } from '../../../lib/site/pageKinds';
import { parseSearchParams, SEARCH_MAX_LIMIT } from '../../../lib/params/searchParams';
import { answerObject } from '../../stats/answers/answers';
import { parseWowyQuery, wowyKeysSchema } from '../../../lib/views/wowy';
import { parseTeamsTableQuery } from '../../../lib/params/teamsTableParams';
import { laneOf } from '../../stats/answers/cost';
import { csvDownload, parseCsvOptions, parseFormat, wowyCsvDownload } from '../../stats/answers/csv';
import {
  ApiError,
  careerCsvDownload,
  gameDetails,
  gamePossessions,
  playerCareer,
  playerDetails,
  playerRapm,
  rapmCsvDownload,
  rapmLeaderboard,
  shotsObject,
  similarPlayers,
  teamsTable,
  wowyObject,
} from '../../stats/answers/reads';
import { assertFiltersAllowed } from '../../stats/request/gating';
import { search } from '../../search';
import { config } from '../../config';
import { careerWithAliases, compareWithAliases, tableRowsWithAliases } from './aliases';
import {
  CareerAnswer,
  CompareAnswer,
  GameAnswer,
  MetricSetsAnswer,
  PlayerAnswer,
  PlayerRapmAnswer,
  PossessionsAnswer,
  RapmAnswer,
  SearchAnswer,
  ShotsAnswer,
  SimilarAnswer,
  TableAnswer,
  TeamsAnswer,
  WowyAnswerSchema,
} from './schemas';
import { parseRapmParams, rapmParamsSchema, RAPM_SORTS } from '../../../lib/params/rapmParams';
import { POSITION_GROUPS } from '../../../lib/league/positionGroups';
import { compare, compareSetOf, playersQueryOf } from '../../stats/answers/compare';
import { compareRequestOf } from '../../stats/request/compareRequest';
import { parseStatsQuery } from '../../stats/request/request';
import { parseSimilarApiParams, SIMILAR_MAX_LIMIT } from '../../../lib/params/similarParams';
import { MAX_COMPARED } from '../../../lib/views/compare';
import { finderEndpoint } from './finderEndpoint';
import type { V1Endpoint, V1Request } from './endpointTypes';

export type { V1Call, V1Endpoint, V1Request } from './endpointTypes';

const playerIdParam = z.object({
  player_id: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a player id (digits)')
    .describe('The player id (the league person id).'),
});
const gameIdParam = z.object({
  game_id: z
    .string()
    .regex(/^\d{10}$/, "must be the league's 10-digit game id, e.g. 0022200001")
    .describe("The league's 10-digit game id."),
});

/** Whether the answer should be CSV: format=csv, or Accept: text/csv without a format. */
export function wantsCsv(r: Pick<V1Request, 'url' | 'request'>): boolean {
  if (r.url.searchParams.has('format')) return parseFormat(r.url.searchParams) === 'csv';
  return /\btext\/csv\b/.test(r.request.headers.get('accept') ?? '');
}

/** The documented query of /api/v1/table: generated from the filter definitions (src/lib/filters/filterDefinitions.ts). */
function tableQueryDoc(): z.ZodObject {
  return z.object({
    page: z
      .enum(DATA_PAGE_KINDS as [string, ...string[]])
      .describe("The page kind: League, Players, Lineups, TeamPlayers, PlayerGameLog, GamePlayers ... (the site's pages)."),
    entity: z.string().optional().describe('Player id, team abbreviation or game id, for page kinds about one (Player*, Team*, Game*).'),
    side: z.enum(SIDES).optional().describe('offense (default) or defense.'),
    metric_set: z.string().optional().describe("The metric set (see /api/v1/metric_sets); default the view's first."),
    min_poss: z
      .string()
      .regex(/^\d+$/)
      .optional()
      .describe(
        'Minimum possessions of a lineup row (lineup pages), a ranked player, or a listed on/off row (on/off pages: rows below come with qualified false).',
      ),
    unit: z
      .enum(['5', '4', '3', '2'])
      .optional()
      .describe('Lineup pages: players per unit, 5 (default: the lineups) or a 4-, 3- or 2-man unit (rows carry `unit`, its player ids joined by -).'),
    format: z.enum(['json', 'csv']).optional().describe("csv: the table as the site's CSV download."),
    ...filterKeysDoc(),
  });
}

/** The documented query of /api/v1/teams/{abbr}/with_without: the matrix's keys (src/lib/views/wowy.ts), side and the filters. */
function wowyQueryDoc(): z.ZodObject {
  return z.object({
    n: z
      .string()
      .regex(/^\d+$/)
      .optional()
      .describe(wowyKeysSchema.shape.n.description ?? ''),
    four_factors: z
      .enum(['true', 'false'])
      .optional()
      .describe(wowyKeysSchema.shape.four_factors.description ?? ''),
    side: z.enum(SIDES).optional().describe('CSV: the side whose four factors it carries (offense, the default, or defense). The JSON carries both.'),
    format: z.enum(['json', 'csv']).optional().describe("csv: one line per pair, as the site's download."),
    ...filterKeysDoc(),
  });
}

/** The documented filter keys of a stats query, from the filter definitions. */
function filterKeysDoc(): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const f of FILTERS) {
    const paid = f.requiresAuth ? ' Needs a key of an active Stats plan.' : '';
    if (f.type === 'range') {
      shape[`${f.apiKey}_low`] = z
        .string()
        .regex(/^-?\d+$/)
        .optional()
        .describe(`${f.label}: lower bound (${f.min} to ${f.max}).${paid}`);
      shape[`${f.apiKey}_high`] = z
        .string()
        .regex(/^-?\d+$/)
        .optional()
        .describe(`${f.label}: upper bound (${f.min} to ${f.max}).${paid}`);
    } else if (f.type === 'date') shape[f.apiKey] = z.iso.date().optional().describe(`${f.label}: YYYY-MM-DD.${paid}`);
    else if (f.type === 'boolean')
      shape[f.apiKey] = z
        .enum(['true', 'false'])
        .optional()
        .describe(`${f.label} (default ${String(f.default)}).${paid}`);
    else if (f.type === 'choice')
      shape[f.apiKey] = z
        .enum(f.options as unknown as [string, ...string[]])
        .optional()
        .describe(`${f.label} (default ${f.default}).${paid}`);
    else if (f.type === 'multi')
      shape[f.apiKey] = z
        .array(z.string())
        .optional()
        .describe(`${f.label}: one or more of ${f.options.slice(0, 6).join(', ')}${f.options.length > 6 ? ' ...' : ''}; repeat the key for several.${paid}`);
    else
      shape[f.apiKey] = z
        .array(z.string())
        .optional()
        .describe(`${f.label}: ${f.type === 'teams' ? 'team abbreviations' : 'player ids'}; repeat the key for several.${paid}`);
  }
  return shape;
}

/** Gate a query's filters on the key's plan (403), with v1's wording for a call without a key. */
function gateForKey(q: Pick<DataQuery, 'filters'>, r: V1Request): void {
  try {
    assertFiltersAllowed(q, r.session);
  } catch (error) {
    if (!(error instanceof ApiError) || r.session) throw error;
    throw new ApiError(
      403,
      `${error.message.replace(/^Sign in with an active Stats plan to use these filters: /, 'These filters need a key of an active Stats plan (Authorization: Bearer ...): ').replace('Anonymous users', 'Without a key you')}`,
      error.param,
    );
  }
}

/** The query keys of a filter (a range's two bounds). */
const filterKeys = (f: (typeof FILTERS)[number]): string[] => (f.type === 'range' ? [`${f.apiKey}_low`, `${f.apiKey}_high`] : [f.apiKey]);

/**
 * The keys a page kind takes on /api/v1/table and /api/v1/shots: page, format and metric_set always; entity only on
 * pages about one player, team or game; side where the page has one; unit on lineup pages; min_poss; the filters
 * the page kind applies (src/lib/filters/filterValues.ts relevantFilters: a game's table takes no season).
 */
function keysOfPage(page: DataQuery['page'], table: boolean): string[] {
  return [
    'page',
    ...(table ? ['format', 'metric_set', 'min_poss'] : []),
    ...(entityKindOf(page) === 'none' ? [] : ['entity']),
    ...(PAGE_KINDS_WITHOUT_SIDE.has(page) ? [] : ['side']),
    ...(table && hasLineupUnits(page) ? ['unit'] : []),
    ...FILTERS.filter((f) => relevantFilters(page).includes(f.name)).flatMap(filterKeys),
  ];
}

/**
 * A key the page kind does not take is a 400 naming it and listing what it takes: the site's pages drop such keys,
 * but an API client that sends `page=Lineups&entity=DEN` means DEN's lineups and would otherwise get the league's.
 */
function refuseForeignKeys(r: V1Request, page: DataQuery['page'], table: boolean): void {
  const takes = keysOfPage(page, table);
  for (const key of new Set(r.url.searchParams.keys())) {
    if (!takes.includes(key)) throw new ParamError(key, `is not a parameter of page ${page}, which takes: ${takes.join(', ')}`);
  }
}

/** The table query of a request: parsed (400 naming the bad key), gated on the key's plan (403), one metric set. */
function tableQuery(r: V1Request): DataQuery {
  const raw = rawQueryFromSearchParams(r.url.searchParams);
  delete raw.format;
  const q = parseDataQuery(raw);
  refuseForeignKeys(r, q.page, true);
  gateForKey(q, r);
  const sets = metricSetDefinitions(q.page, q.side);
  if (!q.metricSet && sets.length === 0) throw new ParamError('page', `has no tables (${q.page})`);
  return { ...q, metricSet: q.metricSet ?? sets[0]!.value };
}

const costOf = (q: DataQuery) => (laneOf(q) === 'heavy' ? config.apiQuota.heavyCost : 1);

const column = (c: { key: string; label: string; format: string; definition: string }) => ({
  key: c.key,
  label: c.label,
  format: c.format,
  definition: c.definition,
});

export const ENDPOINTS: readonly V1Endpoint[] = [
  {
    path: '/api/v1/table',
    summary: 'A stats table',
    description:
      'The table of any stats page with any filters: the same numbers as the site. Paid filters (everything but season, season type, dates and garbage time) need a key of an active Stats plan. ' +
      'A heavy query (many seasons, possession-level filters, league-wide views) counts more against the quotas.',
    query: tableQueryDoc(),
    answer: TableAnswer,
    csv: true,
    prepare: (r) => {
      const q = tableQuery(r);
      return {
        cost: costOf(q),
        run: async () => {
          if (wantsCsv(r)) return csvDownload(q, parseCsvOptions(r.url.searchParams, q), r.asker, r.request);
          const response = await answerObject(q, r.asker);
          const set = metricSetDefinitions(q.page, q.side).find((d) => d.value === q.metricSet)!;
          return {
            page: q.page,
            entity: q.entity,
            side: q.side,
            filters: appliedFilterQuery(q.filters),
            metric_set: set.value,
            guide: r.guideOf(set.value),
            ...(response.note ? { note: response.note } : {}),
            ...(response.belowMin ? { below_min: response.belowMin } : {}),
            columns: columnsOf(set).map(column),
            rows: tableRowsWithAliases(set.base, response.data[set.value] ?? []),
          };
        },
      };
    },
  },
  {
    path: '/api/v1/shots',
    summary: 'Shots by zone',
    description:
      "The shots of a page's sample (a player, a team, a lineup filter, a game ...) by zone with percentiles, and hexagonal bins for a chart. The same query and gating as /api/v1/table.",
    query: tableQueryDoc().omit({ format: true, metric_set: true, min_poss: true, unit: true }),
    answer: ShotsAnswer,
    csv: false,
    prepare: (r) => {
      // The query /api/shots reads (request.ts parseStatsQuery: no metric set added, so the same cached answer),
      // gated on the key's plan.
      const q = parseStatsQuery(r.url.searchParams);
      refuseForeignKeys(r, q.page, false);
      gateForKey(q, r);
      return { cost: costOf(q), run: () => shotsObject(q, r.asker) };
    },
  },
  {
    path: '/api/v1/teams',
    summary: 'Every team',
    description: "Every team's record, ratings, four factors and shot profile on both sides, for the seasons and season types asked (the site's teams table).",
    query: z.object({
      season: z.array(z.string()).optional().describe('Seasons (2022-23 or 2022); repeat the key for several; default the latest.'),
      season_type: z.array(z.string()).optional().describe('regular (default) and/or playoffs.'),
      is_garbage_time: z.enum(['true', 'false']).optional().describe('Leave garbage time out (default true).'),
    }),
    answer: TeamsAnswer,
    csv: false,
    prepare: (r) => {
      // The API's keys, as the teams page's parser reads them (its URL keys).
      const PAGE_KEYS: Record<string, string> = { season: 'season', season_type: 'seasonType', is_garbage_time: 'isGarbageTime' };
      const page = new URLSearchParams();
      for (const [k, v] of r.url.searchParams) if (PAGE_KEYS[k]) page.append(PAGE_KEYS[k], v);
      const q = parseTeamsTableQuery(page);
      return { cost: 1, run: () => teamsTable(r.asker, q.filters) };
    },
  },
  {
    path: '/api/v1/teams/{abbr}/with_without',
    summary: "A team's two-man with/without matrix",
    description:
      "For the team's top n players by minutes in the sample, every pair's possessions and ratings with both on the floor, each without the other, and both off (the site's With/Without tab). " +
      "The same filters and gating as /api/v1/table; answered in one query over the team's possessions.",
    params: z.object({
      abbr: z
        .string()
        .regex(/^[A-Za-z]{2,4}$/, 'must be a team abbreviation')
        .describe("The team's abbreviation (historical ones too, e.g. NJN)."),
    }),
    query: wowyQueryDoc(),
    answer: WowyAnswerSchema,
    csv: true,
    prepare: (r) => {
      const raw = rawQueryFromSearchParams(r.url.searchParams);
      delete raw.format;
      raw.team = [r.params.abbr!];
      const q = parseWowyQuery(raw);
      gateForKey(q, r);
      return {
        cost: q.filters.seasons.length > 3 ? config.apiQuota.heavyCost : 1,
        run: async () => (wantsCsv(r) ? wowyCsvDownload(q, r.asker, r.request) : wowyObject(q, r.asker)),
      };
    },
  },
  {
    path: '/api/v1/metric_sets',
    summary: 'Metric sets of a page kind',
    description: "The metric sets a page kind offers on a side, with every column's label, format and definition.",
    query: z.object({
      page: z.enum(DATA_PAGE_KINDS as [string, ...string[]]).describe('The page kind.'),
      side: z.enum(SIDES).optional().describe('offense (default) or defense.'),
    }),
    answer: MetricSetsAnswer,
    csv: false,
    prepare: (r) => {
      const page = r.url.searchParams.get('page') ?? '';
      if (!(DATA_PAGE_KINDS as string[]).includes(page)) throw new ParamError('page', page ? 'is not a stats page kind' : 'is required');
      const side = (r.url.searchParams.get('side') ?? 'offense') as 'offense' | 'defense';
      if (!SIDES.includes(side)) throw new ParamError('side', 'must be offense or defense');
      return {
        cost: 1,
        run: async () => ({
          page,
          side,
          sets: metricSetDefinitions(page as DataQuery['page'], side).map((d) => ({
            value: d.value,
            label: d.label,
            group: d.group,
            layout: d.layout,
            guide: r.guideOf(d.value),
            columns: columnsOf(d).map(column),
          })),
        }),
      };
    },
  },
  {
    path: '/api/v1/players/{player_id}',
    summary: 'A player',
    description: 'His name, teams and seasons (regular season and playoffs), with his estimated position each season.',
    params: playerIdParam,
    answer: PlayerAnswer,
    csv: false,
    prepare: (r) => ({ cost: 1, run: () => playerDetails(r.asker, Number(r.params.player_id)) }),
  },
  {
    path: '/api/v1/players/{player_id}/career',
    summary: "A player's career",
    description: 'His box-score totals and rates per season and career, regular season and playoffs apart (playoffs before 2013-14 are not in the data).',
    params: playerIdParam,
    query: z.object({
      format: z.enum(['json', 'csv']).optional(),
      season_type: z.enum(['regular', 'playoffs']).optional().describe('CSV: which table (default regular).'),
      mode: z.enum(['per_game', 'totals', 'per_36', 'per_100']).optional().describe('CSV: per game (default), totals, per 36 minutes or per 100 possessions.'),
    }),
    answer: CareerAnswer,
    csv: true,
    prepare: (r) => ({
      cost: 1,
      run: async () => {
        const career = await playerCareer(r.asker, Number(r.params.player_id));
        return wantsCsv(r) ? careerCsvDownload(career, r.url.searchParams, r.request) : careerWithAliases(career);
      },
    }),
  },
  {
    path: '/api/v1/players/{player_id}/rapm',
    summary: "A player's RAPM",
    description:
      'His regularised adjusted plus-minus, offense and defense, per season and over three-season windows, with his rank and percentiles among the players of each fit with at least 2,000 possessions per season (guide: /stats/guides/rapm).',
    params: playerIdParam,
    answer: PlayerRapmAnswer,
    csv: false,
    prepare: (r) => ({ cost: 1, run: () => playerRapm(r.asker, Number(r.params.player_id)) }),
  },
  {
    path: '/api/v1/rapm',
    summary: 'RAPM leaderboard',
    description:
      'Regularised adjusted plus-minus of one season or of the three-season window ending at it: every player at or above the minimum possessions, with ranks and percentiles among them (every position; the position filter narrows the rows). ' +
      'The method and its out-of-sample check: /stats/guides/rapm.',
    query: z.object({
      season: z
        .string()
        .regex(/^\d{4}$/)
        .optional()
        .describe(rapmParamsSchema.shape.season.description!),
      span: z.enum(['1', '3']).optional().describe(rapmParamsSchema.shape.span.description!),
      min_poss: z.string().regex(/^\d+$/).optional().describe(rapmParamsSchema.shape.min_poss.description!),
      position: z.enum(POSITION_GROUPS).optional().describe(rapmParamsSchema.shape.position.description!),
      sort: z.enum(RAPM_SORTS).optional().describe(rapmParamsSchema.shape.sort.description!),
      order: z.enum(['desc', 'asc']).optional().describe(rapmParamsSchema.shape.order.description!),
      format: z.enum(['json', 'csv']).optional().describe("csv: the rows as the site's CSV download."),
    }),
    answer: RapmAnswer,
    csv: true,
    prepare: (r) => {
      const parsed = parseRapmParams(r.url.searchParams);
      if (!parsed.ok) throw new ParamError(parsed.param, parsed.message);
      return {
        cost: 1,
        run: async () => {
          const board = await rapmLeaderboard(r.asker, parsed.params);
          return wantsCsv(r) ? rapmCsvDownload(board, r.request) : board;
        },
      };
    },
  },
  {
    path: '/api/v1/games/{game_id}',
    summary: "A game's box score",
    description: "Both teams' box scores (every player and the team totals, which equal the final score), the score by period, the starters.",
    params: gameIdParam,
    answer: GameAnswer,
    csv: false,
    prepare: (r) => ({ cost: 1, run: () => gameDetails(r.asker, r.params.game_id!) }),
  },
  {
    path: '/api/v1/games/{game_id}/possessions',
    summary: "A game's possessions",
    description: 'Every possession of the game in order, with the ten players on the floor and what the offense did.',
    params: gameIdParam,
    answer: PossessionsAnswer,
    csv: false,
    prepare: (r) => ({ cost: 1, run: () => gamePossessions(r.asker, r.params.game_id!) }),
  },
  {
    path: '/api/v1/search',
    summary: 'Search players',
    description: 'Players whose name matches the query (accents and case ignored), best first. An empty query finds nothing.',
    query: z.object({
      q: z.string().max(100).describe('A name or part of one.'),
      limit: z.string().regex(/^\d+$/).optional().describe(`At most this many (1-${SEARCH_MAX_LIMIT}).`),
    }),
    answer: SearchAnswer,
    csv: false,
    prepare: (r) => {
      const { q, limit } = parseSearchParams(r.url.searchParams);
      return { cost: 1, run: async () => ({ players: (await search(q, limit)).players }) };
    },
  },
  {
    path: '/api/v1/compare',
    summary: 'Compare players',
    description:
      `2 to ${MAX_COMPARED} players side by side in one metric set of the players table, each over his own seasons: each player's values are his row of /api/v1/table (page Players) for his seasons and the same filters, with percentiles in his position group and the best of each line marked. ` +
      'Side offense offers the offensive sets and the team on/off sets; defense offers Defense and Rebounding and the opponent on/off set. The same filters and gating as /api/v1/table, except `season`: give each player his seasons.',
    query: (() => {
      const doc = tableQueryDoc();
      const { page: _p, entity: _e, unit: _u, min_poss: _m, format: _f, season: _s, ...rest } = doc.shape;
      return z.object({
        player: z
          .array(z.string())
          .describe(
            `2 to ${MAX_COMPARED} players in order: {player id}:{season} or {player id}:{first}_{last}, e.g. 2544:2012-13 or 201939:2015-16_2016-17; a bare id takes his latest season.`,
          ),
        ...rest,
      });
    })(),
    answer: CompareAnswer,
    csv: false,
    prepare: (r) => {
      const request = compareRequestOf(r.url.searchParams, r.session);
      const set = compareSetOf(request.side, request.metricSet);
      // What its players-table queries would cost one by one (a player without seasons: one season).
      const cost = request.players.reduce((n, p) => n + costOf(playersQueryOf(request.filters, p.span ?? [latestSeason(), latestSeason()], set.value)), 0);
      return { cost, run: async () => compareWithAliases(await compare(request, r.asker), set.base) };
    },
  },
  {
    path: '/api/v1/similar',
    summary: 'Similar players',
    description:
      "The player-seasons of 2003-04 to 2022-23 most similar to a player's regular season, nearest first, each with the features closest to his; never his own seasons. " +
      'The profile (15 features standardised by season, weighted) is defined in the guide "Similar players" (/stats/guides/similar-players).',
    query: z.object({
      player: z
        .string()
        .regex(/^\d{1,10}$/)
        .describe('The player id.'),
      season: z.string().optional().describe('His season (2022-23 or 2022); default his latest with a profile (500 regular-season minutes).'),
      age_min: z.string().regex(/^\d+$/).optional().describe("The neighbours' age that season, at least (18-45)."),
      age_max: z.string().regex(/^\d+$/).optional().describe("The neighbours' age that season, at most (18-45)."),
      min_minutes: z.string().regex(/^\d+$/).optional().describe("The neighbours' minutes that season, at least (0-4000)."),
      limit: z.string().regex(/^\d+$/).optional().describe(`How many (1-${SIMILAR_MAX_LIMIT}, default 10).`),
    }),
    answer: SimilarAnswer,
    csv: false,
    prepare: (r) => {
      const ids = r.url.searchParams.getAll('player');
      if (ids.length !== 1 || !/^\d{1,10}$/.test(ids[0]!)) throw new ParamError('player', 'give one player id (digits)');
      const p = parseSimilarApiParams(r.url.searchParams);
      return { cost: 1, run: () => similarPlayers(r.asker, Number(ids[0]), p.season, p) };
    },
  },
  finderEndpoint(gateForKey, filterKeysDoc(), wantsCsv),
];

/** A path segment decoded; a malformed escape stays as it is (its parameter check then refuses it: 400). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Each endpoint's path as a pattern with its parameters' names, compiled once. */
const ROUTES = ENDPOINTS.map((endpoint) => {
  const names: string[] = [];
  const pattern = new RegExp(
    `^${endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    })}/?$`,
  );
  return { endpoint, names, pattern };
});

/** The endpoint and path parameters of a path under /api/v1, or null. */
export function matchEndpoint(pathname: string): { endpoint: V1Endpoint; params: Record<string, string> } | null {
  for (const { endpoint, names, pattern } of ROUTES) {
    const m = pattern.exec(pathname);
    if (m) return { endpoint, params: Object.fromEntries(names.map((n, i) => [n, decoded(m[i + 1]!)])) };
  }
  return null;
}
