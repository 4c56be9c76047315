/**
 * A benchmark's own tool, installed on first use instead of with the project: `npm ci` (CI's first step and every
 * fresh clone's) then never downloads and unpacks what only a benchmark runs (why: docs/reference/dependencies.md).
 * The tool's own version is pinned by its caller; its dependencies resolve as npm resolves them on the day of the
 * install. It goes to .local/tools/<name>-<version>/ (ignored by git), from the npm registry, once per machine; an
 * install that did not finish is done again.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The folder holding `name@version`'s node_modules, installed there first when it is not. */
export function benchToolDir(name: string, version: string): string {
  const dir = path.join(ROOT, '.local', 'tools', `${name}-${version}`);
  const done = path.join(dir, '.installed');
  if (fs.existsSync(done)) return dir;
  console.error(`Installing ${name} ${version} for this benchmark (once) into ${path.relative(ROOT, dir)}/`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ private: true, dependencies: { [name]: version } }, null, 2)}\n`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--save-exact'], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
  fs.writeFileSync(done, `${name}@${version}\n`);
  return dir;
}

/** Imports `specifier` (the tool itself or one of its dependencies) as the tool's folder resolves it. */
export async function importFromBenchTool<T>(dir: string, specifier: string): Promise<T> {
  const pkgDir = path.join(dir, 'node_modules', specifier);
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { main?: string; exports?: unknown };
  // An ES module package without "exports" (Lighthouse) is entered by its "main"; others as Node resolves them.
  const entry = pkg.exports ? createRequire(path.join(dir, 'package.json')).resolve(specifier) : path.join(pkgDir, pkg.main ?? 'index.js');
  return (await import(pathToFileURL(entry).href)) as T;
}
