/**
 * The documentation's links resolve: every relative Markdown link in README.md, docs/ and the subsystem READMEs
 * under src/ names a file or folder that exists, and a link with a #fragment names a heading of its target (the
 * GitHub rule: lower case, punctuation dropped, spaces to hyphens). A page moved or renamed without its links
 * fails here.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function markdownFiles(dir: string, only?: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir))) {
    const rel = path.join(dir, entry);
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...markdownFiles(rel, only));
    else if (entry.endsWith('.md') && (!only || only(entry))) out.push(rel);
  }
  return out;
}

const PAGES = ['README.md', ...markdownFiles('docs'), ...markdownFiles('src', (name) => name === 'README.md')];

/** GitHub's anchor of a heading. */
const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');

function anchors(file: string): Set<string> {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return new Set([...text.matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1] ?? '')));
}

/** Every relative link of a page: [text](target), outside code spans. */
function links(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8').replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '').filter((target) => !/^(https?:|mailto:)/.test(target));
}

describe('documentation links', () => {
  it('finds the pages to check', () => {
    expect(PAGES).toContain('docs/README.md');
    expect(PAGES).toContain('src/server/stats/README.md');
  });

  it.each(PAGES)('%s: every relative link resolves', (page) => {
    const broken: string[] = [];
    for (const target of links(page)) {
      const [file = '', fragment] = target.split('#');
      const resolved = file ? path.normalize(path.join(path.dirname(page), file)) : page;
      if (!existsSync(path.join(ROOT, resolved))) broken.push(`${target} (no ${resolved})`);
      else if (fragment && resolved.endsWith('.md') && !anchors(resolved).has(fragment)) broken.push(`${target} (no heading #${fragment})`);
    }
    expect(broken).toEqual([]);
  });
});
