/**
 * The game files fetch-games writes, one per game, and the rules a file must pass before it is written.
 *
 * Layout (what the live-format reader reads from `--source DIR`): `{DIR}/{gameId}.json` holding
 *   {"playbyplay": <the CDN's playbyplay_{gameId}.json>, "boxscore": <the CDN's boxscore_{gameId}.json>}
 * with each response kept byte for byte as the CDN sent it.
 *
 * A file is written only when both responses are valid: each parses, is the game asked for (`game.gameId`),
 * and is final: the box score says gameStatus 3 and the play-by-play ends with its 'game' 'end' action
 * (0022000001's action 729, "Game End" at 0:00 of the 4th). A valid file never replaces a longer one: fewer
 * play-by-play actions than the file already there is a truncated or rolled-back response, and the file
 * there stays. Writes go to a temporary file in the same folder, flushed, then renamed over the name, so a
 * reader sees the old file or the new one, never a part.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export type Part = 'playbyplay' | 'boxscore';

export const gameFilePath = (dir: string, gameId: string) => path.join(dir, `${gameId}.json`);

/** A response checked: its text as received and its play-by-play action count (0 for a box score). */
export type Checked = { ok: true; text: string; actions: number } | { ok: false; reason: string };

/** Checks one response of `gameId` (see the header for the rules). */
export function checkPart(part: Part, gameId: string, text: string): Checked {
  let body: { game?: { gameId?: unknown; gameStatus?: unknown; actions?: unknown } };
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, reason: `${part} does not parse (${text.length} bytes)` };
  }
  const game = body?.game;
  if (!game || typeof game !== 'object') return { ok: false, reason: `${part} has no game` };
  if (game.gameId !== gameId) return { ok: false, reason: `${part} is of game ${JSON.stringify(game.gameId)}, not ${gameId}` };
  if (part === 'boxscore') {
    if (game.gameStatus !== 3) return { ok: false, reason: `boxscore says the game is not final (gameStatus ${JSON.stringify(game.gameStatus)})` };
    return { ok: true, text, actions: 0 };
  }
  const actions = Array.isArray(game.actions) ? (game.actions as { actionType?: unknown; subType?: unknown }[]) : null;
  if (!actions || actions.length === 0) return { ok: false, reason: 'playbyplay has no actions' };
  const last = actions[actions.length - 1];
  if (last?.actionType !== 'game' || last?.subType !== 'end')
    return { ok: false, reason: `playbyplay is not final (its last of ${actions.length} actions is not the game's end)` };
  return { ok: true, text, actions: actions.length };
}

/** The file written for a game: both responses as received. */
export function gameFileText(playbyplay: string, boxscore: string): string {
  return `{"playbyplay":${playbyplay},"boxscore":${boxscore}}\n`;
}

/** The game file there now, its parts as written (byte for byte) and its action count; null when absent or not valid. */
export async function readGameFile(dir: string, gameId: string): Promise<{ text: string; playbyplay: string; boxscore: string; actions: number } | null> {
  const text = await fs.readFile(gameFilePath(dir, gameId), 'utf8').catch(() => null);
  if (text === null) return null;
  const parts = splitGameFile(text);
  if (!parts) return null;
  const pbp = checkPart('playbyplay', gameId, parts.playbyplay);
  if (!pbp.ok || !checkPart('boxscore', gameId, parts.boxscore).ok) return null;
  return { text, ...parts, actions: pbp.actions };
}

/** The two responses of a file gameFileText wrote, as their own text; null for anything else. */
function splitGameFile(text: string): Record<Part, string> | null {
  const head = '{"playbyplay":';
  const tail = '}\n';
  if (!text.startsWith(head) || !text.endsWith(tail)) return null;
  const inner = text.slice(head.length, -tail.length);
  // The separator is the one after which the rest parses (a response could hold the same characters).
  for (let at = inner.lastIndexOf(',"boxscore":'); at > 0; at = inner.lastIndexOf(',"boxscore":', at - 1)) {
    const playbyplay = inner.slice(0, at);
    const boxscore = inner.slice(at + ',"boxscore":'.length);
    if (parses(boxscore) && parses(playbyplay)) return { playbyplay, boxscore };
  }
  return null;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Writes `text` at `file` through a temporary file and a rename; nothing is left behind on failure. */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    const handle = await fs.open(temp, 'wx');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

/**
 * ETags remembered beside the files ({DIR}/.etags.json: {"0022000001": {"playbyplay": "\"abc\"", ...}}), sent
 * back as If-None-Match so an unchanged game costs two 304s and no download. An unreadable store is empty.
 */
export type EtagStore = Record<string, Partial<Record<Part, string>>>;
const etagFile = (dir: string) => path.join(dir, '.etags.json');

export async function readEtags(dir: string): Promise<EtagStore> {
  try {
    const parsed = JSON.parse(await fs.readFile(etagFile(dir), 'utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as EtagStore) : {};
  } catch {
    return {};
  }
}

export async function writeEtags(dir: string, store: EtagStore): Promise<void> {
  await writeAtomically(etagFile(dir), `${JSON.stringify(store, null, 1)}\n`);
}
