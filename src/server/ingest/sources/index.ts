/**
 * Game files as a source of the ingest: one game per file, in the league's live-feed format or the archive's
 * playbyplayv2 format (the layout and the formats: docs/reference/game-files.md). The API:
 *
 *   const files = await gameFilesIn(dir);              // ['/dir/0022300061.json', ...] in game-id order
 *   const read = await readGameFile(files[0]);         // never throws for a bad file
 *   if (!read.ok) skip(read.rejection);                // { file, gameCode, reason, message }
 *   else write(parseGame(read.game.info, read.game.rows.events, read.game.shots()));
 *
 * A game that is read has passed the checks (checks.ts): its events add up to its stated final score and its
 * box score, and no player is on the floor twice; `read.result` is the engine's result of those checks (the
 * same parseGame call as above, so a caller may use it instead of parsing again).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { GameResult } from '../game/parseGame.ts';
import { archiveGame } from './archiveGame.ts';
import { checkGame } from './checks.ts';
import { liveGame } from './liveGame.ts';
import { isProblem, type RejectReason, type SourceGame, type SourceProblem } from './sourceGame.ts';

export type { RejectReason, SourceFormat, SourceGame } from './sourceGame.ts';

/** A file refused, and why (docs/reference/game-files.md, "When a file is rejected"). */
export interface Rejection {
  /** the file read, null when the game was given as values */
  file: string | null;
  /** the game's id when known (from the file's name or content) */
  gameCode: string | null;
  reason: RejectReason;
  message: string;
}

export type GameFileResult = { ok: true; game: SourceGame; result: GameResult } | { ok: false; rejection: Rejection };

export interface ReadOptions {
  /** The date of a game whose file carries none (archive format), e.g. from games.parquet or the games table. */
  knownDates?: ReadonlyMap<string, string> | ((gameCode: string) => string | undefined);
}

/** A game file's name: the 10-digit game id, ".json". */
const GAME_FILE = /^(\d{10})\.json$/;

/** The game files of a folder (names `{gameId}.json`; the fetcher's other files are not), in game-id order. */
export async function gameFilesIn(dir: string): Promise<string[]> {
  const names = await fs.readdir(dir);
  return names
    .filter((n) => GAME_FILE.test(n))
    .sort()
    .map((n) => path.join(dir, n));
}

function reject(p: SourceProblem, file: string | null, fallbackCode: string | null): GameFileResult {
  return { ok: false, rejection: { file, gameCode: p.gameCode ?? fallbackCode, reason: p.reason, message: p.message } };
}

/** Reads and checks one game file (see the module comment); every failure is a rejection, never a throw. */
export async function readGameFile(file: string, options: ReadOptions = {}): Promise<GameFileResult> {
  const expected = GAME_FILE.exec(path.basename(file))?.[1] ?? null;
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    return reject({ reason: 'unreadable', message: `cannot read the file: ${(error as Error).message}`, gameCode: null }, file, expected);
  }
  return readGameText(text, { ...options, file, expectedGameCode: expected });
}

/**
 * Reads and checks the text of one game file. `expectedGameCode`: the id the file must hold (its name's);
 * `file`: named in the rejection.
 */
export function readGameText(text: string, options: ReadOptions & { file?: string; expectedGameCode?: string | null } = {}): GameFileResult {
  const file = options.file ?? null;
  const expected = options.expectedGameCode ?? null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return reject({ reason: 'unreadable', message: `not JSON (${text.length} bytes): ${(error as Error).message}`, gameCode: null }, file, expected);
  }
  const read = readGameValue(value, options);
  if (!read.ok) return { ok: false, rejection: { ...read.rejection, file, gameCode: read.rejection.gameCode ?? expected } };
  if (expected && read.game.info.gameCode !== expected) {
    return reject(
      { reason: 'game_id', message: `the file is named ${expected} but holds game ${read.game.info.gameCode}`, gameCode: read.game.info.gameCode },
      file,
      expected,
    );
  }
  return read;
}

/**
 * Reads and checks a game file's parsed content: `{playbyplay, boxscore}` (live), a playbyplayv2 response, or
 * `{gameDate, playbyplay: <playbyplayv2 response>}` (archive).
 */
export function readGameValue(value: unknown, options: ReadOptions = {}): GameFileResult {
  const o = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  if (!o) return reject({ reason: 'format', message: 'not a game file: the JSON is not an object', gameCode: null }, null, null);
  if ('boxscore' in o && 'playbyplay' in o) return readLiveGame(o.playbyplay, o.boxscore);
  if ('resultSets' in o) return readArchiveGame(o, options);
  const inner = o.playbyplay;
  if (inner && typeof inner === 'object' && 'resultSets' in inner) {
    const date = typeof o.gameDate === 'string' ? o.gameDate : undefined;
    return readArchiveGame(inner, date ? { knownDates: () => date } : options);
  }
  return reject(
    {
      reason: 'format',
      message: `not a game file: neither {playbyplay, boxscore} nor a playbyplayv2 response (keys: ${Object.keys(o).slice(0, 6).join(', ') || 'none'})`,
      gameCode: null,
    },
    null,
    null,
  );
}

/** A live-feed game from its two responses (each `{meta, game}` as the CDN sends it), read and checked. */
export function readLiveGame(playbyplay: unknown, boxscore: unknown): GameFileResult {
  return checked(liveGame(playbyplay, boxscore));
}

/** An archive game from a playbyplayv2 response, read and checked. */
export function readArchiveGame(response: unknown, options: ReadOptions = {}): GameFileResult {
  const known = options.knownDates;
  const date = typeof known === 'function' ? known : (code: string) => known?.get(code);
  return checked(archiveGame(response, date));
}

function checked(read: SourceGame | SourceProblem): GameFileResult {
  if (isProblem(read)) return reject(read, null, null);
  try {
    const outcome = checkGame(read);
    if (!outcome.ok) return reject(outcome.problem, null, read.info.gameCode);
    return { ok: true, game: read, result: outcome.result };
  } catch (error) {
    // the engine refusing the events (a throw in parseGame) is a rejection of this file, not the caller's end
    return reject(
      { reason: 'format', message: `the events cannot be parsed: ${(error as Error).message}`, gameCode: read.info.gameCode },
      null,
      read.info.gameCode,
    );
  }
}
