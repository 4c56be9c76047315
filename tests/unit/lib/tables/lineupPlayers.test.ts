import { describe, expect, it } from 'vitest';
import { withPlayerNames } from '../../../../src/lib/tables/lineupPlayers';

describe('withPlayerNames: a lineup answer as the table reads it', () => {
  it("names each row's players from the answer's names and joins them into `lineup`", () => {
    const data = {
      Team_FourFactors: [
        { lineup_id: 7, players: [3, 1], poss: 10 },
        { lineup_id: 8, players: [1, 2], poss: 9 },
      ],
    };
    const out = withPlayerNames(data, { 1: 'Ann Able', 2: 'Bo Baker', 3: 'Cy Cole' });
    expect(out.Team_FourFactors).toEqual([
      {
        lineup_id: 7,
        players: [
          { player_id: 3, name: 'Cy Cole' },
          { player_id: 1, name: 'Ann Able' },
        ],
        poss: 10,
        lineup: 'Cy Cole - Ann Able',
      },
      {
        lineup_id: 8,
        players: [
          { player_id: 1, name: 'Ann Able' },
          { player_id: 2, name: 'Bo Baker' },
        ],
        poss: 9,
        lineup: 'Ann Able - Bo Baker',
      },
    ]);
    // one object per player for the whole answer
    expect(out.Team_FourFactors[0]!.players[1]).toBe(out.Team_FourFactors[1]!.players[0]);
  });

  it('a player the names leave out is shown by his id; rows without players and answers without names are left as they are', () => {
    expect(withPlayerNames({ s: [{ players: [5] }] }, {}).s[0]).toEqual({ players: [{ player_id: 5, name: '5' }], lineup: '5' });
    const plain = { s: [{ player_id: 1, name: 'Ann Able' }] };
    expect(withPlayerNames(plain, { 1: 'X' })).toEqual({ s: [{ player_id: 1, name: 'Ann Able' }] });
    const wire = { s: [{ players: [1] }] };
    expect(withPlayerNames(wire, undefined)).toEqual({ s: [{ players: [1] }] });
  });

  it('rows already named (the rows form) and rows with anything but ids stay as they are', () => {
    const named = { s: [{ players: [{ player_id: 1, name: 'Ann Able' }], lineup: 'Ann Able (kept)' }] };
    expect(withPlayerNames(named, { 1: 'Other' })).toEqual({ s: [{ players: [{ player_id: 1, name: 'Ann Able' }], lineup: 'Ann Able (kept)' }] });
    const odd = { s: [{ players: [1, null] }, { players: ['2'] }] };
    expect(withPlayerNames(odd, { 1: 'Ann Able', 2: 'Bo Baker' })).toEqual({ s: [{ players: [1, null] }, { players: ['2'] }] });
  });

  it('a name that is not a string shows the id', () => {
    expect(withPlayerNames({ s: [{ players: [1] }] }, { 1: 42 } as never).s[0]).toEqual({ players: [{ player_id: 1, name: '1' }], lineup: '1' });
  });
});
