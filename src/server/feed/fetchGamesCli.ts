/**
 * The command line of `npm run fetch-games` (scripts/fetch-games.ts): arguments checked, one JSON line on
 * stdout, the exit code of fetchGames.ts (0 all final games in, 2 some failed, 1 nothing done). A bad argument
 * prints {"error": "..."} naming it and exits 1 before any request.
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import { ConfigError, readConfig } from '../config.ts';
import { userAgent } from './feedClient.ts';
import { feedSource } from './feedSource.ts';
import { exitCodeOf, fetchGames } from './fetchGames.ts';
import { isDate } from './schedule.ts';

export const FETCH_USAGE = 'usage: npm run fetch-games -- --date YYYY-MM-DD --out DIR [--base URL]';

/** --base checked as FEED_BASE_URL is (src/server/config.ts), so both accept and refuse the same values. */
export function checkedBase(base: string): string {
  return readConfig({ FEED_BASE_URL: base }).feedBaseUrl;
}

export async function fetchGamesCli(argv: string[], defaultBase: string, siteUrl = ''): Promise<number> {
  let date: string;
  let out: string;
  let base: string;
  try {
    const { values } = parseArgs({
      args: argv,
      options: { date: { type: 'string' }, out: { type: 'string' }, base: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    });
    if (!values.date || !isDate(values.date)) throw new Error(`--date ${JSON.stringify(values.date ?? '')} is not a date: expected YYYY-MM-DD`);
    if (!values.out) throw new Error('--out DIR is missing: the folder the game files go to');
    date = values.date;
    out = path.resolve(values.out);
    base = values.base === undefined ? defaultBase : checkedBase(values.base);
  } catch (error) {
    const message = error instanceof ConfigError ? error.message.replace(/^FEED_BASE_URL=/, '--base ') : (error as Error).message;
    console.log(JSON.stringify({ error: message, usage: FETCH_USAGE }));
    return 1;
  }
  try {
    const summary = await fetchGames(feedSource(base, { userAgent: userAgent(siteUrl) }), date, out);
    console.log(JSON.stringify(summary));
    return exitCodeOf(summary);
  } catch (error) {
    console.log(JSON.stringify({ date, base, error: (error as Error).message }));
    return 1;
  }
}
