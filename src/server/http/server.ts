/**
 * The project's server (`npm run serve`): serves the built site from dist/ on PORT (default 4321) and HOST
 * (default 0.0.0.0). It resolves AUTH_SECRET first (a production start without one stops here with a clear
 * message), then loads Astro's middleware-mode handler and puts handler.ts in front of it.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolveAuthSecret, MissingAuthSecretError } from '../auth/secret.ts';
import { describeAccountStore, getAccountStore } from '../auth/store/index.ts';
import { config } from '../config.ts';
import { createHandler, type NodeHandler } from './handler.ts';

const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
const entry = path.join(distDir, 'server', 'entry.mjs');

try {
  process.env.AUTH_SECRET = resolveAuthSecret({
    envSecret: process.env.AUTH_SECRET,
    production: process.env.NODE_ENV === 'production',
    file: config.authSecretFile,
  });
} catch (error) {
  if (error instanceof MissingAuthSecretError) {
    console.error(`Courtvision cannot start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

// The accounts database: open it and bring its schema up to date now, so a wrong DATABASE_URL or a failed
// migration stops the start instead of the first sign-in.
try {
  const version = await getAccountStore().schemaVersion();
  console.log(`Accounts: ${describeAccountStore()} (schema version ${version})`);
} catch (error) {
  console.error(`Courtvision cannot start: accounts database ${describeAccountStore()}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

if (!fs.existsSync(entry)) {
  console.error(`Courtvision cannot start: ${entry} is missing. Build the site first (npm run build).`);
  process.exit(1);
}

const astro = (await import(pathToFileURL(entry).href)) as {
  handler: NodeHandler;
  options: { mode: string; client: string };
};
if (astro.options.mode !== 'middleware') {
  console.error('Courtvision cannot start: the build uses @astrojs/node in standalone mode; expected middleware mode.');
  process.exit(1);
}

const handler = createHandler({
  clientDir: fileURLToPath(astro.options.client),
  astroHandler: astro.handler,
  trustProxy: config.trustProxy,
});

const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '0.0.0.0';
const server = http.createServer((req, res) => void handler(req, res));
server.listen(port, host, () => {
  console.log(`Courtvision listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
});

function shutdown(signal: string): void {
  console.log(`${signal}: closing the server`);
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
