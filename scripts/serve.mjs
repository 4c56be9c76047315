/**
 * `npm run serve`: the built server, $DIST_DIR/server/courtvision.mjs (DIST_DIR: dist), run by plain node: no
 * TypeScript at run time. Build it with `npm run build`; `npm run serve:dev` runs the sources through tsx.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const bundle = path.resolve(process.env.DIST_DIR || 'dist', 'server', 'courtvision.mjs');
if (!fs.existsSync(bundle)) {
  console.error(
    `Courtvision cannot start: DIST_DIR=${JSON.stringify(path.dirname(path.dirname(bundle)))} holds no built server (${bundle} is missing): expected the output of \`npm run build\`.`,
  );
  process.exit(1);
}
await import(pathToFileURL(bundle).href);
