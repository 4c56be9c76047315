import { describe, expect, it } from 'vitest';
import { parseGameListParams } from '../../../../src/lib/params/gameListParams';

const parse = (q: string) => parseGameListParams(new URLSearchParams(q));

describe('game finder parameters', () => {
  it('default to the latest season, both season types, every team', () => {
    expect(parse('')).toEqual({ ok: true, params: { season: 2022 } });
    expect(parse('season=&type=&team=&month=')).toEqual({ ok: true, params: { season: 2022 } });
  });
  it('read season, type, team and month', () => {
    expect(parse('season=2012&type=playoffs&team=bos&month=2013-04')).toEqual({
      ok: true,
      params: { season: 2012, type: 'playoffs', team: 'BOS', month: '2013-04' },
    });
  });
  it('turn a historical abbreviation into the franchise', () => {
    expect(parse('team=SEA')).toMatchObject({ ok: true, params: { team: 'OKC' } });
  });
  it('name the parameter that is wrong', () => {
    // Before the database is read, the catalogue holds the archive's seasons (src/lib/league/seasons.ts).
    expect(parse('season=1999')).toEqual({ ok: false, message: 'Invalid season: expected a season with games or a schedule: 2003-04 to 2022-23 (e.g. 2022)' });
    expect(parse('season=2023')).toMatchObject({ ok: false, message: expect.stringMatching(/^Invalid season/) });
    expect(parse('season=abc')).toMatchObject({ ok: false, message: expect.stringMatching(/^Invalid season/) });
    expect(parse('type=preseason')).toEqual({ ok: false, message: 'Invalid type: expected regular or playoffs' });
    expect(parse('team=XYZ')).toEqual({ ok: false, message: 'Invalid team: unknown team "XYZ"' });
    expect(parse('month=2013-13')).toEqual({ ok: false, message: 'Invalid month: expected YYYY-MM' });
  });
});
