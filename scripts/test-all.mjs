/**
 * `npm test`: every test of the project, in order, and one closing line "N passed, M failed".
 *  1. the test stats database: STATS_DB_PATH, or data/test-stats.duckdb built by the ingest (two seasons,
 *     regular season and playoffs) when it is missing (or, the default one only, of another schema version) and
 *     the ingest exists;
 *  2. lint and format (Biome, zero diagnostics; counts as one test);
 *  3. astro check (strict types; counts as one test), then the build (npm run build: astro build, then the server
 *     bundle);
 *  4. vitest (unit and data tests) and Playwright (tests/e2e, against the built server) side by side.
 * astro check needs neither the stats database nor the build: it starts first and runs beside the ingest (one
 * process, ~64 s of CPU: on a fresh clone it ends before the ingest does). The build waits for it (both write
 * Astro's generated types, .astro/, which the components tests read), and vitest waits for the build.
 * Vitest and Playwright then run at the same time: one after the other they kept the two cores about half busy (a
 * fresh clone's .ci/run, npm ci included: 852 s of CPU in 806 s of wall time on the 2-core machine;
 * docs/benchmarks/test-suite.md), so together they take less wall time; vitest at a lower priority, and every DuckDB
 * of the run on one thread (step 4 below says why). Playwright's output is shown as it runs; vitest's and check's are
 * printed when they end. TEST_SERIAL=1 runs vitest first and Playwright after it (a machine with no idle core, or
 * to read vitest's output as it comes).
 * Every step runs even if an earlier test step failed (a failed build skips Playwright); the exit code is
 * non-zero when anything failed. A step that crashed without reporting tests counts as one failure.
 * Test accounts live in ACCOUNTS_DB_PATH, default data/test-accounts.sqlite (never the real accounts file).
 * PostgreSQL: one throwaway cluster (scripts/pgCluster.ts: Debian's initdb in a temp dir, a free port) for the
 * whole run, passed to vitest and Playwright as TEST_DATABASE_URL (the accounts tests on the PostgreSQL store,
 * the two-node e2e), stopped at the end, also after a failure or Ctrl-C. TEST_DATABASE_URL given from outside
 * is used as is. If the cluster cannot start, the PostgreSQL tests fail (they never skip).
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startPgCluster } from './pgCluster.ts';
import { checkStatsDbVersion } from '../src/server/db/statsDbVersion.ts';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);

const REPORTS = path.join(root, '.local', 'test-reports');
mkdirSync(REPORTS, { recursive: true });
const VITEST_JSON = path.join(REPORTS, 'vitest.json');
const PLAYWRIGHT_JSON = path.join(REPORTS, 'playwright.json');

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
if (!env.STATS_DB_PATH) env.STATS_DB_PATH = 'data/test-stats.duckdb';
if (!env.ACCOUNTS_DB_PATH) env.ACCOUNTS_DB_PATH = 'data/test-accounts.sqlite';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
let passed = 0;
let failed = 0;
/** The failed tests by name, printed at the end. */
const failures = [];

/** The foreground step running now (for the signal handler). */
let current = null;

/** Resolves to whether a child step succeeded: false when it could not start (said on stderr) or exited non-zero. */
function succeeded(label, child) {
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`${label} could not start: ${error.message}`);
      resolve(false);
    });
    child.on('exit', (code) => resolve(code === 0));
  });
}

/**
 * A step in the foreground, its output on the terminal; resolves to whether it succeeded. Not spawnSync: the
 * event loop keeps running, so Ctrl-C or a SIGTERM stops the run (and the PostgreSQL cluster) at once instead of
 * being handled only after every remaining step has run.
 */
async function run(label, command, args, extraEnv = {}) {
  console.log(`\n=== ${label}: ${[command, ...args].join(' ')}`);
  const child = spawn(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  current = child;
  try {
    return await succeeded(label, child);
  } finally {
    current = null;
  }
}

/**
 * A step run beside the others: its output goes to a file (nothing to drain while a foreground step blocks), and
 * `done` resolves to whether it succeeded. `output()` reads what it printed so far.
 */
function runInBackground(label, command, args, extraEnv = {}) {
  const logFile = path.join(REPORTS, `${label}.log`);
  const fd = openSync(logFile, 'w');
  console.log(`\n=== ${label} (in the background; its output follows when it ends): ${[command, ...args].join(' ')}`);
  const child = spawn(command, args, { stdio: ['ignore', fd, fd], env: { ...env, ...extraEnv } });
  closeSync(fd);
  let exited = false;
  const done = succeeded(label, child).finally(() => {
    exited = true;
  });
  return {
    done,
    exited: () => exited,
    output: () => readFileSync(logFile, 'utf8'),
    kill: () => {
      if (!exited) child.kill('SIGTERM');
    },
  };
}

/** "file: title" of every test a Playwright JSON report says failed (unexpected). */
function playwrightFailures(report) {
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests?.some((t) => t.status === 'unexpected')) out.push(`${spec.file}:${spec.line}: ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return out;
}

/** "file: full name" of every failed test in a vitest JSON report. */
function vitestFailures(report) {
  const out = [];
  for (const file of report?.testResults ?? []) {
    const name = path.relative(root, file.name ?? '');
    for (const test of file.assertionResults ?? []) if (test.status === 'failed') out.push(`${name}: ${test.fullName}`);
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') out.push(`${name}: ${file.message ?? 'failed to run'}`);
  }
  return out;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// 3, started first. Types: strict TypeScript over .ts, .tsx and .astro files (one failure when it reports errors).
const types = runInBackground('types', 'npx', ['astro', 'check']);

// The PostgreSQL cluster (started below), the background check and the step under way end with the run, also on
// Ctrl-C or SIGTERM.
let pgCluster = null;
const stopPg = () => pgCluster?.stop();
/** Vitest when it runs beside Playwright (step 4). */
let unitTests = null;
process.on('exit', () => {
  types.kill();
  unitTests?.kill();
  stopPg();
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    current?.kill(signal);
    types.kill();
    unitTests?.kill();
    stopPg();
    process.exit(130);
  });
}

// 1. Test database.
const ingestEntry = 'src/server/ingest/cli.ts';
// Only the test database this script names itself is built again when outdated: a STATS_DB_PATH of the caller's
// (their full database, say) is never overwritten with two test seasons.
const ownTestDb = !process.env.STATS_DB_PATH;
const stats = await checkStatsDbVersion(env.STATS_DB_PATH);
if (!stats.ok && (stats.reason === 'unreadable' || (stats.reason === 'outdated' && !ownTestDb))) {
  console.error(`${stats.message} Left as it is; the tests that read it will fail.`);
  failed += 1;
} else if (!stats.ok) {
  if (stats.reason === 'outdated') console.log(stats.message);
  if (pkg.scripts?.ingest && existsSync(ingestEntry)) {
    mkdirSync(path.dirname(path.resolve(env.STATS_DB_PATH)), { recursive: true });
    const ok = await run('test database', 'npm', ['run', 'ingest', '--', '--seasons', '2012-13,2022-23', '--season-type', 'all', '--out', env.STATS_DB_PATH]);
    if (!ok) {
      console.error(`The ingest failed to build ${env.STATS_DB_PATH}.`);
      failed += 1;
      failures.push(`test database: the ingest failed to build ${env.STATS_DB_PATH}`);
    }
  } else {
    console.log(`No ${env.STATS_DB_PATH} and no ingest yet: tests that need stats data will say so.`);
  }
}

// 1b. The throwaway PostgreSQL for the accounts tests.
if (!env.TEST_DATABASE_URL) {
  try {
    pgCluster = await startPgCluster();
    env.TEST_DATABASE_URL = pgCluster.url;
    console.log(`\n=== PostgreSQL test cluster: ${pgCluster.url} (${pgCluster.dir})`);
  } catch (error) {
    console.error(`\n=== PostgreSQL test cluster could not start; the PostgreSQL tests will fail:\n${error.message}`);
  }
}
// 1c. Lint: Biome's linter and formatter over the TypeScript and JavaScript (biome.jsonc), zero diagnostics (an
//     unformatted file is one); one failure when any.
if (await run('lint', 'npx', ['biome', 'check', '--error-on-warnings'])) passed += 1;
else {
  failed += 1;
  failures.push('lint: npx biome check --error-on-warnings (its output is above)');
}

// 3. Types (started at the beginning): its output, and its result. Then the build.
const typesOk = await types.done;
console.log(`\n=== types: npx astro check (ran in the background)\n${types.output()}`);
if (typesOk) passed += 1;
else {
  failed += 1;
  failures.push('types: npx astro check (its output is above)');
}
const buildOk = await run('build', 'npm', ['run', '--silent', 'build']);
if (!buildOk) {
  failed += 1;
  failures.push('build: npm run build (its output is above; the browser tests did not run)');
}

// 4. Unit and data tests (vitest), and the browser tests against the built server (Playwright): side by side
// unless TEST_SERIAL is set.
const VITEST_ARGS = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_JSON}`];
rmSync(VITEST_JSON, { force: true });
// Beside Playwright, vitest runs at a lower priority (VITEST_NICE, default 5): it then takes the CPU the browser tests
// leave while they wait (a page, a server starting, a timer), and Playwright is not slowed.
// Every DuckDB of the run (vitest's in-process instances, the servers under test) runs on one thread unless
// STATS_DB_THREADS says otherwise: with both cores already busy with the two runners, a second thread per query
// bought no time and cost CPU (vitest's two property suites: 39-40 -> 33-34 s of machine CPU; 103 browser tests of
// the stats pages: 127-135 -> 124 s). The product's default stays two (src/server/config.ts).
const VITEST_NICE = process.env.VITEST_NICE ?? '5';
const ONE_THREAD = { STATS_DB_THREADS: process.env.STATS_DB_THREADS ?? '1' };
let vitestOk;
if (process.env.TEST_SERIAL) vitestOk = await run('vitest', 'npx', VITEST_ARGS, ONE_THREAD);
else unitTests = runInBackground('vitest', 'nice', ['-n', VITEST_NICE, 'npx', ...VITEST_ARGS], ONE_THREAD);

if (buildOk) {
  rmSync(PLAYWRIGHT_JSON, { force: true });
  const pwOk = await run('playwright', 'npx', ['playwright', 'test'], { ...ONE_THREAD, PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_JSON });
  const pw = readJson(PLAYWRIGHT_JSON);
  failures.push(...playwrightFailures(pw));
  if (pw?.stats) {
    passed += (pw.stats.expected ?? 0) + (pw.stats.flaky ?? 0);
    const unexpected = pw.stats.unexpected ?? 0;
    failed += unexpected + (pwOk || unexpected > 0 ? 0 : 1);
  } else if (!pwOk) {
    failed += 1;
  }
}

if (unitTests) {
  vitestOk = await unitTests.done;
  console.log(`\n=== vitest: npx ${VITEST_ARGS.join(' ')} (ran beside Playwright)\n${unitTests.output()}`);
}
const vitest = readJson(VITEST_JSON);
failures.push(...vitestFailures(vitest));
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += (vitest.numFailedTests ?? 0) + (vitestOk || (vitest.numFailedTests ?? 0) > 0 ? 0 : 1);
} else if (!vitestOk) {
  failed += 1;
}

// The failed tests by name, last (a log read from its end shows them).
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
