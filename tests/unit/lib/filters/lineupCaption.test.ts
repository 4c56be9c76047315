/**
 * The line naming an applied lineup filter above a stats table (src/lib/filters/lineupCaption.ts): every lineup filter by
 * its players' names, as the server applies it, and the "any one of" modifier; nothing without a lineup filter.
 */
import { describe, expect, it } from 'vitest';
import { lineupCaption } from '../../../../src/lib/filters/lineupCaption';
import { parseFilterQuery } from '../../../../src/lib/params/queryState';

const NAMES = new Map([
  [201939, 'Stephen Curry'],
  [203110, 'Draymond Green'],
  [202691, 'Klay Thompson'],
  [2544, 'LeBron James'],
  [201142, 'Kevin Durant'],
]);
const nameOf = (id: number) => NAMES.get(id);
const caption = (query: string) => lineupCaption(parseFilterQuery(query, { authenticated: true }), nameOf);

describe('lineupCaption', () => {
  it('no lineup filter: nothing to say (other filters have their pills)', () => {
    expect(caption('season=2022&period=4&location=home')).toBeNull();
    expect(caption('lineupAllOrAny=any')).toBeNull();
  });

  it("names each lineup filter by its players, in the filters' order", () => {
    expect(caption('pg=201939')).toBe('Lineup filter: Stephen Curry at PG.');
    expect(caption('offCourt=202691&onCourtWith=203110')).toBe('Lineup filter: Draymond Green on the floor as a teammate; Klay Thompson off the floor.');
    // The query keeps a filter's players in one order (by id), whatever order they were picked in.
    expect(caption('onCourt=203110&onCourt=201939&onCourt=202691')).toBe('Lineup filter: Stephen Curry, Klay Thompson and Draymond Green on the floor.');
    expect(caption('onCourtAgainst=2544&onCourtAgainst=201142')).toBe('Lineup filter: LeBron James and Kevin Durant on the floor for the opponent.');
    // A slot holds one player at a time: any of its players.
    expect(caption('c=203110&c=201142')).toBe('Lineup filter: Kevin Durant or Draymond Green at C.');
  });

  it('says when any one filter is enough, and names an unknown player by id', () => {
    expect(caption('onCourtWith=203110&offCourt=202691&lineupAllOrAny=any')).toBe(
      'Lineup filter, any one of: Draymond Green on the floor as a teammate; Klay Thompson off the floor.',
    );
    // One filter: "any" changes nothing, so it is not said.
    expect(caption('offCourt=202691&lineupAllOrAny=any')).toBe('Lineup filter: Klay Thompson off the floor.');
    expect(caption('offCourt=99')).toBe('Lineup filter: player 99 off the floor.');
  });
});
