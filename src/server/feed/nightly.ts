/**
 * `npm run nightly`: the season kept current, once a night. In order:
 *  1. fetch the finished games of yesterday and today (the league's dates, US Eastern: a run at 04:00 UTC
 *     on the 29th fetches the 27th and the 28th) into the games folder (fetchGames.ts), and of every date since
 *     the last run's today or since a date whose game failed in the last run (a missed night, a game the CDN
 *     had not published), at most MAX_CATCH_UP_DAYS back (runDates);
 *  2. when a game file is new or changed (or the last run failed, or on a first run over a folder holding game
 *     files), run the update as a child process, `npm run update -- --db STATS_DB_PATH --source GAMES` (its one JSON line
 *     {added, replaced, skipped: [{game, reason}], seconds, peak_mb}; exit 0 all in, 2 some skipped, 1 error),
 *     which builds the new file beside the served one and renames it over the path only when it succeeded;
 *  3. when the update put a new file at the path (its inode changed), make the running server switch to it: SIGHUP to its pid (as
 *     `systemctl reload` does: src/server/db/statsDbUpdate.ts), then, given its URL, wait until /readyz says it
 *     serves a new file (`stats.file` goes up; a refused file leaves it as it was).
 *  4. with an alerts command (`npm run alerts`, src/server/alerts), the alert step on the file now at the path, on
 *     every run (not only after a new file): it mails each update's new games once, so a run after a crash or a
 *     missed step catches up and a run with nothing new mails nothing. Its failure fails the run (the stats file
 *     stays updated); `npm run alerts` can be run again by hand.
 * A failure at any step stops the run, leaves the served file as it was, logs at error level and is recorded
 * in {STATS_DB_PATH}.nightly.json (nightlyStatus.ts), which the server's metrics read. The summary is one JSON
 * line on stdout; exit 0 all done, 2 done with games skipped or refused, 1 failed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type pino from 'pino';
import { feedSource } from './feedSource.ts';
import type { FeedClientOptions } from './feedClient.ts';
import { fetchGames, type FetchSummary } from './fetchGames.ts';
import { readNightlyStatus, writeNightlyStatus, type NightlyOutcome, type NightlyStatus } from './nightlyStatus.ts';
import { addDays } from './schedule.ts';

/** The update's answer (its JSON line). */
export interface UpdateResult {
  added: number;
  replaced: number;
  skipped: { game: string; reason: string }[];
  seconds?: number;
  peak_mb?: number;
}

export interface NightlyOptions {
  /** FEED_BASE_URL or --base. */
  base: string;
  /** The games folder (fetch-games' --out, the update's --source). */
  games: string;
  /** The stats file the server serves (STATS_DB_PATH). */
  db: string;
  /** Today's date, US Eastern (YYYY-MM-DD). */
  today: string;
  /** The update command; the nightly adds --db and --source. */
  updateCommand: string[];
  /** The alert step's command (null or absent: no alert step); the nightly adds --db. */
  alertsCommand?: string[] | null;
  /** The server to switch: its pid, and its URL to confirm the switch (/readyz). */
  server?: { pid: number; url?: string; waitMs?: number };
  client?: FeedClientOptions;
  log: pino.Logger;
}

export interface NightlySummary extends NightlyStatus {
  seconds: number;
}

class NightlyError extends Error {}

/** How far back a run catches up on its own; older dates are fetched with --today. */
export const MAX_CATCH_UP_DAYS = 7;

/**
 * The dates a run fetches: yesterday and today, and back to the last run's today (a night missed: its games are
 * fetched now) or to a date whose game failed then, at most MAX_CATCH_UP_DAYS before today. Example: the last
 * run fetched 2026-11-24 and 2026-11-25 with a game of the 24th failed; today 2026-11-28: the 24th to the 28th.
 */
export function runDates(today: string, previous: NightlyStatus | null): string[] {
  const earliest = addDays(today, -MAX_CATCH_UP_DAYS);
  const candidates = [addDays(today, -1)];
  const lastToday = previous?.dates.at(-1);
  if (lastToday) candidates.push(lastToday);
  for (const f of (previous?.fetch ?? []) as Partial<FetchSummary>[]) if (f.date && f.failed?.length) candidates.push(f.date);
  let start = candidates
    .filter((d) => d <= today)
    // biome-ignore lint/complexity/useMathMinMax: dates as YYYY-MM-DD strings, compared as text; Math.max would make them NaN
    .map((d) => (d < earliest ? earliest : d))
    .sort()[0]!;
  const dates: string[] = [];
  for (; start <= today; start = addDays(start, 1)) dates.push(start);
  return dates;
}

export async function runNightly(o: NightlyOptions): Promise<{ summary: NightlySummary; exitCode: 0 | 1 | 2 }> {
  const started = performance.now();
  const previous = await readNightlyStatus(o.db);
  const dates = runDates(o.today, previous);
  const fetched: FetchSummary[] = [];
  let update: UpdateResult | null = null;
  let switched: boolean | null = null;
  let alerts: Record<string, unknown> | null = null;
  let renamed = false;
  let error: string | undefined;
  try {
    const source = feedSource(o.base, o.client);
    for (const date of dates) {
      try {
        const summary = await fetchGames(source, date, o.games);
        fetched.push(summary);
        o.log.info(
          {
            date,
            fetched: summary.fetched.length,
            replaced: summary.replaced.length,
            unchanged: summary.unchanged.length,
            skipped: summary.skipped.length,
            failed: summary.failed,
          },
          'nightly: games fetched',
        );
      } catch (cause) {
        throw new NightlyError(`fetching the games of ${date} from ${o.base}: ${(cause as Error).message}`);
      }
    }
    // The update runs when a game file is new or changed, after a failed run, and on a first run when the folder
    // holds game files (fetched by hand); otherwise the stats file already holds every game of the folder.
    const changed = fetched.some((f) => f.fetched.length + f.replaced.length > 0);
    const firstWithFiles = previous === null && fs.readdirSync(o.games).some((n) => /^\d{10}\.json$/.test(n));
    if (!changed && !firstWithFiles && previous?.outcome !== 'failed') {
      o.log.info({ dates }, 'nightly: no new or changed game: the stats file is left as it is');
    } else {
      const before = fileIdentity(o.db);
      update = await runUpdate(o);
      renamed = fileIdentity(o.db) !== before;
      o.log.info({ ...update, newFile: renamed }, 'nightly: stats file updated');
    }
    // The server is told only when the update put a new file at the path (one with no game to add may not).
    if (o.server && renamed) switched = await switchServer(o.server, o.log);
    if (switched === false)
      throw new NightlyError(
        `the server (pid ${o.server!.pid}) did not switch to the updated file: it refused it or did not answer; see its log and /admin/stats-db`,
      );
    if (o.alertsCommand) {
      alerts = await runAlertStep(o.alertsCommand, o.db);
      o.log.info(alerts, 'nightly: alerts looked at');
    }
  } catch (cause) {
    error = (cause instanceof Error ? cause.message : String(cause)).split('\n')[0];
  }
  const partial = fetched.some((f) => f.failed.length > 0) || (update?.skipped.length ?? 0) > 0;
  const outcome: NightlyOutcome = error ? 'failed' : partial ? 'partial' : 'ok';
  const at = new Date().toISOString();
  const lastSuccessAt = outcome === 'failed' ? (previous?.lastSuccessAt ?? null) : at;
  const status: NightlyStatus = {
    at,
    outcome,
    ...(error ? { error } : {}),
    dates,
    fetch: fetched,
    update,
    switched,
    ...(o.alertsCommand ? { alerts } : {}),
    lastSuccessAt,
  };
  try {
    await writeNightlyStatus(o.db, status);
  } catch (cause) {
    o.log.error({ err: cause }, 'nightly: its status could not be written beside the stats file');
  }
  if (error) o.log.error({ dates, error }, 'nightly update failed: the served stats file is as it was');
  else o.log.info({ dates, outcome, switched }, 'nightly update done');
  const summary = { ...status, seconds: Math.round((performance.now() - started) / 100) / 10 };
  return { summary, exitCode: outcome === 'failed' ? 1 : outcome === 'partial' ? 2 : 0 };
}

/** What tells one file at the path from another: a rename over it changes the inode. */
function fileIdentity(file: string): string | null {
  try {
    const s = fs.statSync(file);
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
}

/** What a step's process left: how it ended, its last JSON line on stdout ({} without one), its last line on stderr. */
interface StepExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  result: Record<string, unknown>;
  lastWords: string;
}

/**
 * Runs one step of the nightly (`argv`: the command and its arguments) to its exit. NightlyError when it cannot
 * start ("`what` could not start"). Example: runStep('the update', ['npm', 'run', '--silent', 'update', '--', '--db', db]).
 */
async function runStep(what: string, argv: readonly string[]): Promise<StepExit> {
  const [command, ...args] = argv;
  const child = spawn(command!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-4000);
  });
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.on('error', (e) => reject(new NightlyError(`${what} could not start (${argv.join(' ')}): ${e.message}`)));
    child.on('exit', (c, s) => resolve({ code: c, signal: s }));
  });
  const line = stdout
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  let result: Record<string, unknown> = {};
  try {
    result = line ? (JSON.parse(line) as Record<string, unknown>) : {};
  } catch {
    /* the caller reports the exit code */
  }
  return { code, signal, result, lastWords: stderr.trim().split('\n').at(-1) ?? '' };
}

/** Runs the update; its JSON line, or a NightlyError naming its exit and last words. */
async function runUpdate(o: NightlyOptions): Promise<UpdateResult> {
  const { code, signal, result, lastWords } = await runStep('the update', [...o.updateCommand, '--db', o.db, '--source', o.games]);
  if (code !== 0 && code !== 2) {
    const why = result.error ?? lastWords;
    throw new NightlyError(`the update (${o.updateCommand.join(' ')}) exited ${code ?? signal}${why ? `: ${why}` : ''}`);
  }
  if (typeof result.added !== 'number' || typeof result.replaced !== 'number' || !Array.isArray(result.skipped)) {
    throw new NightlyError(`the update exited ${code} without its summary line ({added, replaced, skipped})`);
  }
  return result as unknown as UpdateResult;
}

/** SIGHUP to the server; with its URL, whether /readyz's stats.file went up within waitMs. */
async function switchServer(server: NonNullable<NightlyOptions['server']>, log: pino.Logger): Promise<boolean | null> {
  const fileNumber = async (): Promise<number | null> => {
    try {
      const answer = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(5_000) });
      const body = (await answer.json()) as { stats?: { file?: unknown } };
      return typeof body.stats?.file === 'number' ? body.stats.file : null;
    } catch {
      return null;
    }
  };
  const before = server.url ? await fileNumber() : null;
  if (server.url && before === null) log.warn({ url: server.url }, 'nightly: /readyz does not answer: the switch is signalled but cannot be confirmed');
  try {
    process.kill(server.pid, 'SIGHUP');
  } catch (cause) {
    throw new NightlyError(`the server could not be told to switch: no process ${server.pid} to signal (${(cause as NodeJS.ErrnoException).code})`);
  }
  log.info({ pid: server.pid }, 'nightly: SIGHUP sent to the server');
  if (!server.url || before === null) return null;
  const until = Date.now() + (server.waitMs ?? 60_000);
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await fileNumber();
    if (now !== null && now > before) return true;
  }
  return false;
}

/** Runs the alert step on the stats file; its JSON line, or a NightlyError naming its exit and last words. */
async function runAlertStep(alertsCommand: string[], db: string): Promise<Record<string, unknown>> {
  const { code, result, lastWords } = await runStep('the alert step', [...alertsCommand, '--db', db]);
  if (code !== 0) {
    const why = (typeof result.error === 'string' ? result.error : '') || lastWords;
    throw new NightlyError(
      `the alert step (${alertsCommand.join(' ')}) exited ${code}${why ? `: ${why}` : ''}; the stats file is updated, run \`npm run alerts\` again`,
    );
  }
  return result;
}
