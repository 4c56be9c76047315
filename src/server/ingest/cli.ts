/**
 * `npm run ingest -- [--seasons 2019-20,2020-21] [--season-type regular|playoffs|all] [--out path] [--data dir] [--through YYYY-MM-DD]`
 * Builds the stats database (default config.statsDbPath) from NBA_DATA_DIR (default ../shared/nba-data).
 * `--through 2023-03-01` reads the games up to and including that date only (games.parquet's GAME_DATE), as if the
 * later ones were not yet played: a season replayed with `npm run update` day by day gives the same file as a build
 * through its last day.
 */
import path from 'node:path';
import { config } from '../config.ts';
import { ALL_SEASONS, runIngest } from './ingest.ts';
import { parseSeasonLabel } from './read/read.ts';
import { phaseTable, stepTable } from './run/steps.ts';
import type { SeasonType } from './read/types.ts';

export interface CliOptions {
  seasons: number[];
  seasonTypes: SeasonType[];
  out: string;
  dataDir: string;
  through?: string;
}

const USAGE = 'usage: npm run ingest -- [--seasons 2019-20,2020-21|all] [--season-type regular|playoffs|all] [--out path] [--data dir] [--through YYYY-MM-DD]';

/** A calendar date YYYY-MM-DD (checked: 2023-02-30 is refused); throws with `flag` named otherwise. */
export function parseDate(flag: string, v: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!d || d.toISOString().slice(0, 10) !== v) throw new Error(`invalid ${flag} "${v}": expected a date like 2023-03-01`);
  return v;
}

export function parseArgs(argv: string[]): CliOptions {
  const opts: CliOptions = {
    seasons: ALL_SEASONS,
    seasonTypes: ['regular', 'playoffs'],
    out: config.statsDbPath,
    dataDir: config.nbaDataDir,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    switch (flag) {
      case '--seasons': {
        const v = value();
        opts.seasons = v === 'all' ? ALL_SEASONS : v.split(',').map(parseSeasonLabel);
        const outside = opts.seasons.filter((s) => !ALL_SEASONS.includes(s));
        if (outside.length) throw new Error(`seasons outside 2003-04..2022-23: ${outside.join(', ')}`);
        break;
      }
      case '--season-type': {
        const v = value();
        if (v === 'all') opts.seasonTypes = ['regular', 'playoffs'];
        else if (v === 'regular' || v === 'playoffs') opts.seasonTypes = [v];
        else throw new Error(`invalid --season-type "${v}": expected regular, playoffs or all`);
        break;
      }
      case '--out':
        opts.out = path.resolve(value());
        break;
      case '--data':
        opts.dataDir = path.resolve(value());
        break;
      case '--through':
        opts.through = parseDate('--through', value());
        break;
      case '--help':
        console.log(USAGE);
        return process.exit(0);
      default:
        throw new Error(`unknown option "${arg}"\n${USAGE}`);
    }
  }
  opts.seasons = [...new Set(opts.seasons)].sort((a, b) => a - b);
  return opts;
}

async function main(): Promise<void> {
  let opts: CliOptions;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  console.log(
    `ingest ${opts.seasons.length} season(s), ${opts.seasonTypes.join('+')}${opts.through ? ` through ${opts.through}` : ''} from ${opts.dataDir} -> ${opts.out}`,
  );
  try {
    const s = await runIngest({ ...opts });
    console.log(
      `done in ${s.seconds.toFixed(1)} s: ${s.gamesParsed} games parsed, ${s.gamesSkipped} skipped, ` +
        `${s.warnings} warnings, ${s.possessions} possessions, ${s.events} events -> ${s.out}`,
    );
    for (const k of s.skipped) console.log(`  skipped ${k.gameId}: ${k.reason}`);
    console.log(stepTable(s.steps));
    console.log(phaseTable(s));
  } catch (err) {
    console.error(`ingest failed: ${(err as Error).stack ?? err}`);
    process.exit(1);
  }
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('ingest', 'cli.ts'));
if (invokedDirectly) void main();
