/**
 * The phone's compact bar sums up the table (src/lib/filters/filterSummary.ts): the metric set, the defense side, then
 * the applied filters, those the visitor chose before the season and type at their defaults, three at most before
 * "N more".
 */
import { describe, expect, it } from 'vitest';
import { summaryText } from '../../../../src/lib/filters/filterSummary';

const pill = (name: string, label: string, text: string, removable = true) => ({ name: name as never, label, text, removable });
const DEFAULTS = [
  pill('Season', 'Season', '2022-23', false),
  pill('SeasonType', 'Type', 'Regular season', false),
  pill('FilterOutGarbageTime', 'Garbage time', 'Filtered out', false),
];

describe('summaryText', () => {
  it('names the metric set and the season; garbage time only when it is not the default', () => {
    expect(summaryText('Offensive Overview', false, DEFAULTS)).toBe('Offensive Overview · 2022-23 · Regular season');
    expect(summaryText('Offensive Overview', false, [...DEFAULTS.slice(0, 2), pill('FilterOutGarbageTime', 'Garbage time', 'Kept')])).toBe(
      'Offensive Overview · Garbage time: Kept · 2022-23 · Regular season',
    );
  });

  it('names the filters the visitor chose before the season and type at their defaults', () => {
    expect(summaryText('Offensive Overview', false, [...DEFAULTS, pill('Period', 'Period', 'Q4')])).toBe(
      'Offensive Overview · Period: Q4 · 2022-23 · Regular season',
    );
    // A season chosen is a choice too; the default season type after it.
    expect(
      summaryText('Offensive Overview', false, [
        pill('Season', 'Season', '2012-13'),
        pill('SeasonType', 'Type', 'Regular season', false),
        pill('Period', 'Period', 'Q4'),
      ]),
    ).toBe('Offensive Overview · 2012-13 · Period: Q4 · Regular season');
  });

  it('says the defense side, and counts the filters past the third, locked ones included', () => {
    const many = [...DEFAULTS, pill('Period', 'Period', 'Q4'), pill('Opponent', 'Opponent', 'BOS'), pill('Venue', 'Venue', 'Home')];
    expect(summaryText('Transition', true, many)).toBe('Transition · Defense · Period: Q4 · Opponent: BOS · Venue: Home · 2 more');
    expect(summaryText(null, false, DEFAULTS, 1)).toBe('2022-23 · Regular season · 1 more');
  });
});
