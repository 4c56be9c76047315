/** The box score's shaping (src/lib/game/boxScore.ts): order, totals, cells and CSV, on hand-made lines. */
import { describe, expect, it } from 'vitest';
import { BOX_COLUMNS, boxCell, boxScoreCsv, filteredBox, wholeGameBox } from '../../../../src/lib/game/boxScore';

const line = (player_id: number, name: string, starter: boolean, sec: number, pts: number, extra: Record<string, number> = {}) => ({
  player_id,
  name,
  starter,
  sec,
  pts,
  fgm: 0,
  fga: 0,
  fg3m: 0,
  fg3a: 0,
  ftm: 0,
  fta: 0,
  oreb: 0,
  dreb: 0,
  ast: 0,
  stl: 0,
  blk: 0,
  tov: 0,
  pf: 0,
  plus_minus: 0,
  ...extra,
});
const col = (id: string) => BOX_COLUMNS.find((c) => c.id === id)!;

describe('box score shaping', () => {
  const game = {
    away: {
      team: 'SAC',
      abbr_then: 'SAC',
      name: 'Sacramento Kings',
      players: [
        line(1, 'Bench Guy', false, 600, 4),
        line(2, 'Starter Short', true, 900, 2),
        line(3, 'Bench Long', false, 1200, 0),
        line(4, 'Starter Long', true, 2000, 20, { fgm: 8, fga: 15 }),
      ],
    },
    home: { team: 'DEN', abbr_then: 'DEN', name: 'Denver Nuggets', players: [line(5, 'Home Starter', true, 2400, 30, { plus_minus: 4 })] },
  };

  it('away first; starters by minutes, then the bench by minutes; totals sum the lines, +/- is the margin', () => {
    const [away, home] = wholeGameBox(game);
    expect([away.side, away.team, home.team]).toEqual(['away', 'SAC', 'DEN']);
    expect(away.starters.map((l) => l.player_id)).toEqual([4, 2]);
    expect(away.bench.map((l) => l.player_id)).toEqual([3, 1]);
    expect(away.totals).toMatchObject({ pts: 26, sec: 4700, fgm: 8, fga: 15, plus_minus: -4 });
    expect(home.totals.plus_minus).toBe(4);
  });

  it("the page-filters box takes each team's rows by abbreviation", () => {
    const [away, home] = filteredBox(game, [
      { ...line(9, 'X', true, 60, 3), team: 'DEN' },
      { ...line(8, 'Y', false, 30, 1), team: 'SAC' },
    ]);
    expect(away.bench.map((l) => l.player_id)).toEqual([8]);
    expect(home.starters.map((l) => l.player_id)).toEqual([9]);
    expect([away.totals.plus_minus, home.totals.plus_minus]).toEqual([-2, 2]);
  });

  it('cells: made-attempted, one-decimal percentages (a dash without attempts), m:ss, signed +/-', () => {
    const l = line(1, 'A', true, 2165, 20, { fgm: 8, fga: 15, plus_minus: -3 });
    expect(boxCell(col('fg'), l)).toBe('8-15');
    expect(boxCell(col('fg_pct'), l)).toBe('53.3');
    expect(boxCell(col('fg3_pct'), l)).toBe('–');
    expect(boxCell(col('min'), l)).toBe('36:05');
    expect(boxCell(col('plus_minus'), l)).toBe('−3');
    expect(boxCell(col('plus_minus'), { ...l, plus_minus: 5 })).toBe('+5');
  });

  it('CSV: quoted names, a totals line per team', () => {
    const csv = boxScoreCsv(wholeGameBox({ ...game, home: { ...game.home, players: [line(5, 'Jr., "Junior"', true, 60, 2)] } })).split('\r\n');
    expect(csv).toContain('DEN,"Jr., ""Junior""",5,yes,1:00,0,0,,0,0,,0,0,,0,0,0,0,0,0,0,0,2,0');
    expect(csv.filter((l) => l.includes(',Team totals,'))).toHaveLength(2);
  });
});
