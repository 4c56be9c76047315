import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { breadcrumbList, jsonLdGraph, jsonLdText, person, sportsEvent } from '../../../../src/lib/seo/jsonLd';
import { teamByAbbr } from '../../../../src/lib/league/franchises';

describe('JSON-LD', () => {
  test('"</script>" and "<!--" in a value cannot leave the script element, and the JSON reads back the same', () => {
    const doc = jsonLdGraph([person({ name: 'Evil </script><script>alert(1)</script> <!-- x', url: 'https://x/p', heightIn: null, team: null, teams: [] })]);
    const text = jsonLdText(doc);
    expect(text).not.toMatch(/<\/script/i);
    expect(text).not.toContain('<!--');
    expect(JSON.parse(text)).toEqual(doc);
  });

  test('property: any string survives escaping and never contains "<"', () => {
    // Random graphemes alone almost never hold a "<": half the inputs are built from the dangerous pieces.
    const pieces = fc.array(fc.constantFrom('<', '>', '/', '</script', '<!--', '-->', '&', '\u2028', 'é', ' ', 'x'), { maxLength: 12 }).map((p) => p.join(''));
    let withLt = 0;
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme' }), pieces), (s) => {
        if (s.includes('<')) withLt++;
        const text = jsonLdText({ name: s });
        expect(text).not.toContain('<');
        expect(JSON.parse(text)).toEqual({ name: s });
      }),
    );
    expect(withLt).toBeGreaterThan(10);
  });

  test('a game is a SportsEvent with both teams, the date, the home city and the final score', () => {
    const e = sportsEvent({
      name: 'x',
      url: 'https://x/g',
      date: '2023-01-01',
      away: teamByAbbr('BOS')!,
      home: teamByAbbr('DEN')!,
      awayPts: 111,
      homePts: 123,
    }) as Record<string, any>;
    expect(e['@type']).toBe('SportsEvent');
    expect(e.homeTeam.name).toBe('Denver Nuggets');
    expect(e.awayTeam.name).toBe('Boston Celtics');
    expect(e.location.name).toBe('Denver');
    expect(e.startDate).toBe('2023-01-01');
    expect(e.description).toBe('Final score: Boston Celtics 111, Denver Nuggets 123.');
  });

  test('breadcrumbs are numbered from 1 in order', () => {
    const b = breadcrumbList([
      { name: 'Home', url: 'https://x/' },
      { name: 'Stats', url: 'https://x/stats' },
    ]) as Record<string, any>;
    expect(b.itemListElement.map((i: { position: number; name: string }) => [i.position, i.name])).toEqual([
      [1, 'Home'],
      [2, 'Stats'],
    ]);
  });
});
