/**
 * The CSV encoder of the export (src/server/stats/answers/csv.ts): RFC 4180 quoting read back by an independent
 * parser (csv-parse), formula injection neutralised in text but not in numbers, the file name, and the
 * format / metric_set / sort / dir parameters (400 naming the key).
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDataQuery, ParamError } from '../../../../src/lib/params/apiParams';
import { metricSetDefinitions } from '../../../../src/lib/tables/metricSets';
import { csvFileName, parseCsvOptions, parseFormat, tableCsv } from '../../../../src/server/stats/answers/csv';
import { encodeCsv } from '../../../../src/server/stats/base/csvText';

const readBack = (text: string): string[][] => parse(text, { relax_column_count: false });

describe('encodeCsv', () => {
  it('quotes commas, quotes and line breaks so a parser reads the same cells', () => {
    const text = encodeCsv(
      ['Name', 'Note'],
      [
        ['Smith, Jr.', 'said "hi"'],
        ['line\nbreak', 'cr\r\nlf'],
        ['plain', ''],
      ],
    );
    expect(text).toContain('"Smith, Jr.","said ""hi"""\r\n');
    expect(readBack(text)).toEqual([
      ['Name', 'Note'],
      ['Smith, Jr.', 'said "hi"'],
      ['line\nbreak', 'cr\r\nlf'],
      ['plain', ''],
    ]);
  });

  it('prefixes text that a spreadsheet would run as a formula, not negative numbers', () => {
    const text = encodeCsv(['a', 'b', 'c', 'd', 'e', 'f'], [['=1+1', '+SUM(A1)', '-2+3', '@cmd', -3.5, 'ok']]);
    expect(readBack(text)[1]).toEqual(["'=1+1", "'+SUM(A1)", "'-2+3", "'@cmd", '-3.5', 'ok']);
  });

  it('writes numbers as numbers, missing values as empty cells, booleans as words', () => {
    const text = encodeCsv(['n', 'missing', 'bool'], [[12.5, null, true]]);
    expect(readBack(text)[1]).toEqual(['12.5', '', 'true']);
  });

  it('reads back any text that does not start like a formula (property)', () => {
    const safe = fc.string().filter((s) => !/^[=+\-@\t\r]/.test(s));
    fc.assert(
      fc.property(fc.array(fc.array(safe, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 5 }), (records) => {
        expect(readBack(encodeCsv(['a', 'b', 'c'], records)).slice(1)).toEqual(records);
      }),
    );
  });
});

describe('tableCsv', () => {
  const q = parseDataQuery({ page: ['Players'], season: ['2022'] });
  const set = metricSetDefinitions('Players', 'offense').find((d) => d.value === 'OffensiveOverview')!;
  const rows = [
    {
      player_id: 1,
      name: 'A',
      team: 'BOS',
      position: 'wing',
      sec: 600,
      poss: 10,
      usage: 20,
      psa: 100,
      ast_pct: 5,
      ast_usg: 0.25,
      tov_play_pct: 9,
      pts_per_100: 20,
      usage_pct: 50,
      qualified: true,
    },
    {
      player_id: 2,
      name: '=B',
      team: 'DEN',
      position: 'big',
      sec: 90,
      poss: 3,
      usage: 30,
      psa: null,
      ast_pct: 1,
      ast_usg: 0.03,
      tov_play_pct: 12,
      pts_per_100: 25,
      usage_pct: null,
      qualified: false,
    },
  ];

  it('has the table columns (identity first, set labels), minutes in decimal minutes, no percentile fields', () => {
    const out = readBack(tableCsv(rows, { set, sort: null }));
    expect(out[0]).toEqual(['Player', 'Player ID', 'Team', 'Pos', 'MIN', 'Poss', 'Usage%', 'PSA', 'AST%', 'AST:Usg', 'TOV%', 'PTS/100']);
    expect(out[1]).toEqual(['A', '1', 'BOS', 'Wing', '10', '10', '20', '100', '5', '0.25', '9', '20']);
    expect(out[2]![0]).toBe("'=B");
    expect(out).toHaveLength(3);
  });

  it('sorts like the table when asked, with its qualifier, and refuses a column it does not have', () => {
    // Sorted by a rate, the table lists the qualified rows only, unless "show all".
    expect(
      readBack(tableCsv(rows, { set, sort: { column: 'usage', direction: 'desc' } }))
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(['1']);
    const all = readBack(tableCsv(rows, { set, sort: { column: 'usage', direction: 'desc' }, showAll: true }));
    expect(all.slice(1).map((r) => r[1])).toEqual(['2', '1']);
    // Sorted by a count, nothing is hidden.
    expect(
      readBack(tableCsv(rows, { set, sort: { column: 'poss', direction: 'asc' } }))
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(['2', '1']);
    expect(() => tableCsv(rows, { set, sort: { column: 'nope', direction: 'asc' } })).toThrow(ParamError);
  });

  it('names the file after page, set, seasons and season type', () => {
    expect(csvFileName(q, set)).toBe('players_offensive-overview_2022-23_regular.csv');
    const many = parseDataQuery({
      page: ['TeamLineups'],
      entity: ['bos'],
      side: ['defense'],
      season: ['2019', '2020', '2021'],
      season_type: ['regular', 'playoffs'],
    });
    const lineupSet = metricSetDefinitions('TeamLineups', 'defense')[0]!;
    expect(csvFileName(many, lineupSet)).toBe('team-lineups-bos_opponent-four-factors_2019-20-to-2021-22_regular+playoffs_defense.csv');
    const salaries = parseDataQuery({ page: ['TeamSalaries'], entity: ['BOS'], season: ['2012'] });
    expect(csvFileName(salaries, metricSetDefinitions('TeamSalaries')[0]!)).toBe('team-salaries-bos_salaries_2012-13.csv');
    const game = parseDataQuery({ page: ['GameTeam'], entity: ['0022201216'] });
    expect(csvFileName(game, metricSetDefinitions('GameTeam')[0]!)).toBe('game-team-0022201216_four-factors.csv');
  });

  it('names the other filters applied, as the query has them', () => {
    const query = new URLSearchParams('page=Players&season=2022&period=4&location=home&on_court=201939&on_court=2544&is_garbage_time=false');
    const filtered = parseDataQuery({
      page: ['Players'],
      season: ['2022'],
      period: ['4'],
      location: ['home'],
      on_court: ['201939', '2544'],
      is_garbage_time: ['false'],
    });
    expect(csvFileName(filtered, set, query)).toBe(
      'players_offensive-overview_2022-23_regular_location-home_is_garbage_time-false_period-4_on_court-201939+2544.csv',
    );
    // A filter at its default says nothing.
    expect(csvFileName(q, set, new URLSearchParams('season=2022&is_garbage_time=true&location='))).toBe('players_offensive-overview_2022-23_regular.csv');
    // A game's table names only the filters a game page takes (no seasons).
    const game = parseDataQuery({ page: ['GameTeam'], entity: ['0022201216'], period: ['4'] });
    expect(csvFileName(game, metricSetDefinitions('GameTeam')[0]!, new URLSearchParams('period=4&season=2022'))).toBe(
      'game-team-0022201216_four-factors_period-4.csv',
    );
    // However many filters, the name stays short enough for every file system.
    const many = new URLSearchParams(
      `on_court=${Array.from({ length: 60 }, (_, i) => 200000 + i).join(',')}&off_court=1,2,3&opponent=BOS,LAL,MIA&period=1,2,3,4`,
    );
    expect(csvFileName(q, set, many).length).toBeLessThanOrEqual(184);
  });
});

describe('parameters', () => {
  const q = parseDataQuery({ page: ['Players'] });
  it('format is json or csv', () => {
    expect(parseFormat(new URLSearchParams(''))).toBe('json');
    expect(parseFormat(new URLSearchParams('format=CSV'))).toBe('csv');
    expect(() => parseFormat(new URLSearchParams('format=xlsx'))).toThrow(/format: must be json or csv/);
  });
  it('metric_set takes a value or the page parameter (parsed with the query); default the first set', () => {
    const withSet = (set: string) => parseDataQuery({ page: ['Players'], metric_set: [set] });
    expect(parseCsvOptions(new URLSearchParams(''), q).set.value).toBe('OffensiveOverview');
    expect(parseCsvOptions(new URLSearchParams(''), withSet('foul-drawing')).set.value).toBe('FoulDrawing');
    expect(parseCsvOptions(new URLSearchParams(''), withSet('FoulDrawing')).set.value).toBe('FoulDrawing');
    expect(() => withSet('Salaries')).toThrow(/metric_set: is not a metric set of Players/);
  });
  it('sort and dir are checked', () => {
    expect(parseCsvOptions(new URLSearchParams('sort=usage&dir=asc'), q).sort).toEqual({ column: 'usage', direction: 'asc' });
    expect(() => parseCsvOptions(new URLSearchParams('sort=usage&dir=up'), q)).toThrow(/dir: must be asc or desc/);
    expect(() => parseCsvOptions(new URLSearchParams('sort=a;drop'), q)).toThrow(/sort: /);
  });
});
