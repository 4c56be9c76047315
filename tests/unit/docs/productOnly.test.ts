/**
 * The repository speaks of the product only: README.md, docs/, src/, tests/ and scripts/ name no numbered work
 * round or work item ("session" or "issue" followed by a number), in text, comments or test names. A rule or a
 * reason is written as itself ("a traded player's on/off covers his stints"), not as the item that asked for it.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TEXT = /\.(ts|tsx|mts|mjs|js|astro|md|css|sql|json|html|txt)$/;
// Built from parts so that this file does not match itself.
const WORK_ITEM = new RegExp(['sess' + 'ion [0-9]+', 'iss' + 'ue #?[0-9]+', 'iss' + 'ues? [0-9]+'].join('|'), 'i');

function files(rel: string): string[] {
  const full = path.join(ROOT, rel);
  if (!statSync(full).isDirectory()) return [rel];
  return readdirSync(full).flatMap((name) => files(path.join(rel, name)));
}

describe('the repository speaks of the product only', () => {
  it('names no numbered work round or work item', () => {
    const found: string[] = [];
    for (const file of ['README.md', 'docs', 'src', 'tests', 'scripts'].flatMap(files)) {
      if (!TEXT.test(file)) continue;
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (WORK_ITEM.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
        });
    }
    expect(found).toEqual([]);
  });
});
