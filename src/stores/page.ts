/**
 * The stats page the app shows: its page kind (the `page` sent to /api/data), entity (player id, team
 * abbreviation or game id) and view (tab). Set by the app at start and on a change of stats page.
 */
import { atom } from 'nanostores';
import type { PageKind } from '../lib/site/pageKinds';

export interface StatsPage {
  kind: PageKind;
  entity: string | null;
  view: string | null;
}

export const NO_PAGE: StatsPage = { kind: 'NonStats', entity: null, view: null };

export const $page = atom<StatsPage>(NO_PAGE);

export function samePage(a: StatsPage, b: StatsPage): boolean {
  return a.kind === b.kind && a.entity === b.entity && a.view === b.view;
}
