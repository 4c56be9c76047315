/**
 * What the Stats plan opens and what stays free, in words, as the home page, /pricing and the expiry page list
 * it: one list, derived from the filters themselves (src/lib/filters/filterDefinitions.ts), so a gated filter cannot be sold on
 * one page and missing on another. Each gated group is one line: its filters' labels, e.g.
 *   { group: 'Time Within Game', items: 'Period, Time into game, Score differential, Leverage, Clutch (last 5 min, within 5)' }
 * Filters that are not pills (the lineup slots) are summed up by their group's words below.
 */
import { FILTERS, type FilterGroup } from '../filters/filterDefinitions';

export interface PlanLine {
  group: FilterGroup;
  /** The group's filters, in the order of the filter bar. */
  items: string;
  /** A guide that explains the group, when there is one. */
  guide?: string;
}

/** The words for filters that have no pill of their own (they are set in a panel, not one by one). */
const PANEL_WORDS: Partial<Record<FilterGroup, string>> = {
  Lineup: 'Any player on or off the floor, with or against, and any five by position',
};

const GUIDES: Partial<Record<FilterGroup, string>> = { Lineup: '/stats/guides/onoff' };

function linesOf(gated: boolean): PlanLine[] {
  const groups = new Map<FilterGroup, string[]>();
  for (const f of FILTERS) {
    if (f.requiresAuth !== gated) continue;
    const labels = groups.get(f.group) ?? [];
    const words = f.showsPill ? f.label : PANEL_WORDS[f.group];
    if (words && !labels.includes(words)) labels.push(words);
    groups.set(f.group, labels);
  }
  return [...groups].map(([group, labels]) => ({ group, items: labels.join(', '), ...(GUIDES[group] ? { guide: GUIDES[group] } : {}) }));
}

/** The gated filters, by group: what the Stats plan adds. */
export const STATS_PLAN_LINES: readonly PlanLine[] = linesOf(true);

/** The filters everyone has, signed in or not, by group. */
export const FREE_LINES: readonly PlanLine[] = linesOf(false);
