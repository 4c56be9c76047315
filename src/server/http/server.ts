/**
 * The project's server (`npm run serve`): serves the built site from DIST_DIR on PORT and HOST. At start-up it
 * checks everything it needs and stops with exit code 1 and one line saying what is wrong: the configuration
 * (src/server/config.ts validates every variable as it is imported), the AUTH_SECRET (required in production),
 * SMTP_URL and AUTH_URL in production (account email), the accounts database (must exist when ACCOUNTS_DB_PATH points somewhere else than the default; opened and
 * migrated now, SQLite or PostgreSQL), the stats database's whole-file checksum (src/server/db/statsFileChecksum.ts:
 * a damaged file, or one with no checksum in production, is refused) and schema version (a missing file only
 * warns: stats answer 503 until the ingest has built it), the build.
 * Then it loads Astro's middleware-mode handler and puts handler.ts in front of it.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolveAuthSecret, MissingAuthSecretError } from '../auth/secret.ts';
import { describeAccountStore, getAccountStore } from '../auth/store/index.ts';
import { config, DEFAULT_ACCOUNTS_DB_PATH } from '../config.ts';
import { checkStatsDbVersion } from '../db/statsDbVersion.ts';
import { acceptStatsFile } from '../db/statsFileChecksum.ts';
import { updateStatsDb } from '../db/statsDbUpdate.ts';
import { openStatsDb, StatsFileRefusedError } from '../db/statsDb.ts';
import { processMailWorker } from '../mail/processWorker.ts';
import { startTrialSweep } from '../billing/processTrialSweep.ts';
import { billingConfigProblem } from '../billing/processBilling.ts';
import { createHandler, type NodeHandler } from './handler.ts';
import { startDraining } from './draining.ts';
import { answerClientError, SERVER_OPTIONS } from './serverOptions.ts';
import { loadProductionReact, reactBuild } from './productionReact';
import { keepHelperThreadsLow } from './threadPriority';

function refuse(message: string): never {
  console.error(`Courtvision cannot start: ${message}`);
  process.exit(1);
}

try {
  // Astro's bundle is a separate module graph: it reads the resolved secret from the environment.
  process.env.AUTH_SECRET = resolveAuthSecret({ envSecret: config.authSecret, production: config.production, file: config.authSecretFile });
} catch (error) {
  if (error instanceof MissingAuthSecretError) refuse(error.message);
  throw error;
}

// Mail: production sends it for real, to addresses built from the public URL; the local outbox is for development.
if (config.production && !config.smtpUrl) {
  refuse('SMTP_URL is not set: production sends account email (sign-up, password reset) through a mail server; expected an smtp:// or smtps:// URL.');
}
if (config.production && !config.authUrl) {
  refuse('AUTH_URL is not set: production builds the links in its emails from it; expected the public https:// URL of the site.');
}

// Billing: real Stripe needs its webhook secret and prices; production takes no test payments unless asked to.
const billingProblem = billingConfigProblem();
if (billingProblem) refuse(billingProblem);

if (!config.databaseUrl && config.accountsDbPath !== path.resolve(DEFAULT_ACCOUNTS_DB_PATH) && !fs.existsSync(config.accountsDbPath)) {
  refuse(
    `ACCOUNTS_DB_PATH=${JSON.stringify(config.accountsDbPath)} does not exist: expected the path of an existing accounts ` +
      'database (create one with `npm run users -- add ...` or `npm run users -- seed-demo`).',
  );
}

// The accounts database: open it and bring its schema up to date now, so a wrong DATABASE_URL or a failed
// migration stops the start instead of the first sign-in.
try {
  const version = await getAccountStore().schemaVersion();
  console.log(`Accounts: ${describeAccountStore()} (schema version ${version})`);
} catch (error) {
  const variable = config.databaseUrl ? 'DATABASE_URL' : 'ACCOUNTS_DB_PATH';
  refuse(
    `${variable}: the accounts database ${describeAccountStore()} cannot be opened (${(error instanceof Error ? error.message : String(error)).split('\n')[0]}): expected a database this server can open and migrate.`,
  );
}

// The mail worker sends what the accounts store has queued (from this node or any other).
processMailWorker();

// The stats database: a file that fails its checksum (or has none, in production) is refused first, then a
// file of another schema version (rebuild or copy the right one). The checksum's answer is remembered: the
// first query's open of the file does not read it again.
const checksum = await acceptStatsFile(config.statsDbPath, { production: config.production });
if (!checksum.ok && checksum.check.status !== 'missing') refuse(checksum.message);
const stats = await checkStatsDbVersion(config.statsDbPath);
if (stats.ok && checksum.ok) {
  const checked =
    checksum.check.status === 'verified'
      ? `checksum verified in ${checksum.check.seconds.toFixed(1)} s`
      : 'no checksum: not checked for damage (a file without one is refused in production)';
  console.log(`Stats: ${config.statsDbPath} (schema version ${stats.version}; ${checked})`);
} else if (stats.ok) console.log(`Stats: ${config.statsDbPath} (schema version ${stats.version})`);
else if (stats.missing) console.log(`Warning: ${stats.message}`);
else refuse(stats.message);
// The file just checked is opened now, so it is the one served (the check's answer is reused, not read again).
if (stats.ok) {
  await openStatsDb().catch((error: unknown) => {
    refuse(error instanceof StatsFileRefusedError ? error.reason : (error instanceof Error ? error.message : String(error)).split('\n')[0]!);
  });
}

const entry = path.join(config.distDir, 'server', 'entry.mjs');
if (!fs.existsSync(entry)) refuse(`DIST_DIR=${JSON.stringify(config.distDir)} holds no build (${entry} is missing): expected the output of \`npm run build\`.`);

loadProductionReact();
console.log(`React: ${reactBuild()} build`);
const astro = (await import(pathToFileURL(entry).href)) as {
  handler: NodeHandler;
  options: { mode: string; client: string };
};
if (astro.options.mode !== 'middleware')
  refuse(`DIST_DIR=${JSON.stringify(config.distDir)} holds a build in @astrojs/node standalone mode: expected this project's build (middleware mode).`);

const handler = createHandler({
  clientDir: fileURLToPath(astro.options.client),
  astroHandler: astro.handler,
  trustProxy: config.trustProxy > 0,
  https: config.authUrl.startsWith('https://'),
  metricsToken: config.metricsToken,
});

// Heads up to 64 KB parsed (the handler answers 414/431 past 16 KB), Node's parse errors answered as JSON, and
// every status line with its standard reason phrase (serverOptions.ts).
const server = http.createServer(SERVER_OPTIONS, (req, res) => void handler(req, res));
server.on('clientError', answerClientError);
/**
 * Idle keep-alive connections stay open longer than clients and load balancers keep them (nginx and most
 * balancers: 60 s), so the client closes an idle connection first. With Node's default of 5 s, a client that
 * reuses a connection just as the server closes it gets no answer at all (undici: "other side closed"; a
 * balancer: 502), a race that a loaded CPU makes likely: it is what the under-load switch test met beside the
 * suite, with the server alive and answering. headersTimeout must stay above it.
 */
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') refuse(`PORT=${config.port} is already in use on ${config.host}: expected a free port.`);
  if (error.code === 'EACCES') refuse(`PORT=${config.port} needs privileges to listen on: expected a port above 1023.`);
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') refuse(`HOST=${JSON.stringify(config.host)} is not an address of this machine.`);
  refuse(
    `PORT=${config.port} on HOST=${JSON.stringify(config.host)}: could not listen (${error.code ?? error.message}): expected a free port on an address of this machine.`,
  );
});
server.listen(config.port, config.host, () => {
  // The bound port (PORT=0 picks a free one).
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  console.log(`Courtvision listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port} (pid ${process.pid})`);
  keepHelperThreadsLow(config.workerThreadNiceness);
  // The trials' reminders (3 days before a trial ends) and, in test mode, the ends of trials; their links go to
  // AUTH_URL, else to this address.
  startTrialSweep(`http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`);
});

/**
 * Graceful shutdown: readiness goes false at once (/readyz 503), the listening socket closes (new connections
 * are refused), idle keep-alive connections close, requests under way finish (up to SHUTDOWN_GRACE_MS; then
 * the rest are cut), the databases close, and the process exits 0.
 */
let shuttingDown = false;
function shutdown(signal: string): void {
  if (shuttingDown) return;
  shuttingDown = true;
  startDraining();
  console.log(`${signal}: draining (new connections refused, requests under way finish within ${config.shutdownGraceMs} ms)`);
  const finish = async (code: number) => {
    await processMailWorker()
      .stop()
      .catch(() => undefined);
    await getAccountStore()
      .close()
      .catch(() => undefined);
    process.exit(code);
  };
  server.close(() => void finish(0));
  server.closeIdleConnections();
  // Keep-alive connections that were busy close as their request ends.
  server.on('request', (_req, res) => res.setHeader('Connection', 'close'));
  setTimeout(() => {
    console.log(`${signal}: requests still under way after ${config.shutdownGraceMs} ms were cut`);
    server.closeAllConnections();
    void finish(0);
  }, config.shutdownGraceMs).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));

// A new stats file (the nightly ingest renamed it over STATS_DB_PATH): `systemctl reload` or kill -HUP switches
// to it without a restart, once it passes its checks (src/server/db/statsDb.ts reloadStatsDb).
process.on('SIGHUP', () => void updateStatsDb('SIGHUP'));
