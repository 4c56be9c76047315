/**
 * src/server/stats is laid out by layers (its README.md): a module imports only modules of its own layer or of
 * the layers below it, and the modules of the folder import one another without a cycle. Read from the source
 * files themselves, so a new file or import that breaks the layout fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../../src/server/stats');

/** Top to bottom: a layer may import its own and the ones after it. Games and shots are one layer; so are answers and the finder. */
const LAYERS: string[][] = [['request'], ['answers', 'finder'], ['games', 'shots'], ['views'], ['entities'], ['sql'], ['metrics'], ['base']];
const rankOf = (folder: string) => LAYERS.findIndex((l) => l.includes(folder));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

/** The files of src/server/stats a module imports (relative imports that land inside the folder). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return specs
    .map((s) => path.resolve(path.dirname(file), s))
    .map((t) => (t.endsWith('.ts') ? t : `${t}.ts`))
    .filter((t) => t.startsWith(ROOT + path.sep));
}

const folderOf = (file: string) => path.relative(ROOT, file).split(path.sep)[0]!;
const files = sourceFiles(ROOT);

describe('src/server/stats layers', () => {
  it('every module lies in a layer folder', () => {
    const loose = files.filter((f) => rankOf(folderOf(f)) < 0).map((f) => path.relative(ROOT, f));
    expect(loose).toEqual([]);
    expect(files.length).toBeGreaterThan(30);
  });

  it('no module imports a layer above its own', () => {
    const upward: string[] = [];
    for (const f of files) {
      for (const t of importsOf(f)) {
        if (rankOf(folderOf(t)) < rankOf(folderOf(f))) upward.push(`${path.relative(ROOT, f)} -> ${path.relative(ROOT, t)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('the modules import one another without a cycle', () => {
    const graph = new Map(files.map((f) => [f, importsOf(f)]));
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (f: string, trail: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(f)), f].map((x) => path.relative(ROOT, x)).join(' -> '));
        return;
      }
      state.set(f, 'open');
      for (const t of graph.get(f) ?? []) visit(t, [...trail, f]);
      state.set(f, 'done');
    };
    for (const f of files) visit(f, []);
    expect(cycles).toEqual([]);
  });
});
