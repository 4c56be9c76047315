/**
 * Player details (spec section 7: GET /api/player_details?player_id=), skipped if that player is already
 * loaded: name, team, position, seasons.
 */
import { atom } from 'nanostores';
import { getJson } from '../lib/apiClient';

export interface PlayerDetails {
  player_id: number;
  name: string;
  first_season: string | null;
  last_season: string | null;
  listed_position: string | null;
  position: string | null;
  height_in: number | null;
  teams: { abbr: string | null; name: string | null }[];
  seasons: { season: string; season_type: string; team: string | null; games: number; position: string | null }[];
}

export interface PlayerDetailsState {
  playerId: string | null;
  details: PlayerDetails | null;
  loading: boolean;
  error: boolean;
}

export const $playerDetails = atom<PlayerDetailsState>({ playerId: null, details: null, loading: false, error: false });

/** Load a player's details unless that player is loaded (or loading) already. Failures set the error flag. */
export async function loadPlayerDetails(playerId: string): Promise<void> {
  const state = $playerDetails.get();
  if (state.playerId === playerId && (state.details || state.loading)) return;
  $playerDetails.set({ playerId, details: null, loading: true, error: false });
  try {
    const details = await getJson<PlayerDetails>('/api/player_details', new URLSearchParams({ player_id: playerId }));
    if ($playerDetails.get().playerId !== playerId) return;
    $playerDetails.set({ playerId, details, loading: false, error: false });
  } catch {
    if ($playerDetails.get().playerId !== playerId) return;
    $playerDetails.set({ playerId, details: null, loading: false, error: true });
  }
}
