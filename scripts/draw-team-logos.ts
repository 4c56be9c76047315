/**
 * Draws the team roundels at public/img/teams/{lowercase abbr}.png: a disc in the team's primary colour,
 * a ring in its secondary colour, and the abbreviation. Our own simple art (no trademarked marks). One per
 * abbreviation a team played under: today's 30 and the former ones in their colours then (NJN, NOH, NOK, SEA).
 * Run: npx tsx scripts/draw-team-logos.ts  (the PNGs are committed; rerun only when teams or colours change)
 * Text needs a bold TrueType font: DejaVu Sans Bold or Liberation Sans Bold (Debian fonts-dejavu-core /
 * fonts-liberation), or FONT_FILE=/path/to/font.ttf.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { TEAMS, type Team } from '../src/lib/league/franchises';

const SIZE = 128;
const OUT_DIR = path.resolve('public/img/teams');
const FONT_CANDIDATES = [
  process.env.FONT_FILE,
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
].filter((f): f is string => typeof f === 'string' && f !== '');

/** Relative luminance (WCAG) of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour: white or near-black, whichever reads better on the disc. */
export function inkFor(background: string): string {
  return contrast(background, '#ffffff') >= contrast(background, '#111111') ? '#ffffff' : '#111111';
}

/** Today's teams and the former names with an abbreviation of their own (teamInSeason shows them). */
export function roundels(): Pick<Team, 'abbr' | 'colors'>[] {
  const byAbbr = new Map<string, Pick<Team, 'abbr' | 'colors'>>();
  for (const team of TEAMS) {
    byAbbr.set(team.abbr, team);
    for (const n of team.formerNames ?? []) if (!byAbbr.has(n.abbr)) byAbbr.set(n.abbr, { abbr: n.abbr, colors: n.colors ?? team.colors });
  }
  return [...byAbbr.values()];
}

export function roundelSvg(team: Pick<Team, 'abbr' | 'colors'>): string {
  const { primary, secondary } = team.colors;
  // A white secondary on a black disc (or the reverse) still needs a visible ring: keep it; otherwise make sure
  // the ring differs from the disc.
  const ring = primary.toLowerCase() === secondary.toLowerCase() ? inkFor(primary) : secondary;
  const ink = inkFor(primary);
  const fontSize = team.abbr.length > 3 ? 34 : 40;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <circle cx="64" cy="64" r="62" fill="${ring}"/>
  <circle cx="64" cy="64" r="54" fill="${primary}"/>
  <circle cx="64" cy="64" r="47" fill="none" stroke="${ink}" stroke-opacity="0.28" stroke-width="1.5"/>
  <text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif"
    font-weight="700" font-size="${fontSize}" letter-spacing="-1" fill="${ink}">${team.abbr}</text>
</svg>`;
}

function main(): void {
  const fontFiles = FONT_CANDIDATES.filter((f) => existsSync(f));
  if (fontFiles.length === 0) {
    console.error(`No bold TrueType font found (tried ${FONT_CANDIDATES.join(', ')}). Set FONT_FILE.`);
    process.exit(1);
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const all = roundels();
  for (const team of all) {
    const resvg = new Resvg(roundelSvg(team), {
      fitTo: { mode: 'width', value: SIZE },
      font: { fontFiles, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
    });
    const file = path.join(OUT_DIR, `${team.abbr.toLowerCase()}.png`);
    writeFileSync(file, resvg.render().asPng());
  }
  console.log(`Drew ${all.length} logos in ${OUT_DIR}`);
}

// Draw only when run as a script (the tests import the functions above).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
