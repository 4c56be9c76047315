/**
 * The command line of `npm run nightly` (scripts/nightly.ts):
 *   npm run nightly -- [--games DIR] [--db PATH] [--today YYYY-MM-DD] [--base URL]
 *                      [--pid N | --pid-file PATH] [--server URL]
 * --games    the games folder (default data/games); --db the stats file (default STATS_DB_PATH);
 * --today    the league's today (default: now in US Eastern time), to catch up a missed night;
 * --base     the feed (default FEED_BASE_URL);
 * --pid / --pid-file   the server to switch (SIGHUP) once the file is updated; without either the server is
 *            not told (switch it with `systemctl reload courtvision` or /admin/stats-db);
 * --server   the server's URL (e.g. http://127.0.0.1:4321): the switch is confirmed on its /readyz;
 * --no-alerts  leave out the alert step (`npm run alerts`, run last on every run; src/server/alerts).
 * Logs go to stderr (JSON lines, LOG_LEVEL); stdout has the one summary line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { ConfigError, type Config } from '../config.ts';
import { userAgent } from './feedClient.ts';
import { checkedBase } from './fetchGamesCli.ts';
import { runNightly } from './nightly.ts';
import { easternDate, isDate } from './schedule.ts';

export const NIGHTLY_USAGE =
  'usage: npm run nightly -- [--games DIR] [--db PATH] [--today YYYY-MM-DD] [--base URL] [--pid N | --pid-file PATH] [--server URL] [--no-alerts]';

/** The update as the nightly runs it: npm's script of this checkout, without npm's banner on stdout. */
export const UPDATE_COMMAND = ['npm', 'run', '--silent', 'update', '--'];
/** The alert step as `npm run nightly` runs it (scripts/nightly.ts; --no-alerts leaves it out). */
export const ALERTS_COMMAND = ['npm', 'run', '--silent', 'alerts', '--'];

export async function nightlyCli(
  argv: string[],
  config: Pick<Config, 'feedBaseUrl' | 'statsDbPath' | 'logLevel' | 'authUrl'>,
  updateCommand = UPDATE_COMMAND,
  alertsCommand: string[] | null = null,
): Promise<number> {
  const log = pino({ level: config.logLevel, base: { job: 'nightly' } }, pino.destination(2));
  let options: Parameters<typeof runNightly>[0];
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        games: { type: 'string' },
        db: { type: 'string' },
        today: { type: 'string' },
        base: { type: 'string' },
        pid: { type: 'string' },
        'pid-file': { type: 'string' },
        server: { type: 'string' },
        'no-alerts': { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    });
    const today = values.today ?? easternDate(new Date());
    if (!isDate(today)) throw new Error(`--today ${JSON.stringify(today)} is not a date: expected YYYY-MM-DD`);
    if (values.pid && values['pid-file']) throw new Error('--pid and --pid-file both given: expected one');
    const pidText = values.pid ?? (values['pid-file'] ? readPidFile(values['pid-file']) : undefined);
    if (pidText !== undefined && !/^[1-9]\d{0,9}$/.test(pidText.trim())) throw new Error(`the server's pid ${JSON.stringify(pidText)} is not a process id`);
    if (values.server !== undefined && !/^https?:\/\/[^\s/]+\/?$/.test(values.server))
      throw new Error(`--server ${JSON.stringify(values.server)} is not a server URL: expected e.g. http://127.0.0.1:4321`);
    if (values.server !== undefined && pidText === undefined)
      throw new Error('--server needs --pid or --pid-file: the server is switched by a signal to its pid');
    options = {
      base: values.base === undefined ? config.feedBaseUrl : checkedBase(values.base),
      games: path.resolve(values.games ?? 'data/games'),
      db: path.resolve(values.db ?? config.statsDbPath),
      today,
      updateCommand,
      alertsCommand: values['no-alerts'] ? null : alertsCommand,
      client: { userAgent: userAgent(config.authUrl) },
      ...(pidText === undefined ? {} : { server: { pid: Number(pidText.trim()), ...(values.server ? { url: values.server.replace(/\/+$/, '') } : {}) } }),
      log,
    };
  } catch (error) {
    const message = error instanceof ConfigError ? error.message.replace(/^FEED_BASE_URL=/, '--base ') : (error as Error).message;
    console.log(JSON.stringify({ error: message, usage: NIGHTLY_USAGE }));
    return 1;
  }
  const { summary, exitCode } = await runNightly(options);
  console.log(JSON.stringify(summary));
  return exitCode;
}

function readPidFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new Error(`--pid-file ${file} cannot be read (${(error as NodeJS.ErrnoException).code})`);
  }
}
