import { beforeEach, describe, expect, it } from 'vitest';
import { metricSetOptions } from '../../../src/lib/tables/metricSets';
import { $metricSet, $metricSetOptions, selectMetricSet } from '../../../src/stores/metricSet';
import { $page } from '../../../src/stores/page';
import { $hasSide, $side, $sideUnused } from '../../../src/stores/side';

beforeEach(() => {
  $side.set('offense');
  $page.set({ kind: 'Lineups', entity: null, view: null });
  selectMetricSet(null);
});

describe('$metricSet (spec section 4)', () => {
  it('falls back to the first available set', () => {
    expect($metricSet.get()?.value).toBe(metricSetOptions('Lineups', 'offense')[0]!.value);
  });

  it('takes the set named by the metricSet query parameter (clientQueryParam or value)', () => {
    const second = metricSetOptions('Lineups', 'offense')[1]!;
    selectMetricSet(second.clientQueryParam);
    expect($metricSet.get()?.value).toBe(second.value);
    selectMetricSet(metricSetOptions('Lineups', 'offense')[2]!.value);
    expect($metricSet.get()?.value).toBe(metricSetOptions('Lineups', 'offense')[2]!.value);
  });

  it('an unknown set name falls back to the first', () => {
    selectMetricSet('no-such-set');
    expect($metricSet.get()?.value).toBe(metricSetOptions('Lineups', 'offense')[0]!.value);
  });

  it('changing side refreshes the sets and resets the selection to the first available', () => {
    selectMetricSet(metricSetOptions('Lineups', 'offense')[3]!.value);
    $side.set('defense');
    expect($metricSetOptions.get()).toEqual(metricSetOptions('Lineups', 'defense'));
    expect($metricSetOptions.get().every((o) => o.group === 'Opponent')).toBe(true);
    expect($metricSet.get()?.value).toBe(metricSetOptions('Lineups', 'defense')[0]!.value);
  });

  it('the side toggle shows only on pages with a side', () => {
    expect($hasSide.get()).toBe(true);
    $page.set({ kind: 'Players', entity: null, view: null });
    expect($hasSide.get()).toBe(false);
    $page.set({ kind: 'TeamOnOff', entity: 'BOS', view: 'onoff' });
    expect($hasSide.get()).toBe(true);
    $page.set({ kind: 'TeamSalaries', entity: 'BOS', view: 'salaries' });
    expect($hasSide.get()).toBe(false);
  });

  it('no side toggle where the side changes no number: League, Team game log, a net-rating matrix', () => {
    // League: every possession counted from both ends; a team's game log: each line carries both teams.
    $page.set({ kind: 'League', entity: null, view: null });
    expect($hasSide.get()).toBe(false);
    $page.set({ kind: 'TeamGameLog', entity: 'BOS', view: 'gamelog' });
    expect($hasSide.get()).toBe(false);
    // Where the side means something it stays: a team's own numbers, a game preview, lineups.
    for (const kind of ['TeamTeam', 'TeamOnOff', 'TeamLineups', 'GamePreview', 'PlayerOnOff'] as const) {
      $page.set({ kind, entity: 'BOS', view: null });
      expect($hasSide.get(), kind).toBe(true);
    }
    // The with/without page: hidden while its panel shows the net-rating matrix, shown again after.
    $page.set({ kind: 'TeamWowy', entity: 'BOS', view: 'wowy' });
    expect($hasSide.get()).toBe(true);
    $sideUnused.set(true);
    expect($hasSide.get()).toBe(false);
    $sideUnused.set(false);
    expect($hasSide.get()).toBe(true);
  });
});
