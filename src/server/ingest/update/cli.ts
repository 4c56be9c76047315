/**
 * `npm run update -- --db PATH [--source DIR ...] [--through YYYY-MM-DD [--rewind]] [--data DIR] [--wait SECONDS]`: adds
 * to the stats database at PATH the finished games of the archive and of the game files under each --source DIR
 * (docs/reference/game-files.md) it does not hold and writes again those whose published content
 * changed (update.ts). `--through`: the archive's games up to that date only (a season replayed day by day);
 * `--rewind`: the seasons holding later games are read again through the date (they leave: a replay's start). Prints one JSON line, e.g.
 *   {"added":9,"replaced":1,"skipped":[{"game":"0022200950","reason":"..."}],"seconds":41.2,"peak_mb":1130}
 * and exits 0 when every game went in, 2 when some were skipped, 1 when nothing changed because of an error (the
 * line then has "error"). Step times go to stderr.
 */
import path from 'node:path';
import type { UpdateOptions } from './update.ts';

/**
 * DuckDB's allocator as in the ingest's hooks phase (allocator.ts: one arena, freed pages kept a second), set
 * before DuckDB's library is loaded: this module imports the update's code only once it is set.
 */
const UPDATE_ALLOCATOR = 'narenas:1,dirty_decay_ms:1000,muzzy_decay_ms:0';
process.env.DUCKDB_JE_MALLOC_CONF ??= UPDATE_ALLOCATOR;
const { config } = await import('../../config.ts');
const { parseDate } = await import('../cli.ts');
const { releaseAfterSignal } = await import('./lock.ts');
const { runUpdate } = await import('./update.ts');

const USAGE = 'usage: npm run update -- --db PATH [--through YYYY-MM-DD [--rewind]] [--source DIR ...] [--data DIR] [--wait SECONDS]';

export function parseUpdateArgs(argv: string[]): UpdateOptions {
  let db: string | null = null;
  const opts: Omit<UpdateOptions, 'db'> = { dataDir: config.nbaDataDir };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const [flag, inline] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    switch (flag) {
      case '--db':
        db = path.resolve(value());
        break;
      case '--data':
        opts.dataDir = path.resolve(value());
        break;
      case '--through':
        opts.through = parseDate('--through', value());
        break;
      case '--source':
        (opts.sources ??= []).push(path.resolve(value()));
        break;
      case '--rewind':
        opts.rewind = true;
        break;
      case '--wait': {
        const v = value();
        const s = Number(v);
        if (!/^\d+(\.\d+)?$/.test(v) || s > 86_400) throw new Error(`invalid --wait "${v}": expected seconds, at most 86400`);
        opts.waitMs = s * 1000;
        break;
      }
      default:
        throw new Error(`unknown option "${arg}"\n${USAGE}`);
    }
  }
  if (!db) throw new Error(`--db is required\n${USAGE}`);
  if (opts.rewind && !opts.through) throw new Error(`--rewind needs --through\n${USAGE}`);
  return { db, ...opts };
}

async function main(): Promise<void> {
  const started = Date.now();
  const fail = (message: string): never => {
    const line = {
      added: 0,
      replaced: 0,
      skipped: [],
      seconds: (Date.now() - started) / 1000,
      peak_mb: Math.round(process.resourceUsage().maxRSS / 1024),
      error: message,
    };
    console.log(JSON.stringify(line));
    process.exit(1);
  };
  let opts: UpdateOptions;
  try {
    opts = parseUpdateArgs(process.argv.slice(2));
  } catch (err) {
    return fail((err as Error).message);
  }
  // Ctrl-C or SIGTERM: the update's own files and its lock are removed; the served database was never written
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      releaseAfterSignal(opts.db);
      fail(`stopped by ${sig}`);
    });
  }
  try {
    const s = await runUpdate({ ...opts, log: (m) => console.error(m) });
    console.log(JSON.stringify({ added: s.added, replaced: s.replaced, skipped: s.skipped, seconds: s.seconds, peak_mb: s.peak_mb }));
    process.exit(s.skipped.length ? 2 : 0);
  } catch (err) {
    console.error((err as Error).stack ?? err);
    fail((err as Error).message);
  }
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('update', 'cli.ts'));
if (invokedDirectly) void main();
