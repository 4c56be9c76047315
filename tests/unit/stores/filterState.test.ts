import { beforeEach, describe, expect, it } from 'vitest';
import { defaultFilterValues } from '../../../src/lib/filters/filterValues';
import { $filterPills } from '../../../src/stores/filterPills';
import {
  $filters,
  applyFilters,
  discardChanges,
  rebuildFilters,
  removeFilter,
  resetAllFilters,
  resetFiltersStore,
  setFilter,
} from '../../../src/stores/filterState';

const AUTH = { authenticated: true };
const ANON = { authenticated: false };

beforeEach(() => resetFiltersStore());

describe('$filters transitions (spec section 4)', () => {
  it('starts at the defaults with nothing unapplied and the counter at zero', () => {
    const s = $filters.get();
    expect(s.values).toEqual(defaultFilterValues());
    expect(s.applied).toEqual(defaultFilterValues());
    expect(s.unapplied).toBe(false);
    expect(s.appliedCount).toBe(0);
  });

  it('flags a change as unapplied without touching the applied values', () => {
    setFilter('Season', [2012], AUTH);
    const s = $filters.get();
    expect(s.unapplied).toBe(true);
    expect(s.values.Season).toEqual([2012]);
    expect(s.applied.Season).toEqual([2022]);
  });

  it('clears the flag when the draft is changed back', () => {
    setFilter('Season', [2012], AUTH);
    setFilter('Season', [2022], AUTH);
    expect($filters.get().unapplied).toBe(false);
  });

  it('apply copies the draft, increments the applied-set counter and clears the flag', () => {
    setFilter('Season', [2012], AUTH);
    setFilter('FilterOutGarbageTime', false, AUTH);
    applyFilters(AUTH);
    let s = $filters.get();
    expect(s.applied.Season).toEqual([2012]);
    expect(s.applied.FilterOutGarbageTime).toBe(false);
    expect(s.unapplied).toBe(false);
    expect(s.appliedCount).toBe(1);
    applyFilters(AUTH);
    s = $filters.get();
    expect(s.appliedCount).toBe(2);
  });

  it('an anonymous user cannot change a gated filter, and apply never applies one', () => {
    setFilter('Location', ['home'], ANON);
    expect($filters.get().values.Location).toEqual([]);
    expect($filters.get().unapplied).toBe(false);
    // A draft made while signed in (then signed out) is not applied either.
    setFilter('Location', ['home'], AUTH);
    setFilter('Season', [2012], ANON);
    applyFilters(ANON);
    const s = $filters.get();
    expect(s.applied.Location).toEqual([]);
    expect(s.values.Location).toEqual([]);
    expect(s.applied.Season).toEqual([2012]);
  });

  it('discard puts the draft back to the applied values', () => {
    setFilter('Season', [2012], AUTH);
    discardChanges();
    expect($filters.get().values.Season).toEqual([2022]);
    expect($filters.get().unapplied).toBe(false);
  });

  it('apply orders the dates like ranges', () => {
    setFilter('StartDate', '2023-03-01', AUTH);
    setFilter('EndDate', '2023-01-01', AUTH);
    applyFilters(AUTH);
    expect($filters.get().applied).toMatchObject({ StartDate: '2023-01-01', EndDate: '2023-03-01' });
  });

  it('removing a filter resets it in draft and applied values, counts as an apply, keeps other pending changes', () => {
    setFilter('Season', [2012], AUTH);
    setFilter('DaysRest', [1, 2], AUTH);
    applyFilters(AUTH);
    setFilter('Period', [4], AUTH);
    removeFilter('DaysRest');
    const s = $filters.get();
    expect(s.applied.DaysRest).toEqual([0, 5]);
    expect(s.values.DaysRest).toEqual([0, 5]);
    expect(s.applied.Season).toEqual([2012]);
    expect(s.appliedCount).toBe(2);
    expect(s.unapplied).toBe(true); // the period change is still pending
    expect(s.values.Period).toEqual([4]);
  });

  it('reset puts every filter back to its default and counts as an apply', () => {
    setFilter('Season', [2012], AUTH);
    setFilter('Period', [1], AUTH);
    applyFilters(AUTH);
    setFilter('Result', ['win'], AUTH);
    resetAllFilters();
    const s = $filters.get();
    expect(s.applied).toEqual(defaultFilterValues());
    expect(s.values).toEqual(defaultFilterValues());
    expect(s.unapplied).toBe(false);
    expect(s.appliedCount).toBe(2);
  });

  it('rebuilding for a game view keeps only its relevant filters, applied, with nothing pending', () => {
    setFilter('Season', [2012], AUTH);
    setFilter('ScoreDifferential', [-5, 5], AUTH);
    rebuildFilters('GameTeam', $filters.get().values, AUTH);
    const s = $filters.get();
    expect(s.applied.Season).toEqual([2022]);
    expect(s.applied.ScoreDifferential).toEqual([-5, 5]);
    expect(s.unapplied).toBe(false);
    expect(s.relevant).not.toContain('Season');
    expect(s.relevant).toContain('FilterOutGarbageTime');
  });
});

describe('$filterPills (spec section 4)', () => {
  const names = () => $filterPills.get().map((p) => p.name);

  it('always shows season, season type and garbage time, not removable at their defaults', () => {
    expect(names()).toEqual(['Season', 'SeasonType', 'FilterOutGarbageTime']);
    expect($filterPills.get().every((p) => !p.removable)).toBe(true);
    expect($filterPills.get().map((p) => p.text)).toEqual(['2022-23', 'Regular season', 'Filtered out']);
  });

  it('shows applied non-default filters (not the draft), never lineup filters or the all/any pill', () => {
    setFilter('DaysRest', [0, 2], AUTH);
    expect(names()).not.toContain('DaysRest');
    setFilter('PG', [2544], AUTH);
    setFilter('LineupAllOrAny', 'any', AUTH);
    setFilter('ScoreDifferential', [-10, 5], AUTH);
    setFilter('TimeIntoGame', [720, 3780], AUTH);
    applyFilters(AUTH);
    expect(names()).toEqual(['Season', 'SeasonType', 'DaysRest', 'FilterOutGarbageTime', 'TimeIntoGame', 'ScoreDifferential']);
    const byName = Object.fromEntries($filterPills.get().map((p) => [p.name, p]));
    expect(byName.DaysRest!.text).toBe('0–2');
    expect(byName.ScoreDifferential!.text).toBe('−10 to +5');
    expect(byName.TimeIntoGame!.text).toBe('Q2 12:00 – OT3 0:00');
    expect(byName.DaysRest!.removable).toBe(true);
  });

  it('removing a pill resets that filter and the pill goes away', () => {
    setFilter('OpponentOffensiveRank', [1, 10], AUTH);
    applyFilters(AUTH);
    expect(names()).toContain('OpponentOffensiveRank');
    removeFilter('OpponentOffensiveRank');
    expect(names()).not.toContain('OpponentOffensiveRank');
  });
});
