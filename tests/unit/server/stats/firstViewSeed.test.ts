/**
 * The seed a stats page embeds for its island (the page carries its rows once): on the test database,
 * the players table's first view packed as the page writes it (jsonLdText, as StatsLayout does) and read back as
 * the island reads it gives exactly the rows /api/data answers for that query (JSON round trip of the same
 * answer), in the same order with the same fields; it is much smaller than the rows as objects; rows that do not
 * share their fields, and broken seeds, are handled.
 */
import { describe, expect, it } from 'vitest';
import { packRows, rowsOf, unpackRows } from '../../../../src/lib/tables/compactAnswer';
import { readFirstViewSeed } from '../../../../src/lib/tables/firstViewSeed';
import { jsonLdText } from '../../../../src/lib/seo/jsonLd';
import { firstView, firstViewSeed } from '../../../../src/server/stats/answers/firstView';

describe('first view seed', () => {
  it('gives back the players table rows exactly, at under half the size of the rows as objects', async () => {
    const first = await firstView('Players', null);
    expect(first).not.toBeNull();
    const rows = first!.answer.data[first!.metricSet]!;
    // 2012-13 and 2022-23 in the test database: the default view is 2022-23's regular season, hundreds of players.
    expect(rows.length).toBeGreaterThan(400);
    const text = jsonLdText(firstViewSeed(first!));
    expect(text).not.toContain('<');
    const read = readFirstViewSeed(text);
    expect(read?.query).toBe(first!.query);
    // What the client would get from /api/data: the answer through JSON, read as the table's store reads it.
    const shown = rowsOf(read!.answer).data;
    expect(shown).toEqual(JSON.parse(JSON.stringify({ [first!.metricSet]: rows })));
    expect(Object.keys(shown[first!.metricSet]![0]!)).toEqual(Object.keys(rows[0]!));
    const asObjects = JSON.stringify(rows).length;
    expect(text.length).toBeLessThan(asObjects / 2);
  });

  it("a lineup page's seed names each player once and reads back, as the table's store reads it, as the rows shown", async () => {
    const first = await firstView('Lineups', null);
    const rows = first!.answer.data[first!.metricSet]!;
    expect(rows.length).toBeGreaterThan(20);
    const text = jsonLdText(firstViewSeed(first!));
    const read = readFirstViewSeed(text)!;
    expect(read.query).toBe(first!.query);
    expect(rowsOf(read.answer).data[first!.metricSet]).toEqual(JSON.parse(JSON.stringify(rows)));
    // A name of the first row is written once in the whole seed, though its player is in many rows.
    const first5 = rows[0]!.players as { player_id: number; name: string }[];
    const busiest = first5
      .map((p) => ({ p, rows: rows.filter((r) => (r.players as { player_id: number }[]).some((q) => q.player_id === p.player_id)).length }))
      .sort((a, b) => b.rows - a.rows)[0]!;
    expect(busiest.rows).toBeGreaterThan(1);
    expect(text.split(JSON.stringify(busiest.p.name)).length - 1).toBe(1);
    // Against the rows packed with their names: well under two thirds of the bytes.
    expect(text.length).toBeLessThan(jsonLdText({ ...firstViewSeed(first!), rows: packRows(rows), playerNames: undefined }).length * 0.67);
  });

  it('keeps rows that do not share their fields as they are, and a note and belowMin', () => {
    const mixed = [{ a: 1, b: 'x' }, { a: 2 }, { b: 'y', a: 3 }];
    expect(packRows(mixed)).toEqual({ rows: mixed });
    expect(unpackRows(packRows(mixed))).toEqual(mixed);
    const uniform = [
      { a: 1, b: null },
      { a: 2, b: 'z' },
    ];
    expect(packRows(uniform)).toEqual({
      fields: ['a', 'b'],
      values: [
        [1, null],
        [2, 'z'],
      ],
    });
    const seed = readFirstViewSeed(JSON.stringify({ query: 'page=Lineups', metricSet: 'S', rows: packRows([]), note: 'n', belowMin: { rows: 4, min: 50 } }));
    expect(seed?.query).toBe('page=Lineups');
    expect(rowsOf(seed!.answer)).toEqual({ data: { S: [] }, note: 'n', belowMin: { rows: 4, min: 50 } });
  });

  it('a field that is undefined is no field, as in JSON', () => {
    const rows = [{ a: 1, b: undefined }, { a: 2 }];
    expect(unpackRows(JSON.parse(JSON.stringify(packRows(rows))))).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it("reads a seed's player names that are strings, and shows a player by his id where the names have none", () => {
    const shown = (playerNames: unknown) =>
      rowsOf(readFirstViewSeed(JSON.stringify({ query: 'page=Lineups', metricSet: 'S', rows: packRows([{ players: [1, 2] }]), playerNames }))!.answer).data
        .S![0];
    expect(shown({ 1: 'Ann Able', 2: 5 })).toEqual({
      players: [
        { player_id: 1, name: 'Ann Able' },
        { player_id: 2, name: '2' },
      ],
      lineup: 'Ann Able - 2',
    });
    // names that are not an object name no one (a string would otherwise give its letters: 'Ann Able'[1] is 'n')
    for (const names of ['Ann Able', ['Ann Able', 'Bo Baker', 'Cy Cole'], null]) {
      expect(shown(names)).toEqual({
        players: [
          { player_id: 1, name: '1' },
          { player_id: 2, name: '2' },
        ],
        lineup: '1 - 2',
      });
    }
  });

  it('reads a broken or foreign seed as no seed, never throws', () => {
    expect(readFirstViewSeed('{')).toBeNull();
    expect(readFirstViewSeed('null')).toBeNull();
    expect(readFirstViewSeed('{"query":1}')).toBeNull();
    expect(unpackRows({ fields: ['a'], values: [[1], [1, 2], 'x'] })).toEqual([{ a: 1 }]);
    expect(unpackRows(undefined)).toEqual([]);
  });
});
