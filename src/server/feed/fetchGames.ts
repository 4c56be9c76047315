/**
 * `npm run fetch-games -- --date YYYY-MM-DD --out DIR [--base URL]`: the finished games of one date (the
 * league's, US Eastern) fetched from the live feed into DIR, one file per game (gameFile.ts).
 *
 * The schedule says which games were played that date; each final one is asked for its play-by-play and box
 * score (conditionally: the ETags of the last run), checked, and written when new or changed. Games not final
 * (in progress, postponed, not started) and games the stats database does not keep (preseason, All-Star,
 * play-in: schedule.ts) are skipped and named. The summary is one JSON line, e.g.
 *   {"date":"2020-12-22","base":"https://cdn.nba.com/static/json","games":2,"fetched":["0022000001"],
 *    "replaced":[],"unchanged":[],"skipped":[{"game":"0022000002","reason":"in progress (Q3 5:12)"}],
 *    "failed":[],"requests":5,"seconds":4.1}
 * and the exit code says how it went: 0 every final game of the date is in DIR and current, 2 some final game
 * could not be fetched or was refused (its file, if any, is left as it was: `failed` says why), 1 nothing could
 * be done (bad arguments, the schedule unreadable, DIR not writable).
 */
import fs from 'node:fs/promises';
import type { FeedSource } from './feedSource.ts';
import { FeedRequestError } from './feedClient.ts';
import { checkPart, gameFilePath, gameFileText, readEtags, readGameFile, writeAtomically, writeEtags, type Checked, type Part } from './gameFile.ts';
import { gameKind, gamesOnDate } from './schedule.ts';

export type GameNote = { game: string; reason: string };

export interface FetchSummary {
  date: string;
  base: string;
  /** Games of the date in the schedule. */
  games: number;
  /** Final games written for the first time. */
  fetched: string[];
  /** Final games whose file changed (a correction by the league). */
  replaced: string[];
  /** Final games already in DIR as the feed has them (a 304, or the same bytes). */
  unchanged: string[];
  /** Games not final: not fetched. */
  skipped: GameNote[];
  /** Final games not written: the request failed or the answer was refused. */
  failed: GameNote[];
  requests: number;
  seconds: number;
}

/** The exit code of a summary (see the header). */
export const exitCodeOf = (s: FetchSummary): 0 | 2 => (s.failed.length > 0 ? 2 : 0);

export async function fetchGames(source: FeedSource, date: string, dir: string): Promise<FetchSummary> {
  const started = performance.now();
  await fs.mkdir(dir, { recursive: true });
  const schedule = await source.get({ kind: 'schedule' });
  if (schedule.status !== 'ok') throw new FeedRequestError(schedule.url, 'the schedule is missing (404)');
  const games = gamesOnDate(schedule.body, date);
  const summary: FetchSummary = {
    date,
    base: source.base,
    games: games.length,
    fetched: [],
    replaced: [],
    unchanged: [],
    skipped: [],
    failed: [],
    requests: 0,
    seconds: 0,
  };
  const etags = await readEtags(dir);
  for (const game of games) {
    if (game.state !== 'final') {
      const state = game.state === 'not kept' ? `not kept: ${gameKind(game.gameId)}` : game.state;
      summary.skipped.push({ game: game.gameId, reason: `${state} (${game.matchup}${game.statusText ? `, ${game.statusText}` : ''})` });
      continue;
    }
    try {
      const outcome = await fetchGame(source, game.gameId, dir, etags);
      if (typeof outcome === 'string') summary[outcome].push(game.gameId);
      else summary.failed.push({ game: game.gameId, reason: outcome.reason });
    } catch (error) {
      summary.failed.push({ game: game.gameId, reason: error instanceof FeedRequestError ? error.message : `${(error as Error).message}` });
    }
  }
  await writeEtags(dir, etags);
  summary.requests = source.requests;
  summary.seconds = Math.round((performance.now() - started) / 100) / 10;
  return summary;
}

async function fetchGame(
  source: FeedSource,
  gameId: string,
  dir: string,
  etags: Record<string, Partial<Record<Part, string>>>,
): Promise<'fetched' | 'replaced' | 'unchanged' | { reason: string }> {
  const existing = await readGameFile(dir, gameId);
  // ETags only count with the file they were received with.
  const known = existing ? (etags[gameId] ?? {}) : {};
  const parts = {} as Record<Part, Checked>;
  const fresh: Partial<Record<Part, string>> = {};
  let changed = false;
  for (const part of ['playbyplay', 'boxscore'] as const) {
    const answer = await source.get({ kind: part, gameId }, known[part]);
    if (answer.status === 'missing') return { reason: `${part} is not published (404)` };
    if (answer.status === 'unchanged') {
      // A 304 keeps the part of the file there; one to a request that named no ETag has nothing to keep.
      if (!existing || !known[part]) return { reason: `${part} was answered 304 Not Modified without being asked conditionally` };
      parts[part] = checkPart(part, gameId, existing[part]);
      continue;
    }
    changed = true;
    parts[part] = checkPart(part, gameId, answer.body);
    if (answer.etag) fresh[part] = answer.etag;
  }
  for (const part of ['playbyplay', 'boxscore'] as const) {
    const checked = parts[part];
    if (!checked.ok) return { reason: existing ? `${checked.reason}; the file there is kept` : checked.reason };
  }
  const pbp = parts.playbyplay as Extract<Checked, { ok: true }>;
  const box = parts.boxscore as Extract<Checked, { ok: true }>;
  if (!changed) return 'unchanged';
  if (existing && pbp.actions < existing.actions) {
    return { reason: `playbyplay has ${pbp.actions} actions, fewer than the ${existing.actions} of the file there, which is kept` };
  }
  const text = gameFileText(pbp.text, box.text);
  if (existing?.text !== text) await writeAtomically(gameFilePath(dir, gameId), text);
  etags[gameId] = { ...known, ...fresh };
  if (!existing) return 'fetched';
  return existing.text === text ? 'unchanged' : 'replaced';
}
