/**
 * The player list (spec sections 3 and 7): GET /api/players at app start, [{ name, second_spectrum_id }],
 * sorted by name and indexed by second_spectrum_id (the league player id). Used by the lineup pickers.
 * A failure is reported to the caller (the app logs it and sends the user to /error, spec section 8).
 *
 * Fetched once per browser session, not once per page: the list (281 KB of JSON) is kept in sessionStorage with
 * its ETag. The next stats page uses the kept copy at once; when it is older than KEPT_FRESH_MS it asks again with
 * If-None-Match in the background, and the server's 304 (no body) renews it. Example: page 1 downloads the list,
 * pages 2-20 in the next ten minutes send no request for it, page 21 gets a 304.
 */
import { atom } from 'nanostores';
import { apiClient, ApiRequestError } from '../lib/site/apiClient';

/** The sessionStorage key of the kept list. */
export const KEPT_PLAYERS_KEY = 'courtvision:players';
/** A kept list younger than this is used without asking the server. */
export const KEPT_FRESH_MS = 10 * 60 * 1000;

interface Kept {
  etag: string;
  /** Date.now() when the server last confirmed it */
  at: number;
  list: PlayerListItem[];
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage refused (privacy settings)
  }
}

function readKept(): Kept | null {
  try {
    const kept = JSON.parse(storage()?.getItem(KEPT_PLAYERS_KEY) ?? 'null') as Kept | null;
    return kept && typeof kept.etag === 'string' && typeof kept.at === 'number' && Array.isArray(kept.list) ? kept : null;
  } catch {
    return null;
  }
}

function keep(kept: Kept): void {
  try {
    storage()?.setItem(KEPT_PLAYERS_KEY, JSON.stringify(kept));
  } catch {
    // full or refused: the next page downloads the list again
  }
}

export interface PlayerListItem {
  name: string;
  second_spectrum_id: number;
  /** seasons he played (start year) -> team abbreviations (src/server/stats/entities/playerList.ts) */
  played?: Readonly<Record<string, readonly string[]>>;
}

export interface PlayersState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  list: readonly PlayerListItem[];
  byId: ReadonlyMap<number, PlayerListItem>;
}

export const $players = atom<PlayersState>({ status: 'idle', list: [], byId: new Map() });

let inFlight: Promise<void> | null = null;

function ready(raw: readonly PlayerListItem[]): void {
  const list = [...raw].sort((a, b) => a.name.localeCompare(b.name) || a.second_spectrum_id - b.second_spectrum_id);
  $players.set({ status: 'ready', list, byId: new Map(list.map((p) => [p.second_spectrum_id, p])) });
}

/** GET /api/players, conditional on the kept copy's ETag: the list, or null when the kept copy is still current. */
async function fetchList(kept: Kept | null): Promise<{ etag: string; list: PlayerListItem[] } | null> {
  const response = await apiClient().get('/api/players', {
    headers: kept ? { 'If-None-Match': kept.etag } : {},
    throwHttpErrors: false,
  });
  if (response.status === 304 && kept) return null;
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new ApiRequestError(response.status, typeof body?.error === 'string' ? body.error : `HTTP ${response.status}`);
  }
  const raw = await response.json<PlayerListItem[]>();
  if (!Array.isArray(raw)) throw new Error('player list: not a list');
  return { etag: response.headers.get('etag') ?? '', list: raw };
}

/** The kept copy at once; asked again in the background when it is old (a failure there keeps it). */
function adoptKept(kept: Kept): void {
  ready(kept.list);
  if (Date.now() - kept.at < KEPT_FRESH_MS) return;
  void fetchList(kept).then(
    (fresh) => {
      if (fresh) ready(fresh.list);
      keep(fresh ? { ...fresh, at: Date.now() } : { ...kept, at: Date.now() });
    },
    () => undefined,
  );
}

/** Load the list once (later calls share the first request; a failed load can be retried). Throws on failure. */
export function loadPlayers(): Promise<void> {
  if ($players.get().status === 'ready') return Promise.resolve();
  const kept = inFlight ? null : readKept();
  if (kept) {
    adoptKept(kept);
    return Promise.resolve();
  }
  inFlight ??= (async () => {
    $players.set({ ...$players.get(), status: 'loading' });
    try {
      const fresh = (await fetchList(null))!;
      ready(fresh.list);
      if (fresh.etag) keep({ ...fresh, at: Date.now() });
    } catch (err) {
      $players.set({ status: 'error', list: [], byId: new Map() });
      throw err;
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}
