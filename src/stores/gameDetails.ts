/**
 * Game details (spec section 7: GET /api/game_details?game_id=): teams, date, season, score by period, box
 * score. On entering a game view they are loaded for the new game id unless already loaded (spec section 2).
 */
import { atom } from 'nanostores';
import { getJson } from '../lib/apiClient';

export interface GameSide {
  team: string | null;
  abbr_then: string | null;
  name: string | null;
  pts: number;
  pts_by_period: number[];
}

export interface GameDetails {
  game_id: string;
  date: string;
  season: string;
  season_type: string;
  periods: number;
  away: GameSide;
  home: GameSide;
}

export interface GameDetailsState {
  gameId: string | null;
  details: GameDetails | null;
  loading: boolean;
  error: boolean;
}

export const $gameDetails = atom<GameDetailsState>({ gameId: null, details: null, loading: false, error: false });

/** Load the details of a game unless they are loaded (or loading) already. Failures set the error flag. */
export async function loadGameDetails(gameId: string): Promise<void> {
  const state = $gameDetails.get();
  if (state.gameId === gameId && (state.details || state.loading)) return;
  $gameDetails.set({ gameId, details: null, loading: true, error: false });
  try {
    const details = await getJson<GameDetails>('/api/game_details', new URLSearchParams({ game_id: gameId }));
    if ($gameDetails.get().gameId !== gameId) return;
    $gameDetails.set({ gameId, details, loading: false, error: false });
  } catch {
    if ($gameDetails.get().gameId !== gameId) return;
    $gameDetails.set({ gameId, details: null, loading: false, error: true });
  }
}
