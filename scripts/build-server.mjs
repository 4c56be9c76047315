/**
 * `npm run build`'s second step: the project's server (src/server/http/server.ts and what it imports) bundled
 * into one plain JavaScript file, $DIST_DIR/server/courtvision.mjs (DIST_DIR: dist), so production runs `node` on built code:
 * TypeScript is compiled here (esbuild), not at run time, and tsx is a development tool only. Packages stay
 * external (node_modules, as installed by `npm ci`); Astro's own bundle (dist/server/entry.mjs) is loaded by the
 * server at start-up, as before.
 */
import { build } from 'esbuild';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outfile = path.resolve(root, process.env.DIST_DIR || 'dist', 'server', 'courtvision.mjs');
const started = performance.now();
await build({
  entryPoints: [path.join(root, 'src', 'server', 'http', 'server.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  banner: { js: '// Built by scripts/build-server.mjs from src/server/http/server.ts: do not edit.' },
});
console.log(`[build-server] ${path.relative(root, outfile)} in ${(performance.now() - started).toFixed(0)} ms`);
