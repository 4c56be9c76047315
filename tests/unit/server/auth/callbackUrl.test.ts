/**
 * callbackUrl accepted only as a same-origin path: a corpus of tricky inputs, each refused, and what a real
 * browser would make of the accepted ones (resolved against another origin, they must stay on that origin).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callbackPathOf, isSafeCallbackPath, safeCallbackPath } from '../../../../src/server/auth/callbackUrl.ts';

const ORIGIN = 'http://localhost:4321';

const REFUSED = [
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/../\\evil.example',
  '/..\\evil.example',
  '/.//evil.example',
  '/%2F%2Fevil.example',
  '/%2f/evil.example',
  '/%5Cevil.example',
  '/%5c%5cevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r//evil.example',
  '/ /evil.example',
  '\t//evil.example',
  ' /stats',
  '/\u3000/evil.example',
  '/\uFF0F\uFF0Fevil.example',
  '/\u2215\u2215evil.example',
  '/stats\u0000',
  '/caf\u00e9',
  'https://evil.example/',
  'http://localhost:4321.evil.example/',
  'http://localhost:4321@evil.example/',
  '//localhost:4321@evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '--',
  '',
  'stats/players',
  '.',
  '/./',
  '/stats/../..//evil.example',
  '/a/../b',
  `/${'a'.repeat(3000)}`,
];

const ACCEPTED = [
  '/',
  '/stats/players',
  '/stats/players?season=2012&location=home',
  '/profile#plan',
  '/stats/player/profile/lebron_james_2544',
  '/stats?x=%2F%2Fevil',
];

describe('callbackUrl: same-origin paths only', () => {
  it.each(REFUSED)('refuses %j', (value) => {
    expect(isSafeCallbackPath(value)).toBe(false);
    expect(safeCallbackPath(value)).toBe('/');
    expect(callbackPathOf(value, ORIGIN)).toBeNull();
  });

  it.each(ACCEPTED)('accepts %j as is', (value) => {
    expect(safeCallbackPath(value)).toBe(value);
    expect(callbackPathOf(value, ORIGIN)).toBe(value);
  });

  it('accepts an absolute URL of the same origin (Auth.js keeps those in its cookie) as its path', () => {
    expect(callbackPathOf(`${ORIGIN}/stats/players?season=2012`, ORIGIN)).toBe('/stats/players?season=2012');
    expect(callbackPathOf(ORIGIN, ORIGIN)).toBe('/');
    expect(callbackPathOf(`${ORIGIN}//evil.example`, ORIGIN)).toBeNull();
    expect(callbackPathOf(`${ORIGIN}/..\\evil.example`, ORIGIN)).toBeNull();
    expect(callbackPathOf('https://localhost:4321/stats', ORIGIN)).toBeNull();
  });

  it('whatever the input, an accepted path stays on the site when a browser resolves it (property)', () => {
    let acceptedRuns = 0; // the property says nothing about refused inputs: enough must be accepted
    const tricky = fc.constantFrom('/', '\\', '.', '%', '2', 'f', 'F', '5', 'c', 'C', ':', '@', '?', '#', '\t', ' ', 'e', '\u2215', '\uFF0F');
    fc.assert(
      // half the inputs start like a path, so that many are accepted and the property is exercised
      fc.property(
        fc.tuple(fc.boolean(), fc.array(tricky, { maxLength: 12 })).map(([lead, parts]) => (lead ? '/' : '') + parts.join('')),
        (value) => {
          const accepted = callbackPathOf(value, ORIGIN);
          if (accepted === null) return true;
          acceptedRuns++;
          const resolved = new URL(accepted, 'https://courtvision.example/some/page');
          // Decoded once more (a proxy might), it still must not start a new authority.
          return resolved.origin === 'https://courtvision.example' && !decodeURIComponent(resolved.pathname).startsWith('//');
        },
      ),
      { numRuns: 5_000 },
    );
    expect(acceptedRuns).toBeGreaterThan(250);
  });
});
