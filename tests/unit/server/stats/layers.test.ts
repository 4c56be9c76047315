/**
 * The boundaries of the server, read from the source files themselves, so a new file or import that breaks them
 * fails here:
 * - src/server/stats is laid out by layers (its README.md): a module imports only modules of its own layer or of
 *   the layers below it, and the modules of the folder import one another without a cycle;
 * - nothing in src/server imports in a cycle (type-only imports aside: they are erased, so they cannot make a
 *   module start before the one it needs);
 * - src/lib never imports src/server;
 * - the ingest and the stats server never import each other: what they share (the counter columns and the derived
 *   tables of the stats file) is src/server/statsSchema, which imports neither (of the stats server, only the
 *   pure formulas of metrics/);
 * - the developer API (src/server/api) enters the stats server as /api/data does, through its request and
 *   answers layers, never a module below them;
 * - only the answers layer opens DuckDB connections (the pooled handle or a scope of its own): every other stats
 *   module reads through the handle it is given, so every read waits its turn in the query queue (answers/reads.ts);
 *   outside the stats server, only readers of the file's own record (ingest_meta) do.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../../../src');
const SERVER = path.join(SRC, 'server');
const ROOT = path.join(SERVER, 'stats');

/** Top to bottom: a layer may import its own and the ones after it. Games and shots are one layer. */
const LAYERS: string[][] = [['request'], ['answers', 'finder'], ['games', 'shots'], ['views'], ['entities'], ['sql'], ['metrics'], ['base']];
const rankOf = (folder: string) => LAYERS.findIndex((l) => l.includes(folder));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

interface Import {
  /** the file imported (resolved; relative imports only) */
  target: string;
  /** `import type` / `export type`: erased from the running code */
  typeOnly: boolean;
  /** the names imported (empty for a namespace or side-effect import) */
  names: string[];
  /** `import * as x`: every name of the module */
  namespace: boolean;
}

/** The relative imports (and re-exports) of a file, resolved to files. */
function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const found: Import[] = [];
  const statement =
    /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*'(\.{1,2}\/[^']+)'|import\s*\(\s*'(\.{1,2}\/[^']+)'\s*\)|(?:^|\n)\s*import\s+'(\.{1,2}\/[^']+)'/g;
  for (const m of text.matchAll(statement)) {
    const spec = m[4] ?? m[5] ?? m[6]!;
    const clause = m[3] ?? '';
    const names = [...(clause.match(/\{([^}]*)\}/)?.[1] ?? '').split(',')].map((n) => n.trim()).filter(Boolean);
    const allTypes = names.length > 0 && names.every((n) => n.startsWith('type '));
    found.push({
      target: resolve(path.dirname(file), spec),
      typeOnly: Boolean(m[2]) || allTypes,
      names: names.map((n) => n.replace(/^type\s+/, '').split(/\s+as\s+/)[0]!),
      namespace: /^\*\s+as\s/.test(clause),
    });
  }
  return found;
}

function resolve(dir: string, spec: string): string {
  const t = path.resolve(dir, spec);
  if (/\.(ts|tsx|astro|mjs|js)$/.test(t)) return t;
  if (existsSync(`${t}.ts`)) return `${t}.ts`;
  if (existsSync(path.join(t, 'index.ts'))) return path.join(t, 'index.ts');
  return `${t}.ts`;
}

const inside = (dir: string, file: string) => file.startsWith(dir + path.sep);
const rel = (file: string) => path.relative(SRC, file);
const folderOf = (file: string) => path.relative(ROOT, file).split(path.sep)[0]!;
const files = sourceFiles(ROOT);
const serverFiles = sourceFiles(SERVER);

/** What opens a DuckDB connection of src/server/db/statsDb.ts: the pooled handle, its query(), a scope of its own. */
const OPENERS = new Set(['query', 'statsDb', 'withScope']);
/** Whether an import of `target` takes an opener (by name, or with the whole module). */
const opens = (target: string, i: Import) =>
  target === path.join(SERVER, 'db', 'statsDb.ts') && !i.typeOnly && (i.namespace || i.names.some((n) => OPENERS.has(n)));

/** Every edge `from -> to` of `sources` whose target passes `bad`. */
function edges(sources: readonly string[], bad: (target: string, from: string, i: Import) => boolean): string[] {
  return sources.flatMap((f) =>
    importsOf(f)
      .filter((i) => bad(i.target, f, i))
      .map((i) => `${rel(f)} -> ${rel(i.target)}`),
  );
}

/** The cycles of a graph (each found once from where the search met it). */
function cyclesOf(nodes: readonly string[], next: (f: string) => string[]): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[] = [];
  const visit = (f: string, trail: string[]) => {
    if (state.get(f) === 'done') return;
    if (state.get(f) === 'open') {
      cycles.push([...trail.slice(trail.indexOf(f)), f].map(rel).join(' -> '));
      return;
    }
    state.set(f, 'open');
    for (const t of next(f)) visit(t, [...trail, f]);
    state.set(f, 'done');
  };
  for (const f of nodes) visit(f, []);
  return cycles;
}

describe('src/server/stats layers', () => {
  it('every module lies in a layer folder', () => {
    const loose = files.filter((f) => rankOf(folderOf(f)) < 0).map((f) => path.relative(ROOT, f));
    expect(loose).toEqual([]);
    expect(files.length).toBeGreaterThan(30);
  });

  it('no module imports a layer above its own', () => {
    expect(edges(files, (t, f) => inside(ROOT, t) && rankOf(folderOf(t)) < rankOf(folderOf(f)))).toEqual([]);
  });

  it('the modules import one another without a cycle', () => {
    expect(
      cyclesOf(files, (f) =>
        importsOf(f)
          .map((i) => i.target)
          .filter((t) => inside(ROOT, t)),
      ),
    ).toEqual([]);
  });

  it('only the answers layer opens connections: the other modules read through the handle they are given', () => {
    // The season catalogue is read once per stats file, before any request is parsed (the middleware and the API's
    // `handle` check a `season=` against it): there is no asker yet to queue it for.
    const CATALOGUE = path.join(ROOT, 'entities', 'seasons.ts');
    const opening = edges(
      files.filter((f) => rankOf(folderOf(f)) !== rankOf('answers') && f !== CATALOGUE),
      (t, _f, i) => opens(t, i),
    );
    expect(opening).toEqual([]);
  });
});

describe('src/server boundaries', () => {
  it('nothing in src/server imports in a cycle', () => {
    const running = (f: string) =>
      importsOf(f)
        .filter((i) => !i.typeOnly && inside(SERVER, i.target))
        .map((i) => i.target);
    expect(cyclesOf(serverFiles, running)).toEqual([]);
    expect(serverFiles.length).toBeGreaterThan(200);
  });

  it("outside the stats server, only the stats file's own record is read on a connection of its own", () => {
    // Reads of ingest_meta for the operator and the nightly jobs (no visitor waits on them, and a metrics scrape or
    // an alert run must not be refused by a busy queue). Every other read, pages and search included, goes through
    // the answers layer (answers/reads.ts queuedRead).
    const RECORD_READERS = new Set([path.join(SERVER, 'feed', 'updateRecord.ts'), path.join(SERVER, 'alerts', 'runAlerts.ts')]);
    const DB = path.join(SERVER, 'db');
    const opening = edges(
      serverFiles.filter((f) => !inside(ROOT, f) && !inside(DB, f) && !RECORD_READERS.has(f)),
      (t, _f, i) => opens(t, i),
    );
    expect(opening).toEqual([]);
  });

  it('src/lib never imports src/server', () => {
    expect(edges(sourceFiles(path.join(SRC, 'lib')), (t) => inside(SERVER, t))).toEqual([]);
  });

  it('the ingest and the stats server do not import each other; what they share imports neither', () => {
    const INGEST = path.join(SERVER, 'ingest');
    const SCHEMA = path.join(SERVER, 'statsSchema');
    expect(edges(sourceFiles(INGEST), (t) => inside(ROOT, t))).toEqual([]);
    expect(edges(files, (t) => inside(INGEST, t))).toEqual([]);
    const schema = sourceFiles(SCHEMA);
    expect(schema.length).toBeGreaterThan(0);
    expect(edges(schema, (t) => inside(INGEST, t) || (inside(ROOT, t) && folderOf(t) !== 'metrics'))).toEqual([]);
  });

  it('the developer API enters the stats server through its request and answers layers only', () => {
    const API = path.join(SERVER, 'api');
    expect(edges(sourceFiles(API), (t) => inside(ROOT, t) && rankOf(folderOf(t)) > rankOf('answers'))).toEqual([]);
    // and opens no connection of its own
    expect(edges(sourceFiles(API), (t, _f, i) => opens(t, i))).toEqual([]);
  });
});
