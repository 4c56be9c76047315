/**
 * The two ways a comparison is asked for (src/lib/views/compare.ts has the URL format):
 * - the API (/api/compare, /api/v1/compare): `player` repeated, `side`, `metric_set`, and the filters by their api
 *   keys as /api/data takes them. A bad value is a 400 naming its key; a gated filter without the Stats plan a 403
 *   (request/gating.ts, the same rule as every endpoint).
 * - the page (/stats/compare): `p` repeated, `side`, `metricSet`, and the filters by their query keys as on every
 *   stats page. Like the stats client, the page leaves out gated filters the visitor may not use and lists them
 *   as locked (spec section 5), so a shared permalink opens for everyone. Unlike it, a value a filter cannot
 *   read is a 400 naming its key (the page shows numbers for its URL alone: ignoring a typo would show numbers
 *   nobody asked for).
 * Either way the filters are the players table's; `season` is not one of them (each player has his own seasons).
 */
import { ParamError, parseDataQuery, rawQueryFromSearchParams, SIDES, type RawQuery, type Side } from '../../../lib/params/apiParams';
import { COMPARE_FILTERS, COMPARE_PLAYER_KEY, MAX_COMPARED, parseComparedPlayer, type ComparedPlayer } from '../../../lib/views/compare';
import { dataSearchParams } from '../../../lib/params/dataRequest';
import { mayUseGatedFilters } from '../../../lib/accounts/planStatus';
import { lockedFilterQuery, parseViewQuery, unreadableFilterValue, type LockedFilter, type ViewState } from '../../../lib/params/queryState';
import type { Session } from '../../../lib/accounts/sessionShape';
import type { APIContext } from 'astro';
import type { Asker } from '../answers/answers';
import type { CompareRequest } from '../answers/compare';
import { askerOf } from './request';
import { assertFiltersAllowed } from './gating';

const NOT_FILTERS = ['player', 'side', 'metric_set', 'page', 'entity', 'format'];

function playersOf(values: string[], key: string, min: number): ComparedPlayer[] {
  if (values.length < min) throw new ParamError(key, `name at least ${min} player${min === 1 ? '' : 's'} (${key}={player id}:{season})`);
  if (values.length > MAX_COMPARED) throw new ParamError(key, `at most ${MAX_COMPARED} players`);
  return values.map((v) => {
    const p = parseComparedPlayer(v);
    if (typeof p === 'string') throw new ParamError(key, p);
    return p;
  });
}

/** /api/compare's query -> a gated compare request (2 to 4 players) and who asks (the queue's client). */
export function parseCompareApiRequest(context: Pick<APIContext, 'url' | 'locals' | 'request'> & { clientAddress?: string }): {
  request: CompareRequest;
  asker: Asker;
} {
  const session = context.locals.session ?? null;
  const request = compareRequestOf(context.url.searchParams, session);
  return { request, asker: { client: askerOf(context, session?.user.email ?? null) } };
}

/** The API form's query -> a gated compare request (the developer API calls this with its own session). */
export function compareRequestOf(params: URLSearchParams, session: Session | null | undefined): CompareRequest {
  const raw = rawQueryFromSearchParams(params);
  const players = playersOf(raw.player ?? [], 'player', 2);
  if (raw.season) throw new ParamError('season', 'give each player his seasons instead (player={id}:2012-13 or {id}:2010-11_2012-13)');
  const sideText = raw.side?.[0] ?? 'offense';
  if (!(SIDES as readonly string[]).includes(sideText)) throw new ParamError('side', 'must be offense or defense');
  const filters: RawQuery = Object.create(null) as RawQuery;
  for (const [k, v] of Object.entries(raw)) if (!NOT_FILTERS.includes(k)) filters[k] = v;
  // Validated as /api/data validates them (400 naming the key), then gated on the session (403).
  const query = parseDataQuery({ ...filters, page: ['Players'] });
  assertFiltersAllowed(query, session);
  return { players, side: sideText as Side, metricSet: raw.metric_set?.[0] ?? null, filters };
}

export interface ComparePage {
  request: CompareRequest;
  /** the page's view state (filters as the client holds them, side, metric set) */
  view: ViewState;
  /** gated filters the URL names that this visitor may not use: shown locked, left out of the numbers */
  locked: LockedFilter[];
}

/** The page's URL -> the compare request it shows (0 to 4 players: the page invites adding more). */
export function parseComparePage(params: URLSearchParams, session: Session | null | undefined, now: number): ComparePage {
  const players = playersOf(
    params.getAll(COMPARE_PLAYER_KEY).filter((v) => v.trim() !== ''),
    COMPARE_PLAYER_KEY,
    0,
  );
  const bad = unreadableFilterValue(params, COMPARE_FILTERS);
  if (bad) throw new ParamError(bad.key, `"${bad.value}" is not ${bad.expected}`);
  const allowed = mayUseGatedFilters(session, now);
  const view = parseViewQuery(params, { authenticated: allowed });
  const relevant = COMPARE_FILTERS;
  const api = dataSearchParams({ page: 'Players', entity: null, side: 'offense', metricSet: null, filters: view.filters, relevant, authenticated: allowed });
  const filters = rawQueryFromSearchParams(api);
  delete filters.page;
  return {
    request: { players, side: view.side ?? 'offense', metricSet: view.metricSet, filters },
    view,
    locked: allowed ? [] : lockedFilterQuery(params, relevant),
  };
}
