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
  /**
   * The season the page opens on when its address names none, when that is not the Season filter's default (a
   * player whose last season is earlier: the server sends his page without a season there). Its addresses then
   * always name their season, else the default season's would open on this one.
   */
  openingSeason?: number | null;
}

export const NO_PAGE: StatsPage = { kind: 'NonStats', entity: null, view: null };

export const $page = atom<StatsPage>(NO_PAGE);

export function samePage(a: StatsPage, b: StatsPage): boolean {
  return a.kind === b.kind && a.entity === b.entity && a.view === b.view;
}
