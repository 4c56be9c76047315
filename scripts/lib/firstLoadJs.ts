/**
 * The JavaScript a page runs at first load, measured from a build: every module script and modulepreload named
 * in the page's HTML, the component and renderer of every island hydrated without the reader doing anything
 * (`client:load`, and `client:idle`: Astro imports those as soon as the browser is idle after the first paint, and
 * the stats app is one of them), and what they import statically, transitively. Left out: dynamic
 * `import()`s (lazy chunks loaded when a page or a control needs them). Used by `npm run bench:js`
 * (scripts/bench-js.ts) and by section 4 and the JS goal of `npm run bench:api`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface JsFile {
  /** the URL path, e.g. /_astro/client.B1x2.js */
  path: string;
  raw: number;
  /** gzip -9 bytes */
  gzip: number;
}

export interface FirstLoad {
  files: JsFile[];
  raw: number;
  gzip: number;
}

/** Specifiers a module imports or re-exports statically (what the browser must fetch before it runs). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;
  for (let m = re.exec(code); m; m = re.exec(code)) out.push(m[1]!);
  const re2 = /(?:^|[;}\s])export\s*[\w$*{}\s,]+?\s*from\s*["']([^"']+)["']/g;
  for (let m = re2.exec(code); m; m = re2.exec(code)) out.push(m[1]!);
  return out;
}

/**
 * @param html the page as the server sent it
 * @param pageUrl the page's URL (relative specifiers resolve against it)
 * @param clientDir the build's client directory (dist/client), where /_astro/*.js live
 */
export function firstLoadJs(html: string, pageUrl: string, clientDir: string): FirstLoad {
  const urls = new Set<string>();
  // an island's opening tag (its quoted props may hold a ">")
  for (const island of html.matchAll(/<astro-island\b(?:[^>"]|"[^"]*")*>/g)) {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(island[0])?.[1];
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = attr(name);
      if (url) urls.add(new URL(url, pageUrl).pathname);
    }
  }
  const attrs = [/<script[^>]*type="module"[^>]*src="([^"]+)"/g, /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g];
  for (const re of attrs) {
    for (let m = re.exec(html); m; m = re.exec(html)) if (m[1]) urls.add(new URL(m[1], pageUrl).pathname);
  }
  // inline module scripts may import too
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const spec of staticImports(m[1] ?? '')) urls.add(new URL(spec, pageUrl).pathname);
  }
  const files = new Map<string, JsFile>();
  const visit = (pathname: string) => {
    if (files.has(pathname) || !pathname.endsWith('.js')) return;
    const file = path.join(clientDir, pathname);
    if (!fs.existsSync(file)) return;
    const code = fs.readFileSync(file);
    files.set(pathname, { path: pathname, raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
    for (const spec of staticImports(code.toString('utf8'))) visit(new URL(spec, new URL(pathname, pageUrl)).pathname);
  };
  for (const u of urls) visit(u);
  const list = [...files.values()].sort((a, b) => b.gzip - a.gzip);
  return { files: list, raw: list.reduce((s, f) => s + f.raw, 0), gzip: list.reduce((s, f) => s + f.gzip, 0) };
}

/** The goal: a stats page runs at most this much gzipped JS at first load. */
export const FIRST_LOAD_JS_GOAL = 150 * 1024;
