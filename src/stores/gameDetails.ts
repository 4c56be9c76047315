/**
 * Game details (spec section 7: GET /api/game_details?game_id=): teams, date, season, score by period, box
 * score. On entering a game view they are loaded for the new game id unless already loaded (spec section 2).
 */
import type { BoxLine } from '../lib/game/boxScore';
import type { PageKind } from '../lib/site/pageKinds';
import { entityDetailsStore } from './entityDetails';

export interface GameSide {
  team: string | null;
  abbr_then: string | null;
  name: string | null;
  pts: number;
  pts_by_period: number[];
  /** the whole game's box score, one line per player (src/lib/game/boxScore.ts) */
  players: BoxLine[];
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

const gameDetails = entityDetailsStore<GameDetails>('/api/game_details', 'game_id');

export const $gameDetails = gameDetails.$store;

/** The page kinds that show their game's details above the table (EntityHeader's strip, BoxScore). */
export const GAME_DETAIL_KINDS: ReadonlySet<PageKind> = new Set<PageKind>(['GameTeam', 'GamePlayers', 'GamePreview']);

/** Load the details of a game unless they are loaded (or loading) already. Failures set the error flag. */
export const loadGameDetails = gameDetails.load;
