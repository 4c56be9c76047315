/**
 * Saved views: a stats page or finder query (its address on this site: page kind, side, metric set and filters are
 * all in the path and query) kept by a subscriber under a name, listed on the account page (open, rename, delete,
 * alert on or off) and shared as the address itself: whoever opens it sees the same page under their own plan. A
 * view is the owner's alone: every read and change names the owner, and another account's view id is "not found".
 *
 * The rules, here and nowhere else:
 * - a name: 1 to VIEW_NAME_MAX characters once trimmed (inner runs of white space kept as one space), no control
 *   characters;
 * - an address: a path under /stats on this site with its query (`/stats/players?season=2022&side=defense`), at most
 *   VIEW_URL_MAX characters; a scheme, a host, `//`, a backslash, `..` or a control character is refused, so a saved
 *   link can never send anyone to another site (the fragment is dropped);
 * - at most MAX_SAVED_VIEWS per account: the next one is refused with a message saying to delete one first;
 * - saving needs the Stats plan (as the gated filters: mayUseGatedFilters); listing, opening, renaming and deleting
 *   do not, so a lapsed customer can still tidy up;
 * - an alert only on a finder view of games (mode player_games or team_games): it mails the new games matching it
 *   after each stats update (src/server/alerts).
 */
import { mayUseGatedFilters } from '../../lib/accounts/planStatus.ts';
import { VIEW_NAME_MAX } from '../../lib/accounts/savedViewName.ts';
import type { Session } from '../../lib/accounts/sessionShape.ts';
import type { AccountStore, SavedViewRecord } from '../auth/store/types.ts';

export const MAX_SAVED_VIEWS = 200;
export { VIEW_NAME_MAX };
export const VIEW_URL_MAX = 2000;
/** The finder's page: its views may carry an alert. */
export const FINDER_PATH = '/stats/finder';
/** The finder modes whose rows are games, the only ones an alert can follow. */
export const ALERT_MODES = ['player_games', 'team_games'] as const;

export class SavedViewError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    message: string,
    readonly field?: 'name' | 'url',
  ) {
    super(message);
    this.name = 'SavedViewError';
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the rule itself: control characters are refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The name as stored, or a SavedViewError saying what is wrong with it. */
export function checkViewName(raw: unknown): string {
  if (typeof raw !== 'string') throw new SavedViewError(400, 'Give the view a name.', 'name');
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name === '') throw new SavedViewError(400, 'Give the view a name.', 'name');
  if (CONTROL.test(name)) throw new SavedViewError(400, 'The name has a character that cannot be shown.', 'name');
  if ([...name].length > VIEW_NAME_MAX) throw new SavedViewError(400, `The name is too long: at most ${VIEW_NAME_MAX} characters.`, 'name');
  return name;
}

/** A path segment of a stats address: letters, digits and - _ . ~ % (player slugs, game codes, team abbreviations). */
const STATS_PATH = /^\/stats(?:\/[A-Za-z0-9\-_.~%]+)*\/?$/;

/**
 * The address as stored (path and query, no fragment), or a SavedViewError. Example: `/stats/players?season=2022`
 * is kept; `https://evil.example/stats`, `//evil.example/stats`, `/stats/../signout`, `/profile` are refused.
 */
export function checkViewUrl(raw: unknown): string {
  const refuse = (why: string) => new SavedViewError(400, `This address cannot be saved: ${why}`, 'url');
  if (typeof raw !== 'string' || raw.trim() === '') throw refuse('it is empty.');
  const text = raw.trim();
  if (text.length > VIEW_URL_MAX) throw refuse(`it is longer than ${VIEW_URL_MAX} characters.`);
  if (CONTROL.test(text) || text.includes('\\')) throw refuse('it has a character an address cannot hold.');
  if (!text.startsWith('/') || text.startsWith('//')) throw refuse('only a stats page of this site can be saved.');
  const base = 'https://courtvision.invalid';
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw refuse('it is not an address.');
  }
  if (url.origin !== base) throw refuse('only a stats page of this site can be saved.');
  const rawPath = text.split(/[?#]/, 1)[0]!;
  if (!STATS_PATH.test(rawPath) || rawPath.split('/').some((s) => s === '.' || s === '..') || url.pathname !== rawPath) {
    throw refuse('only a stats page of this site (an address starting with /stats) can be saved.');
  }
  return url.pathname + url.search;
}

/** Whether the address is a finder query of games, which an alert can follow. */
export function alertableUrl(url: string): boolean {
  const parsed = new URL(url, 'https://courtvision.invalid');
  if (parsed.pathname.replace(/\/$/, '') !== FINDER_PATH) return false;
  const mode = parsed.searchParams.get('mode') ?? 'player_games';
  return (ALERT_MODES as readonly string[]).includes(mode);
}

export const NOT_FOUND = 'No such saved view on your account.';

/** Saves the address under the name for the subscriber; the stored view. */
export async function saveView(
  store: AccountStore,
  session: Session,
  userId: number,
  input: { name: unknown; url: unknown },
  now = Math.floor(Date.now() / 1000),
): Promise<SavedViewRecord> {
  if (!mayUseGatedFilters(session, now)) throw new SavedViewError(403, 'Saving views comes with the Stats plan.');
  const name = checkViewName(input.name);
  const url = checkViewUrl(input.url);
  const saved = await store.createSavedView({ userId, name, url, at: now }, MAX_SAVED_VIEWS);
  if (saved === 'full') {
    throw new SavedViewError(409, `You have ${MAX_SAVED_VIEWS} saved views, the most an account can keep. Delete one on your account page to save this one.`);
  }
  return saved;
}

export async function renameView(store: AccountStore, userId: number, viewId: number, rawName: unknown, now = Math.floor(Date.now() / 1000)): Promise<void> {
  const name = checkViewName(rawName);
  if (!(await store.renameSavedView(userId, viewId, name, now))) throw new SavedViewError(404, NOT_FOUND);
}

export async function deleteView(store: AccountStore, userId: number, viewId: number): Promise<void> {
  if (!(await store.deleteSavedView(userId, viewId))) throw new SavedViewError(404, NOT_FOUND);
}

/**
 * Turns the view's alert on (from the data's last date: the games already held are not mailed) or off. On needs
 * the Stats plan and a finder view of games.
 */
export async function setAlert(
  store: AccountStore,
  session: Session,
  userId: number,
  viewId: number,
  on: boolean,
  dataThrough: string | null,
  now = Math.floor(Date.now() / 1000),
): Promise<void> {
  const view = await store.savedViewOf(userId, viewId);
  if (!view) throw new SavedViewError(404, NOT_FOUND);
  if (on) {
    if (!mayUseGatedFilters(session, now)) throw new SavedViewError(403, 'Alerts come with the Stats plan.');
    if (!alertableUrl(view.url)) throw new SavedViewError(400, 'An alert follows new games: it can be put on a finder view of player games or team games.');
  }
  await store.setViewAlert(userId, viewId, on, dataThrough, now);
}

/** A view id from a form or a route parameter: a positive integer, else null. */
export function viewIdOf(raw: unknown): number | null {
  const text = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : '';
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}
