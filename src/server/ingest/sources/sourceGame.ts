/**
 * What a game file gives (index.ts reads it): the game, its events in the engine's shape and what the checks
 * compare them with. Shared by the two formats' readers (liveGame.ts, archiveGame.ts).
 */
import type { GameShotLocations } from '../game/parseGame.ts';
import type { GameRows } from '../read/read.ts';
import type { GameInfo } from '../read/types.ts';
import type { LiveBoxScore } from './liveFeed.ts';

export type SourceFormat = 'live' | 'archive';

export interface SourceGame {
  format: SourceFormat;
  /** the game: id, season and season type from the id, date, teams and abbreviations, all from the file */
  info: GameInfo;
  /** its events in the published order, duplicates dropped (read.ts GameRows), for parseGame(info, rows.events, ...) */
  rows: GameRows;
  /**
   * Its field goals' locations for parseGame (the engine takes each location it matches out of the map, so
   * each call gives a new map); an empty map when the file has none (archive format).
   */
  shots: () => GameShotLocations;
  /** names of its players by person id */
  playerNames: Map<number, string>;
  /** the final score the file states (the live feed's last action; the archive's last SCORE), null when none */
  statedScore: { home: number; away: number } | null;
  /** the official box score (live format) */
  officialBox: LiveBoxScore | null;
  /** actions or rows not read, and why (an actionType the reader does not know, a substitution with no other half) */
  notes: string[];
}

/** Why a game file is refused (docs/reference/game-files.md). */
export type RejectReason = 'unreadable' | 'format' | 'game_id' | 'not_final' | 'no_date' | 'score' | 'on_floor_twice' | 'box_score';

/** A reader's refusal before the file's path is known. */
export interface SourceProblem {
  reason: RejectReason;
  message: string;
  gameCode: string | null;
}

export const isProblem = (v: SourceGame | SourceProblem): v is SourceProblem => 'reason' in v;
