/**
 * What bench:js and bench:api count as a page's first-load JS (scripts/firstLoadJs.ts), on a small build written
 * here: module scripts, islands hydrated at load, renderers, modulepreloads and their static imports count,
 * transitively and once each, `client:idle` islands too; dynamic imports do not.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLoadJs } from '../../../scripts/lib/firstLoadJs';

const FILES: Record<string, string> = {
  'entry.js': 'import{a}from"./shared.js";import"./side.js";console.log(a)',
  'shared.js': 'export const a=1;export{b}from"./deep.js"',
  'deep.js': 'export const b=2',
  'side.js': 'window.x=1',
  'island.js': 'import{a as q}from"./shared.js";const later=()=>import("./lazy.js");export default q',
  'lazy.js': 'import"./lazy-dep.js";export default 3',
  'lazy-dep.js': 'export default 4',
  'renderer.js': 'export default 5',
  'idle.js': 'import"./idle-dep.js";export default 6',
  'idle-dep.js': 'export default 7',
  'preloaded.js': 'export default 8',
  'idle-renderer.js': 'export default 9',
};

const HTML = `<!DOCTYPE html><html><head>
<script type="module" src="/_astro/entry.js"></script>
<link rel="modulepreload" href="/_astro/preloaded.js">
</head><body>
<astro-island uid="1" component-url="/_astro/island.js" component-export="default" renderer-url="/_astro/renderer.js" props="{}" ssr client="load" opts="{}"></astro-island>
<astro-island uid="2" component-url="/_astro/idle.js" component-export="default" renderer-url="/_astro/idle-renderer.js" props="{&quot;text&quot;:[0,&quot;a > b&quot;]}" ssr client="idle" opts="{}"></astro-island>
<script>console.log("inline, not a module")</script>
</body></html>`;

let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
  fs.mkdirSync(path.join(dir, '_astro'));
  for (const [name, code] of Object.entries(FILES)) fs.writeFileSync(path.join(dir, '_astro', name), code);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('firstLoadJs', () => {
  it('counts what runs at load (islands hydrated at load or when idle), and no lazy chunk', () => {
    const js = firstLoadJs(HTML, 'http://localhost/stats/players', dir);
    expect(js.files.map((f) => f.path).sort()).toEqual(
      ['entry.js', 'shared.js', 'deep.js', 'side.js', 'island.js', 'renderer.js', 'preloaded.js', 'idle.js', 'idle-dep.js', 'idle-renderer.js']
        .map((f) => `/_astro/${f}`)
        .sort(),
    );
  });

  it('sizes each file raw and gzipped, and adds them up', () => {
    const js = firstLoadJs(HTML, 'http://localhost/stats/players', dir);
    for (const f of js.files) {
      const code = fs.readFileSync(path.join(dir, f.path));
      expect(f.raw).toBe(code.length);
      expect(f.gzip).toBe(gzipSync(code, { level: 9 }).length);
    }
    expect(js.raw).toBe(js.files.reduce((s, f) => s + f.raw, 0));
    expect(js.gzip).toBe(js.files.reduce((s, f) => s + f.gzip, 0));
    // largest first
    expect(js.files.map((f) => f.gzip)).toEqual([...js.files.map((f) => f.gzip)].sort((a, b) => b - a));
  });
});
