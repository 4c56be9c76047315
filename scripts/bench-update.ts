/**
 * `npm run bench:update -- [--db data/stats.duckdb] [--from 2023-03-01] [--days 5] [--playoff-days 1] [--work .local/update/bench]`
 *
 * The update's time and memory on the full database: a COPY of --db (never the file itself) is rewound to --from
 * (`npm run update -- --through FROM --rewind`: the season's later games leave), then updated one game day at a time
 * (`npm run update -- --through DAY`) for --days days after --from, and --playoff-days days of the playoffs. Each run
 * is a process of its own; its wall seconds (measured here) and its peak memory (the JSON line's peak_mb: the
 * process's peak resident set, DuckDB and the parse worker included) are printed per day, then the worst day.
 * Goal: a day (up to 15 games) in at most 60 s wall on 2 cores and 1.5 GB (docs/benchmarks/update.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { config } from '../src/server/config.ts';
import { runUpdate, type UpdateRun } from './lib/updateRun.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const source = path.resolve(arg('db', 'data/stats.duckdb'));
const from = arg('from', '2023-03-01');
const days = Number(arg('days', '5'));
const playoffDays = Number(arg('playoff-days', '1'));
const work = path.resolve(arg('work', '.local/update/bench'));
const dataDir = config.nbaDataDir;

if (!fs.existsSync(source)) {
  console.error(`no database at ${source}`);
  process.exit(2);
}
fs.mkdirSync(work, { recursive: true });
const db = path.join(work, 'stats.duckdb');

/** Game days of the archive after `from` of its season: `days` regular-season days, then `playoffDays` playoff days. */
async function gameDays(): Promise<{ date: string; games: number; type: string }[]> {
  const inst = await DuckDBInstance.create(':memory:');
  const c = await inst.connect();
  const season = Number(from.slice(0, 4)) - (Number(from.slice(5, 7)) < 8 ? 1 : 0);
  const label = `${season}-${String((season + 1) % 100).padStart(2, '0')}`;
  const r = await c.runAndReadAll(
    `SELECT strftime(CAST(GAME_DATE AS DATE), '%Y-%m-%d') AS d, count(*)::INTEGER AS n, any_value(CAST(SEASON_TYPE AS VARCHAR)) AS t
       FROM read_parquet($games) WHERE CAST(SEASON AS VARCHAR) = $label AND CAST(GAME_DATE AS DATE) > $from::DATE
        AND CAST(SEASON_TYPE AS VARCHAR) IN ('Regular Season', 'Playoffs')
      GROUP BY d ORDER BY d`,
    { games: path.join(dataDir, 'games.parquet'), label, from },
  );
  const all = r.getRowObjectsJS().map((x) => ({ date: String(x.d), games: Number(x.n), type: String(x.t) === 'Playoffs' ? 'playoffs' : 'regular' }));
  c.closeSync();
  inst.closeSync();
  return [...all.filter((d) => d.type === 'regular').slice(0, days), ...all.filter((d) => d.type === 'playoffs').slice(0, playoffDays)];
}

interface Run extends UpdateRun {
  label: string;
  games: number | string;
}

async function update(extra: string[], label: string, games: number | string): Promise<Run> {
  const r = await runUpdate(db, dataDir, extra);
  const steps = r.steps.map((l) => `    ${l}`).join('\n');
  console.log(
    `${label}: ${r.wall.toFixed(1)} s wall, ${r.cpu.toFixed(1)} s CPU in its steps, peak ${r.line.peak_mb} MB, added ${r.line.added}, replaced ${r.line.replaced}, load ${r.load.toFixed(1)}\n${steps}`,
  );
  return { ...r, label, games };
}

console.log(
  `bench:update on a copy of ${source} (${(fs.statSync(source).size / 1e9).toFixed(2)} GB), ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
);
for (const f of [db, `${db}.wal`, `${db}.sha256`]) fs.rmSync(f, { force: true });
fs.copyFileSync(source, db);
if (fs.existsSync(`${source}.wal`)) fs.copyFileSync(`${source}.wal`, `${db}.wal`);
const plan = await gameDays();
const rewind = await update(['--through', from, '--rewind'], `rewind to ${from}`, 'season');
const runs: Run[] = [];
let caughtUp = false;
for (const d of plan) {
  if (d.type === 'playoffs' && !caughtUp) {
    // the rest of the regular season at once (not a day: not counted), so the playoff day adds its own games only
    const before = new Date(Date.parse(`${d.date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await update(['--through', before], `catch up to ${before} (not counted)`, 'season');
    caughtUp = true;
  }
  runs.push(await update(['--through', d.date], `${d.date} (${d.type}, ${d.games} games)`, d.games));
}
console.log('\n| day | games | added | wall s | CPU s | peak MB | load |\n|---|---:|---:|---:|---:|---:|---:|');
for (const r of [rewind, ...runs]) {
  console.log(
    `| ${r.label} | ${r === rewind ? '' : r.games} | ${r === rewind ? '' : r.line.added} | ${r.wall.toFixed(1)} | ${r.cpu.toFixed(1)} | ${r.line.peak_mb} | ${r.load.toFixed(1)} |`,
  );
}
const worst = runs.reduce((a, b) => (b.wall > a.wall ? b : a), runs[0]!);
const most = Math.max(...runs.map((r) => r.line.peak_mb));
console.log(
  `\nworst day: ${worst.label}, ${worst.wall.toFixed(1)} s wall; highest peak ${most} MB (goal: 60 s, 1,500 MB); load ${os.loadavg()[0]!.toFixed(1)}`,
);
