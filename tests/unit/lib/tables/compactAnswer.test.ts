import { describe, expect, it } from 'vitest';
import { answerFormOf, compactOf, rowsOf } from '../../../../src/lib/tables/compactAnswer';

describe('the compact form of an /api/data answer', () => {
  it('packs each set, keeps the rest, and reads back as the rows with their players named', () => {
    const computed = {
      data: {
        Team_FourFactors: [
          { lineup_id: 7, team: 'DEN', players: [3, 1], poss: 10, net_rtg: 4.5 },
          { lineup_id: 8, team: 'DEN', players: [1, 2], poss: 9, net_rtg: null },
        ],
        Team_ShootingAccuracy: [],
      },
      playerNames: { 1: 'Ann Able', 2: 'Bo Baker', 3: 'Cy Cole' },
    };
    const compact = compactOf(computed);
    expect(compact.data.Team_FourFactors).toEqual({
      fields: ['lineup_id', 'team', 'players', 'poss', 'net_rtg'],
      values: [
        [7, 'DEN', [3, 1], 10, 4.5],
        [8, 'DEN', [1, 2], 9, null],
      ],
    });
    expect(compact.playerNames).toEqual(computed.playerNames);
    const read = rowsOf(JSON.parse(JSON.stringify(compact)));
    expect(read).toEqual({
      data: {
        Team_FourFactors: [
          {
            lineup_id: 7,
            team: 'DEN',
            players: [
              { player_id: 3, name: 'Cy Cole' },
              { player_id: 1, name: 'Ann Able' },
            ],
            poss: 10,
            net_rtg: 4.5,
            lineup: 'Cy Cole - Ann Able',
          },
          {
            lineup_id: 8,
            team: 'DEN',
            players: [
              { player_id: 1, name: 'Ann Able' },
              { player_id: 2, name: 'Bo Baker' },
            ],
            poss: 9,
            net_rtg: null,
            lineup: 'Ann Able - Bo Baker',
          },
        ],
        Team_ShootingAccuracy: [],
      },
    });
    // the fields in their order, as the rows had them
    expect(Object.keys(read.data.Team_FourFactors![0]!)).toEqual(['lineup_id', 'team', 'players', 'poss', 'net_rtg', 'lineup']);
  });

  it('reads the rows form as it is, and a note and belowMin of either form', () => {
    const rows = { data: { S: [{ player_id: 1, name: 'Ann Able', pts: 3 }] }, note: 'n', belowMin: { rows: 4, min: 50 } };
    expect(rowsOf(JSON.parse(JSON.stringify(rows)))).toEqual(rows);
    // the answer's fields in the order the rows form always had: data first
    expect(JSON.stringify(rowsOf(JSON.parse(JSON.stringify(rows))))).toBe(JSON.stringify(rows));
    expect(rowsOf(compactOf({ data: {}, belowMin: { rows: 4, min: 50 } }))).toEqual({ data: {}, belowMin: { rows: 4, min: 50 } });
  });

  it('reads anything that is not an answer as no rows, never throws', () => {
    for (const x of [null, 3, 'x', [], { data: null }, { data: [] }, { data: { S: 'x' } }, { data: { S: { fields: ['a'], values: 'x' } } }]) {
      expect(() => rowsOf(x)).not.toThrow();
    }
    expect(rowsOf(null)).toEqual({ data: {} });
    expect(rowsOf({ data: { S: { fields: ['a'], values: [[1], [1, 2], 'x'] } } }).data).toEqual({ S: [{ a: 1 }] });
    expect(rowsOf({ data: { S: [null, 1, [2], { a: 1, players: [1] }] }, playerNames: { 1: 'Ann Able' } }).data).toEqual({
      S: [{ a: 1, players: [{ player_id: 1, name: 'Ann Able' }], lineup: 'Ann Able' }],
    });
  });

  it('the form parameter: compact, rows (the default, also when absent) or nothing else', () => {
    expect(answerFormOf('compact')).toBe('compact');
    expect(answerFormOf(' Compact ')).toBe('compact');
    expect(answerFormOf(null)).toBe('rows');
    expect(answerFormOf('')).toBe('rows');
    expect(answerFormOf('rows')).toBe('rows');
    expect(answerFormOf('csv')).toBeNull();
  });
});
