/**
 * The player list (spec sections 3 and 7): GET /api/players at app start, [{ name, second_spectrum_id }],
 * sorted by name and indexed by second_spectrum_id (the league player id). Used by the lineup pickers.
 * A failure is reported to the caller (the app logs it and sends the user to /error, spec section 8).
 */
import { atom } from 'nanostores';
import { getJson } from '../lib/apiClient';

export interface PlayerListItem {
  name: string;
  second_spectrum_id: number;
  /** seasons he played (start year) -> team abbreviations (src/server/stats/entities/players.ts) */
  played?: Readonly<Record<string, readonly string[]>>;
}

export interface PlayersState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  list: readonly PlayerListItem[];
  byId: ReadonlyMap<number, PlayerListItem>;
}

export const $players = atom<PlayersState>({ status: 'idle', list: [], byId: new Map() });

let inFlight: Promise<void> | null = null;

/** Load the list once (later calls share the first request; a failed load can be retried). Throws on failure. */
export function loadPlayers(): Promise<void> {
  if ($players.get().status === 'ready') return Promise.resolve();
  inFlight ??= (async () => {
    $players.set({ ...$players.get(), status: 'loading' });
    try {
      const raw = await getJson<PlayerListItem[]>('/api/players');
      if (!Array.isArray(raw)) throw new Error('player list: not a list');
      const list = [...raw].sort((a, b) => a.name.localeCompare(b.name) || a.second_spectrum_id - b.second_spectrum_id);
      $players.set({ status: 'ready', list, byId: new Map(list.map((p) => [p.second_spectrum_id, p])) });
    } catch (err) {
      $players.set({ status: 'error', list: [], byId: new Map() });
      throw err;
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}
