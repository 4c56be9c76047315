import { describe, expect, it } from 'vitest';
import { FILTERS } from '../../../../src/lib/filters/filterDefinitions';
import { FREE_LINES, STATS_PLAN_LINES } from '../../../../src/lib/accounts/planContents';

describe('what the Stats plan opens, in words', () => {
  it('names every gated filter that has a pill, leverage and clutch included, and the lineup filters in words', () => {
    const text = STATS_PLAN_LINES.map((l) => `${l.group}: ${l.items}`).join('\n');
    for (const f of FILTERS.filter((f) => f.requiresAuth && f.showsPill)) expect(text).toContain(f.label);
    expect(text).toContain('Leverage');
    expect(text).toContain('Clutch');
    expect(text).toMatch(/^Lineup: Any player on or off the floor/m);
    expect(STATS_PLAN_LINES.map((l) => l.group)).toEqual(['Game', 'Time Within Game', 'Opponent', 'Lineup']);
  });
  it('keeps the free filters apart: no free filter is sold, no gated one given away', () => {
    const free = FREE_LINES.map((l) => l.items).join(', ');
    expect(free).toBe('Season, Season type, From, To, Filter out garbage time');
    expect(STATS_PLAN_LINES.map((l) => l.items).join(', ')).not.toContain('garbage');
  });
});
