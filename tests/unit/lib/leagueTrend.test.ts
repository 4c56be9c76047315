/**
 * The League trend chart's request (src/islands/charts/LeagueTrendChart.tsx): the table's own query with every
 * season held in place of the table's seasons, and the chosen column's set; every other filter kept.
 */
import { describe, expect, it } from 'vitest';
import { leagueTrendQuery } from '../../../src/islands/charts/LeagueTrendChart';

describe('leagueTrendQuery', () => {
  it('asks for every season, keeps the other filters and the side, and names the set', () => {
    const table = 'page=League&season=2022&season_type=playoffs&period=4&is_garbage_time=false&side=offense&metric_set=Summary';
    const q = new URLSearchParams(leagueTrendQuery(table, [2003, 2004, 2012, 2022], 'Shooting'));
    expect(q.getAll('season')).toEqual(['2003', '2004', '2012', '2022']);
    expect(q.get('metric_set')).toBe('Shooting');
    expect(q.getAll('season_type')).toEqual(['playoffs']);
    expect(q.get('period')).toBe('4');
    expect(q.get('is_garbage_time')).toBe('false');
    expect(q.get('page')).toBe('League');
  });
});
