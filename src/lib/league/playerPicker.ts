/**
 * The lineup player picker's matches ("Eddy Curry before Stephen Curry in 2022-23" gave silent empty
 * results): players whose name contains every typed word (accents ignored), those who played in the chosen
 * seasons first (for the chosen team first, when the page has one), then everyone else, each with the seasons
 * that place him there.
 */
import { seasonLabel } from '../filters/filterDefinitions';
import { foldText, nicknamedPlayers } from './searchText';

export interface PickablePlayer {
  name: string;
  second_spectrum_id: number;
  played?: Readonly<Record<string, readonly string[]>>;
}

/** Where a match stands: 0 = the chosen team in a chosen season, 1 = a chosen season, 2 = other seasons only. */
export type PickerTier = 0 | 1 | 2;

export interface PickerMatch<P extends PickablePlayer = PickablePlayer> {
  player: P;
  tier: PickerTier;
  /** what he did in the chosen seasons ("DEN 2022-23"), else when he played ("2003-04 to 2012-13") */
  note: string;
}

export interface PickerContext {
  /** the seasons of the Season filter (start years) */
  seasons: readonly number[];
  /** the page's team (abbreviation), if any */
  team: string | null;
}

function placed<P extends PickablePlayer>(p: P, ctx: PickerContext): PickerMatch<P> {
  const played = p.played ?? {};
  const inChosen = ctx.seasons.filter((s) => played[String(s)]).sort((a, b) => b - a);
  if (inChosen.length > 0) {
    const withTeam = ctx.team !== null && inChosen.some((s) => played[String(s)]!.includes(ctx.team!));
    const note = inChosen.map((s) => `${played[String(s)]!.join('/')} ${seasonLabel(s)}`).join(', ');
    return { player: p, tier: withTeam ? 0 : 1, note };
  }
  const all = Object.keys(played)
    .map(Number)
    .sort((a, b) => a - b);
  const note = all.length === 0 ? 'no season' : all.length === 1 ? seasonLabel(all[0]!) : `${seasonLabel(all[0]!)} to ${seasonLabel(all[all.length - 1]!)}`;
  return { player: p, tier: 2, note };
}

/**
 * Matches of the typed text, at most `max`: tier by tier (the chosen team's players of the chosen seasons, the
 * chosen seasons' players, others), within a tier names starting with the first typed word first, then by the
 * list's order (names).
 */
export function pickerMatches<P extends PickablePlayer>(
  list: readonly P[],
  text: string,
  exclude: ReadonlySet<number>,
  ctx: PickerContext,
  max: number,
): PickerMatch<P>[] {
  const words = foldText(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const first = words[0]!;
  // A nickname names its player ("kd", "the process"; src/lib/league/searchText.ts), as a name starting with the text.
  const nick = nicknamedPlayers(text);
  const nicknamed = new Set([...nick.exact, ...nick.started].map(foldText));
  const found: { m: PickerMatch<P>; starts: boolean; i: number }[] = [];
  list.forEach((p, i) => {
    if (exclude.has(p.second_spectrum_id)) return;
    const name = foldText(p.name);
    const byNickname = nicknamed.has(name);
    if (!byNickname && !words.every((w) => name.includes(w))) return;
    found.push({ m: placed(p, ctx), starts: byNickname || name.split(/\s+/).some((part) => part.startsWith(first)), i });
  });
  return found
    .sort((a, b) => a.m.tier - b.m.tier || Number(b.starts) - Number(a.starts) || a.i - b.i)
    .slice(0, max)
    .map((x) => x.m);
}

export const TIER_HEADINGS: Record<PickerTier, (ctx: PickerContext) => string> = {
  0: (ctx) => `${ctx.team} in ${ctx.seasons.map(seasonLabel).join(', ')}`,
  1: (ctx) => `Played in ${ctx.seasons.map(seasonLabel).join(', ')}`,
  2: () => 'Other seasons (no possessions in the chosen seasons)',
};
