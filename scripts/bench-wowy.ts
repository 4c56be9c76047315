/**
 * `npm run bench:wowy -- [--db path] [--samples 60] [--n 10]`: GET /api/team_wowy (a team's two-man with/without
 * matrix) in-process through the endpoint handler (parse, gate, compute in one SQL statement, encode), one request
 * at a time, every answer uncached (each query asked once), as a subscriber. Team-seasons drawn over every team and
 * season with a fixed seed; each gets one of the filter sets below (default view, 4th quarter, close games,
 * home games, against top-10 defenses, its top player on the floor). Two runs: "first touch" (the team-season's
 * blocks read from the file by the timed request: a server's first minutes) and "tables warm" (after
 * warmSampleTables, which a running server does in the background after its first request: team_possessions in
 * DuckDB's buffer pool), each on its own draw so that every answer is computed. Prints p50/p95/max in ms per filter
 * set and overall, and the machine's load average.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ascending, percentile } from './lib/percentile.ts';

const { values } = parseArgs({ options: { db: { type: 'string' }, samples: { type: 'string', default: '60' }, n: { type: 'string', default: '10' } } });
if (values.db) process.env.STATS_DB_PATH = values.db;
const samples = Number(values.samples);

const { GET } = await import('../src/pages/api/team_wowy.ts');
const { clearAnswerCache } = await import('../src/server/stats/answers/answers.ts');
const { query } = await import('../src/server/db/statsDb.ts');
const { TEAMS } = await import('../src/lib/league/franchises.ts');
const { warmSampleTables } = await import('../src/server/stats/sql/sample.ts');
const { statsDb } = await import('../src/server/db/statsDb.ts');

const SUBSCRIBER = {
  user: { name: 'Bench', email: 'bench@example.com' },
  isAdmin: false,
  subscriptions: [{ plan: { name: 'Stats' }, expiresAt: Math.floor(Date.now() / 1000) + 86_400 }],
};

const FILTER_SETS: Record<string, (star: number) => string> = {
  default: () => '',
  'period=4': () => '&period=4',
  'close (score -5..5)': () => '&score_diff_low=-5&score_diff_high=5',
  'home games': () => '&location=home',
  'vs top-10 defenses': () => '&opp_def_rank_low=1&opp_def_rank_high=10',
  'star on court': (star) => `&on_court=${star}`,
};

const seasons = (await query<{ season: number }>(`SELECT DISTINCT season FROM possessions WHERE season_type = 'regular' ORDER BY season`)).map((r) =>
  Number(r.season),
);
let seed = 1;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const kinds = Object.keys(FILTER_SETS);
const draw = () =>
  Array.from({ length: samples }, (_, i) => ({
    team: TEAMS[Math.floor(random() * TEAMS.length)]!,
    season: seasons[Math.floor(random() * seasons.length)]!,
    kind: kinds[i % kinds.length]!,
  }));

/**
 * One request: its wall time, and the CPU time the process spent on it (every thread, DuckDB's included): on a
 * machine shared with other work the wall time mostly measures the wait for a core, the CPU time the work.
 */
async function call(path: string): Promise<{ ms: number; cpu: number; body: { players: { player_id: number }[] } }> {
  const url = new URL(`http://localhost${path}`);
  const t = performance.now();
  const c = process.cpuUsage();
  const res = await GET({ url, locals: { session: SUBSCRIBER }, request: new Request(url) } as never);
  const text = await res.text();
  const used = process.cpuUsage(c);
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${path} -> ${res.status} ${text}`);
  return { ms, cpu: (used.user + used.system) / 1000, body: JSON.parse(text) as { players: { player_id: number }[] } };
}

const stats = (xs: number[]) => {
  const s = ascending(xs);
  return `p50 ${percentile(s, 50).toFixed(1)} ms, p95 ${percentile(s, 95).toFixed(1)} ms, max ${s[s.length - 1]!.toFixed(1)} ms (n=${s.length})`;
};

/** One run over a draw: for the lineup filter, the team's top player from its default view (untimed, then uncached). */
async function run(label: string, picks: ReturnType<typeof draw>): Promise<void> {
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  const cpu: number[] = [];
  for (const p of picks) {
    const base = `/api/team_wowy?team=${p.team.abbr}&season=${p.season}&n=${values.n}`;
    const star = p.kind === 'star on court' ? ((await call(base)).body.players[0]?.player_id ?? 0) : 0;
    clearAnswerCache();
    const r = await call(base + FILTER_SETS[p.kind]!(star));
    const ms = r.ms;
    all.push(ms);
    cpu.push(r.cpu);
    byKind.set(p.kind, [...(byKind.get(p.kind) ?? []), ms]);
  }
  console.log(
    `${label} (load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${os.cpus().length} cores; ${seasons.length} seasons; n=${values.n})`,
  );
  for (const [kind, xs] of byKind) console.log(`  ${kind.padEnd(22)} ${stats(xs)}`);
  console.log(`  ${'all'.padEnd(22)} ${stats(all)}`);
  console.log(`  ${'all, CPU time'.padEnd(22)} ${stats(cpu)}`);
}

await call(`/api/team_wowy?team=BOS&season=${seasons[0]}&n=${values.n}`); // open the database
await run('first touch of each team-season', draw());
await warmSampleTables(statsDb);
await run('tables warm (a running server)', draw());
process.exit(0);
