/**
 * The boundaries of the code, read from the source files themselves, so a new file or import that breaks them
 * fails here:
 * - src as a whole is laid out by layers, top to bottom: routes (src/pages, and src/middleware.ts that runs before
 *   them) render layouts, layouts render Astro components (src/components, .astro only), components mount React
 *   islands (src/islands), islands read stores (src/stores), and all of them may use src/lib, the code shared by
 *   browser and server. src/server is reached only by what renders on the server (routes, layouts, Astro
 *   components) and itself uses only src/lib. A layer imports itself and the layers MAY_IMPORT names, type-only
 *   imports included: a type from a layer above still ties the module to it (src/server/content/metricSetGuides.ts
 *   once took its GuideRef from an island's table; both now read it from src/lib/site/guideGroups.ts);
 * - no module of src imports in a cycle, type-only imports included: the strongly connected components of the
 *   import graph are single modules (a cycle of types still means neither module can be read or moved alone);
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

/** The modules under `dir`: TypeScript by default; `CODE` for every kind a module of src is written in. */
const CODE = /\.(ts|tsx|astro|mjs)$/;
function sourceFiles(dir: string, kinds = /\.ts$/): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full, kinds);
    return kinds.test(name) ? [full] : [];
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
    /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"](\.{1,2}\/[^'"]+)['"]|import\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/g;
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
  const t = path.resolve(dir, spec.replace(/\?.*$/, '')); // `./charts.css?url`: the file itself
  if (/\.(ts|tsx|astro|mjs|js|css)$/.test(t)) return t;
  for (const ext of ['.ts', '.tsx']) if (existsSync(`${t}${ext}`)) return `${t}${ext}`;
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

/**
 * The import cycles of a graph: its strongly connected components (Tarjan) of more than one module, or of one module
 * that imports itself; each listed once, as its modules. A graph without a cycle gives [].
 */
function cyclesOf(nodes: readonly string[], next: (f: string) => string[]): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[] = [];
  const visit = (f: string) => {
    index.set(f, index.size);
    low.set(f, index.get(f)!);
    stack.push(f);
    onStack.add(f);
    const targets = next(f);
    for (const t of targets) {
      if (!index.has(t)) {
        visit(t);
        low.set(f, Math.min(low.get(f)!, low.get(t)!));
      } else if (onStack.has(t)) low.set(f, Math.min(low.get(f)!, index.get(t)!));
    }
    if (low.get(f) !== index.get(f)) return;
    const component: string[] = [];
    let m: string;
    do {
      m = stack.pop()!;
      onStack.delete(m);
      component.push(m);
    } while (m !== f);
    if (component.length > 1 || targets.includes(f)) cycles.push(component.map(rel).sort().join(' <-> '));
  };
  for (const f of nodes) if (!index.has(f)) visit(f);
  return cycles;
}

/**
 * The layers of src, top to bottom, and the layers each may import besides its own. A layer is a top-level folder
 * or file of src; a new one fails "every module lies in a layer" until it is placed here.
 */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  pages: ['layouts', 'components', 'islands', 'lib', 'server', 'styles'],
  'middleware.ts': ['lib', 'server'],
  layouts: ['components', 'islands', 'lib', 'server', 'styles'],
  components: ['islands', 'lib', 'server', 'styles'],
  islands: ['stores', 'lib', 'styles'],
  stores: ['lib'],
  server: ['lib'],
  lib: [],
  'content.config.ts': ['lib'],
  'env.d.ts': ['lib', 'server'],
  content: [],
  styles: [],
};
const layerOf = (file: string) => path.relative(SRC, file).split(path.sep)[0]!;
const srcModules = sourceFiles(SRC, CODE);

describe('src layers', () => {
  it('every module lies in a layer', () => {
    expect(srcModules.filter((f) => !(layerOf(f) in MAY_IMPORT)).map(rel)).toEqual([]);
    expect(srcModules.length).toBeGreaterThan(500);
  });

  it('no module imports a layer above its own, or one beside it that it may not reach', () => {
    const upward = edges(srcModules, (t, f) => {
      const [from, to] = [layerOf(f), layerOf(t)];
      return inside(SRC, t) && from !== to && !MAY_IMPORT[from]?.includes(to);
    });
    expect(upward).toEqual([]);
  });

  it('src/components holds Astro components only: a React component lives with the islands', () => {
    const components = path.join(SRC, 'components');
    expect(
      sourceFiles(components, CODE)
        .filter((f) => !f.endsWith('.astro'))
        .map(rel),
    ).toEqual([]);
  });

  it('no module of src imports in a cycle, type-only imports included', () => {
    const all = (f: string) =>
      importsOf(f)
        .map((i) => i.target)
        .filter((t) => inside(SRC, t) && CODE.test(t) && existsSync(t));
    expect(cyclesOf(srcModules, all)).toEqual([]);
  });
});

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
