/**
 * The with/without page's pure parts (src/lib/views/wowy.ts): the view state in the URL round-trips and ignores what is
 * out of place; a pair stored one way answers both orders; the matrix's difference mode and the colour scale.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WOWY_VIEW,
  cellOf,
  goodness,
  keepWowyView,
  matrixValue,
  pairIndex,
  parseWowyView,
  wowyViewUsesSide,
  writeWowyView,
  type WowyCell,
  type WowyPair,
} from '../../../../src/lib/views/wowy';

const cell = (off_poss: number, net: number | null, ortg = 110, drtg = 110): WowyCell => ({
  off_poss,
  def_poss: off_poss,
  minutes: 0,
  pts_for: 0,
  pts_against: 0,
  ortg,
  drtg,
  net,
});

describe('view state in the URL', () => {
  it('round-trips every field and leaves the defaults out', () => {
    const state = {
      ...DEFAULT_WOWY_VIEW,
      n: 7,
      view: 'list',
      mode: 'diff',
      metric: 'rating',
      fourFactors: true,
      small: 500,
      player: 1628369,
      sort: 'a_only_net',
      dir: 'asc',
    } as const;
    const search = `?${writeWowyView(new URLSearchParams('season=2012&side=defense'), state).toString()}`;
    expect(parseWowyView(search)).toEqual(state);
    expect(new URLSearchParams(search).get('season')).toBe('2012');
    expect(writeWowyView(new URLSearchParams(), DEFAULT_WOWY_VIEW).toString()).toBe('');
  });
  it('ignores values out of place (spec section 5)', () => {
    expect(parseWowyView('?n=40&wview=pie&wmode=x&small=-3&wplayer=abc&wsort=DROP%20TABLE')).toEqual(DEFAULT_WOWY_VIEW);
    expect(parseWowyView('?n=1').n).toBe(DEFAULT_WOWY_VIEW.n);
  });
  it('keeps the view state when the stats app rebuilds its query', () => {
    expect(keepWowyView(new URLSearchParams('season=2022'), '?season=2012&n=6&wview=player&wplayer=5').toString()).toBe(
      'season=2022&n=6&wview=player&wplayer=5',
    );
  });
});

describe('cells', () => {
  const pair: WowyPair = { a: 1, b: 2, both: cell(500, 4), a_only: cell(300, -2), b_only: cell(200, 9), neither: cell(100, 1) };
  const index = pairIndex({ pairs: [pair, { a: 1, b: 1, both: cell(800, 2), a_only: cell(0, null), b_only: cell(0, null), neither: cell(300, 3) }] });
  it('answer either order of a pair: the row player is A', () => {
    expect(cellOf(index, 1, 2, 'a_only')!.net).toBe(-2);
    expect(cellOf(index, 2, 1, 'a_only')!.net).toBe(9);
    expect(cellOf(index, 2, 1, 'neither')!.net).toBe(1);
    expect(cellOf(index, 3, 1, 'both')).toBeUndefined();
  });
  it('the difference mode: together minus the row player alone, over the smaller sample', () => {
    expect(matrixValue(index, 1, 2, 'diff', 'net', 'offense')).toEqual({ value: 6, poss: 300 });
    expect(matrixValue(index, 2, 1, 'diff', 'net', 'offense')).toEqual({ value: -5, poss: 200 });
    // the diagonal: on in Together, off in Neither, nothing otherwise
    expect(matrixValue(index, 1, 1, 'both', 'net', 'offense').value).toBe(2);
    expect(matrixValue(index, 1, 1, 'neither', 'net', 'offense').value).toBe(3);
    expect(matrixValue(index, 1, 1, 'diff', 'net', 'offense').value).toBeNull();
  });
  it("a net-rating cell is the same from either end: its sample is the smaller of its two sides' possessions", () => {
    const lopsided = pairIndex({
      pairs: [{ a: 7, b: 8, both: { ...cell(400, 4), def_poss: 90 }, a_only: cell(300, 1), b_only: cell(10, 0), neither: cell(500, 0) }],
    });
    const offense = matrixValue(lopsided, 7, 8, 'both', 'net', 'offense');
    expect(offense).toEqual(matrixValue(lopsided, 7, 8, 'both', 'net', 'defense'));
    expect(offense).toEqual({ value: 4, poss: 90 });
    expect(matrixValue(lopsided, 7, 8, 'diff', 'net', 'offense')).toEqual(matrixValue(lopsided, 7, 8, 'diff', 'net', 'defense'));
    // A side's rating still counts that side's possessions.
    expect(matrixValue(lopsided, 7, 8, 'both', 'rating', 'offense').poss).toBe(400);
    expect(matrixValue(lopsided, 7, 8, 'both', 'rating', 'defense').poss).toBe(90);
    // Only the net matrix leaves the side unused; the list and a player's row show each side's columns.
    expect(wowyViewUsesSide({ view: 'matrix', metric: 'net' })).toBe(false);
    expect(wowyViewUsesSide({ view: 'matrix', metric: 'rating' })).toBe(true);
    expect(wowyViewUsesSide({ view: 'list', metric: 'net' })).toBe(true);
    expect(wowyViewUsesSide({ view: 'player', metric: 'net' })).toBe(true);
  });
  it('colour: net around 0, a defensive rating better lower', () => {
    expect(goodness(15, { metric: 'net', mode: 'both', side: 'offense', teamRating: 112 })).toBe(1);
    expect(goodness(-30, { metric: 'net', mode: 'both', side: 'offense', teamRating: 112 })).toBe(-1);
    expect(goodness(107, { metric: 'rating', mode: 'both', side: 'defense', teamRating: 112 })).toBeCloseTo(0.5);
    expect(goodness(null, { metric: 'net', mode: 'both', side: 'offense', teamRating: 112 })).toBeNull();
  });
});
