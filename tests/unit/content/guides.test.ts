/**
 * The guides collection explains every metric set the stats pages offer: each set value (on any page kind,
 * either side) is claimed by exactly one guide, and that guide names every column of the set.
 * Also: the articles the product promises exist, with the frontmatter the collection schema needs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_KINDS } from '../../../src/lib/site/pageKinds';
import { columnsOf, metricSetDefinitions } from '../../../src/lib/tables/metricSets';

interface Doc {
  id: string;
  front: Record<string, string>;
  body: string;
}

function readDocs(dir: string): Doc[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => {
      const text = readFileSync(path.join(dir, f), 'utf8');
      const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      if (!m) throw new Error(`${f}: no frontmatter`);
      const front: Record<string, string> = {};
      for (const line of m[1]!.split('\n')) {
        const kv = /^(\w+):\s*(.*)$/.exec(line);
        if (kv) front[kv[1]!] = kv[2]!;
      }
      return { id: f.replace(/\.md$/, ''), front, body: m[2]! };
    });
}

const list = (value: string | undefined) =>
  (value ?? '')
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

const guides = readDocs('src/content/guides');
const articles = readDocs('src/content/articles');

/** Every metric set value offered anywhere, with the column labels it can show. */
const offered = new Map<string, Set<string>>();
for (const kind of PAGE_KINDS) {
  for (const side of ['offense', 'defense'] as const) {
    for (const def of metricSetDefinitions(kind, side)) {
      const labels = offered.get(def.value) ?? new Set<string>();
      for (const c of columnsOf(def)) labels.add(c.label);
      offered.set(def.value, labels);
    }
  }
}

describe('guides', () => {
  it('claim every metric set the stats pages offer, each exactly once', () => {
    const claims = new Map<string, string[]>();
    for (const g of guides) for (const set of list(g.front.metricSets)) claims.set(set, [...(claims.get(set) ?? []), g.id]);
    for (const value of offered.keys()) expect(claims.get(value), `guide for ${value}`).toHaveLength(1);
    for (const [value, ids] of claims) expect(offered.has(value), `${value} (claimed by ${ids.join(', ')}) is a real metric set`).toBe(true);
  });

  it('name every column of the sets they explain', () => {
    for (const g of guides) {
      for (const set of list(g.front.metricSets)) {
        for (const label of offered.get(set) ?? []) {
          expect(g.body.includes(label), `${g.id} explains the column "${label}" of ${set}`).toBe(true);
        }
      }
    }
  });

  it('carry the frontmatter the collection requires', () => {
    for (const g of guides) {
      for (const key of ['title', 'metricSets', 'group', 'order', 'summary', 'views']) expect(g.front[key], `${g.id}.${key}`).toBeTruthy();
    }
  });
});

describe('articles', () => {
  it('cover possessions, the four factors and garbage time', () => {
    expect(articles.map((a) => a.id).sort()).toEqual(expect.arrayContaining(['four-factors', 'garbage-time', 'possessions']));
  });
  it('state the definitions of METRICS.md', () => {
    const body = (id: string) => articles.find((a) => a.id === id)!.body;
    expect(body('four-factors')).toContain('eFG% = (FGM + 0.5 × 3PM) / FGA');
    expect(body('four-factors')).toContain('ORB% = OREB / (OREB + opponent DREB)');
    expect(body('garbage-time')).toMatch(/at least \*\*25 points\*\* with between 12:00 and 9:00 left/);
    expect(body('garbage-time')).toMatch(/Two or fewer of the game's starters are on the floor/);
    expect(body('possessions')).toMatch(/An \*\*offensive rebound\*\* keeps the\s+possession alive/);
  });
  it('are substantive', () => {
    for (const a of articles) expect(a.body.split(/\s+/).length, a.id).toBeGreaterThan(500);
  });
});
