/**
 * A benchmark's own tool, installed on first use instead of with the project: `npm ci` (CI's first step and every
 * fresh clone's) then never downloads and unpacks what only a benchmark runs. Lighthouse alone brought 165 of the
 * lockfile's 889 packages and about a third of `npm ci`'s CPU (docs/reference/dependencies.md).
 * The version is pinned here as a lockfile would pin it; the tool goes to .local/tools/<name>-<version>/ (ignored by
 * git), from the npm registry, once per machine.
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
  const installed = path.join(dir, 'node_modules', name, 'package.json');
  if (fs.existsSync(installed) && JSON.parse(fs.readFileSync(installed, 'utf8')).version === version) return dir;
  console.error(`Installing ${name} ${version} for this benchmark (once) into ${path.relative(ROOT, dir)}/`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ private: true, dependencies: { [name]: version } }, null, 2)}\n`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--save-exact'], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
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
