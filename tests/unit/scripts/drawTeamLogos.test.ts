import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrast, inkFor, roundels, roundelSvg } from '../../../scripts/draw-team-logos';
import { TEAMS } from '../../../src/lib/league/franchises';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const buf = readFileSync(file);
  expect(buf.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(buf.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

describe('team roundels', () => {
  it('exist for all 30 teams at /img/teams/{lowercase abbr}.png, 128 x 128', () => {
    for (const team of TEAMS) expect(pngSize(`public/img/teams/${team.abbr.toLowerCase()}.png`), team.abbr).toEqual({ width: 128, height: 128 });
  });
  it('exist for the former abbreviations too, in their colours then', () => {
    expect(roundels().map((r) => r.abbr)).toEqual(expect.arrayContaining(['NJN', 'NOH', 'NOK', 'SEA']));
    for (const r of roundels()) expect(pngSize(`public/img/teams/${r.abbr.toLowerCase()}.png`), r.abbr).toEqual({ width: 128, height: 128 });
  });
  it('write the abbreviation in the colour that reads best on the team colour', () => {
    for (const team of roundels()) {
      const svg = roundelSvg(team);
      expect(svg).toContain(`>${team.abbr}</text>`);
      const ink = inkFor(team.colors.primary);
      expect(svg).toContain(`fill="${ink}">${team.abbr}`);
      // Large bold text: WCAG asks 3:1; every team colour reaches it with white or near-black.
      expect(contrast(ink, team.colors.primary), team.abbr).toBeGreaterThanOrEqual(3);
    }
  });
  it('computes WCAG contrast', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#777777')).toBeCloseTo(1, 5);
    expect(inkFor('#000000')).toBe('#ffffff');
    expect(inkFor('#FDB927')).toBe('#111111');
  });
});
