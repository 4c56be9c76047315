/**
 * `npm run bench:lighthouse`: Lighthouse (mobile profile, its default simulated throttling) in Debian's Chromium
 * on marketing pages and on every stats page kind (the players table, a player, a team, a team's on/off, a game,
 * the lineups table, a team's lineups), against the built server and the stats database (STATS_DB_PATH or --db).
 * Prints the four category scores of each page with its largest contentful paint (LCP) and total blocking time
 * (TBT), and whether the goals are met: performance >= 95 on marketing pages and >= 90 on stats pages, LCP <=
 * 2.5 s; SEO, accessibility and best practices >= 95 everywhere.
 *
 * The site is built into .local/bench-dist (not dist/, which others may be serving; skip with --no-build) and
 * served on a free port (or --port). Each page is fetched once before it is measured, so a stats answer the
 * server computes on first request is not what Lighthouse times (the server's own speed is bench:api's).
 * Lighthouse times the page's main-thread work on this machine: on a shared machine, run it niced, with a few
 * runs, and note the load average it prints.
 * Options: --db path --port N --no-build --runs 1 (median of N runs per page) --chrome /usr/bin/chromium
 *          --only text (just the pages whose label contains the text) --save dir (each run's report as JSON)
 */
import fs from 'node:fs';
import { benchStatsDb, buildUnlessSkipped, freePort, loadAverage, option, serverEnv, startServer } from './lib/benchServer.ts';
import { benchToolDir, importFromBenchTool } from './lib/benchTool.ts';

/** What this bench reads of a Lighthouse report (its `lhr`). */
interface Report {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { score: number | null; title: string; displayValue?: string; scoreDisplayMode?: string; numericValue?: number }>;
}
type Lighthouse = (url: string, flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] }) => Promise<{ lhr: Report } | undefined>;
type ChromeLauncher = { launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> | void }> };

// Lighthouse (and the chrome-launcher it brings) is installed on first use, not with the project (lib/benchTool.ts).
const TOOL = benchToolDir('lighthouse', '12.8.2');
const { default: lighthouse } = await importFromBenchTool<{ default: Lighthouse }>(TOOL, 'lighthouse');
const chromeLauncher = await importFromBenchTool<ChromeLauncher>(TOOL, 'chrome-launcher');

const PORT = Number(option('port', String(await freePort())));
const DB = benchStatsDb();
const RUNS = Math.max(1, Number(option('runs', '1')));
const CHROME = option(
  'chrome',
  process.env.CHROME_PATH ?? ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ?? '/usr/bin/chromium',
);
// The server is reached as localhost so canonical links (the request's origin) are on the page's own host.
const BASE = `http://localhost:${PORT}`;
const env = serverEnv(PORT, { STATS_DB_PATH: DB });

/** The pages: [label, path, kind]. The game is Celtics at Nuggets, Jan 1 2023 (in every full database). */
const PAGES: [string, string, 'marketing' | 'stats'][] = [
  ['marketing: home', '/', 'marketing'],
  ['marketing: about', '/about', 'marketing'],
  ['players table', '/stats/players', 'stats'],
  ['player: LeBron James', '/stats/player/profile/lebron_james_2544', 'stats'],
  ['team: Boston Celtics', '/stats/team/players/BOS', 'stats'],
  ['team on/off: Boston Celtics', '/stats/team/onoff/BOS', 'stats'],
  ['game: BOS at DEN 2023-01-01', '/stats/game/team/BOS_DEN_2023-01-01_0022200549', 'stats'],
  ['lineups table', '/stats/lineups', 'stats'],
  ['team lineups: Boston Celtics', '/stats/team/lineups/BOS', 'stats'],
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const GOALS: Record<(typeof CATEGORIES)[number], { marketing: number; stats: number }> = {
  performance: { marketing: 95, stats: 90 },
  accessibility: { marketing: 95, stats: 95 },
  'best-practices': { marketing: 95, stats: 95 },
  seo: { marketing: 95, stats: 95 },
};
// DESIGN.md's headless flags for Debian's Chromium.
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Largest contentful paint goal, ms, under Lighthouse's simulated throttling. */
const LCP_GOAL_MS = 2500;
const SAVE = option('save', '');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  if (!fs.existsSync(DB)) throw new Error(`no stats database at ${DB} (--db path)`);
  buildUnlessSkipped(env);
  const server = startServer(env);
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    await server.ready(`${BASE}/about`, 60_000);
    console.log(`Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile profile, ${BASE}, database ${DB}, load average ${loadAverage().toFixed(2)}`);
    const rows: string[][] = [];
    let missed = 0;
    const only = option('only', '');
    for (const [label, pagePath, kind] of PAGES.filter(([l]) => l.includes(only))) {
      const url = `${BASE}${pagePath}`;
      await fetch(url); // warm the server's answer for this page
      const runs: Record<string, number>[] = [];
      for (let i = 0; i < RUNS; i++) {
        // A run Lighthouse itself could not record (NO_NAVSTART, a protocol timeout on a busy machine) scores 0: it
        // says nothing about the page, so it is run again (twice at most) instead of pulling the median down.
        let lhr = await runLighthouse(url, chrome.port);
        for (let retry = 0; lhr.runtimeError && retry < 2; retry++) {
          console.log(`  ${label}: Lighthouse error ${lhr.runtimeError.code}, run again`);
          lhr = await runLighthouse(url, chrome.port);
        }
        if (SAVE) {
          fs.mkdirSync(SAVE, { recursive: true });
          fs.writeFileSync(`${SAVE}/${label.replace(/[^a-z0-9]+/gi, '-')}-${i + 1}.json`, JSON.stringify(lhr));
        }
        if (lhr.runtimeError) console.log(`  ${label}: Lighthouse error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        for (const c of CATEGORIES) if (lhr.categories[c]?.score == null) console.log(`  ${label}: no ${c} score`);
        runs.push({
          ...Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        });
        if (i === RUNS - 1) reportFailures(label, lhr);
      }
      const scores = CATEGORIES.map((c) => median(runs.map((r) => r[c]!)));
      const ok = CATEGORIES.map((c, i) => scores[i]! >= GOALS[c][kind]);
      const lcp = median(runs.map((r) => r.lcp!));
      const tbt = median(runs.map((r) => r.tbt!));
      const lcpOk = lcp <= LCP_GOAL_MS;
      missed += ok.filter((x) => !x).length + (lcpOk ? 0 : 1);
      rows.push([
        label,
        ...scores.map((s, i) => `${s}${ok[i] ? '' : ` (goal ${GOALS[CATEGORIES[i]!][kind]})`}`),
        `${(lcp / 1000).toFixed(1)} s${lcpOk ? '' : ` (goal ${LCP_GOAL_MS / 1000} s)`}`,
        `${Math.round(tbt)} ms`,
      ]);
    }
    printTable(['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT'], rows);
    console.log(`load average at the end ${loadAverage().toFixed(2)}`);
    console.log(missed === 0 ? 'All goals met.' : `${missed} score(s) below goal.`);
  } finally {
    await chrome.kill();
    server.stop();
  }
}

/** One Lighthouse run of `url` (the four categories) in the Chromium on `port`. */
async function runLighthouse(url: string, port: number) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  return result.lhr;
}

/** The audits that cost points (score below 0.9), so a missed goal says why. */
function reportFailures(label: string, lhr: Report): void {
  const failing = Object.entries(lhr.audits)
    .filter(([, a]) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
    .map(([id, a]) => `${id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  if (failing.length > 0) console.log(`  ${label}: below 0.9: ${failing.join(', ')}`);
}

function printTable(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  for (const r of rows) console.log(line(r));
}

await main();
