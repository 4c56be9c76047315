/**
 * The compare page's GET actions (src/pages/stats/compare.astro works without JavaScript): `add` (a name typed
 * in "Add a player", found with the site search) and `edit` with `from`/`to` (a player's seasons). Each answers
 * with the permalink to redirect to, or, for a name that matches several players, the choices to offer.
 */
import { COMPARE_PLAYER_KEY, compareHref, MAX_COMPARED, parseComparedPlayer, type ComparedPlayer } from '../../lib/views/compare';
import { seasonLabel } from '../../lib/filters/filterDefinitions';
import { search, type PlayerHit } from '../search';
import { listPlayers, type Asker } from '../stats/answers/reads';

export type CompareAction =
  | { kind: 'none' }
  | { kind: 'redirect'; href: string }
  | { kind: 'choose'; typed: string; choices: { hit: PlayerHit; href: string }[] }
  | { kind: 'message'; message: string };

/** The compared players of the URL, skipping unreadable values (the page reports them). */
function playersIn(params: URLSearchParams): ComparedPlayer[] {
  return params.getAll(COMPARE_PLAYER_KEY).flatMap((v) => {
    const p = parseComparedPlayer(v);
    return typeof p === 'string' ? [] : [p];
  });
}

/**
 * The seasons a newly added player is compared over: the first compared player's seasons when he played in
 * the last of them, else his own latest season.
 */
async function spanFor(asker: Asker, playerId: number, players: readonly ComparedPlayer[]): Promise<[number, number] | null> {
  const known = (await listPlayers(asker)).find((p) => p.second_spectrum_id === playerId);
  const played = Object.keys(known?.played ?? {}).map(Number);
  const first = players[0]?.span;
  if (first && played.includes(first[1])) return [first[0], first[1]];
  return played.length ? [Math.max(...played), Math.max(...played)] : null;
}

export async function compareAction(params: URLSearchParams, asker: Asker): Promise<CompareAction> {
  const players = playersIn(params);
  const typed = params.get('add')?.trim();
  if (typed !== undefined) {
    if (typed === '') return { kind: 'redirect', href: compareHref(params, players) };
    if (players.length >= MAX_COMPARED) return { kind: 'message', message: `At most ${MAX_COMPARED} players: remove one first.` };
    const hits = (await search(typed.slice(0, 100), 6)).players.filter((h) => !players.some((p) => p.playerId === h.second_spectrum_id));
    if (hits.length === 0) return { kind: 'message', message: `No player matches "${typed}".` };
    const exact = hits.filter((h) => h.name.toLowerCase() === typed.toLowerCase());
    const withHit = async (hit: PlayerHit) =>
      compareHref(params, [...players, { playerId: hit.second_spectrum_id, span: await spanFor(asker, hit.second_spectrum_id, players) }]);
    if (hits.length === 1 || exact.length === 1) return { kind: 'redirect', href: await withHit(exact[0] ?? hits[0]!) };
    return { kind: 'choose', typed, choices: await Promise.all(hits.map(async (hit) => ({ hit, href: await withHit(hit) }))) };
  }
  const edit = params.get('edit');
  if (edit !== null) {
    const i = Number(edit);
    const from = Number(params.get('from'));
    const to = Number(params.get('to'));
    const p = players[i];
    const span = parseComparedPlayer(`0:${seasonLabel(from)}_${seasonLabel(to)}`);
    if (!Number.isInteger(i) || !p || typeof span === 'string')
      return { kind: 'message', message: 'Those seasons could not be read: pick a first and a last season.' };
    return {
      kind: 'redirect',
      href: compareHref(
        params,
        players.map((q, j) => (j === i ? { ...q, span: span.span } : q)),
      ),
    };
  }
  return { kind: 'none' };
}
