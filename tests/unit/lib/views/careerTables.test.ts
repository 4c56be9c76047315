/** The career tables' modes, rounding, labels and URL key (src/lib/views/careerTables.ts), on made-up numbers. */
import { describe, expect, it } from 'vitest';
import {
  CAREER_BOX_KEYS,
  CAREER_COLUMNS,
  careerTotalLabel,
  careerValue,
  formatCareerValue,
  keepCareerMode,
  parseCareerMode,
  searchWithCareerMode,
  type CareerBox,
} from '../../../../src/lib/views/careerTables';

const box = (b: Partial<CareerBox>): CareerBox => ({ ...(Object.fromEntries(CAREER_BOX_KEYS.map((k) => [k, 0])) as unknown as CareerBox), ...b });
const col = (label: string) => CAREER_COLUMNS.find((c) => c.label === label)!;

describe('career tables', () => {
  const season = box({ games: 10, starts: 9, sec: 10 * 30 * 60, pts: 255, oreb: 11, dreb: 40, fgm: 90, fga: 200, plus_minus: -33, poss: 620 });

  it('scales counts by the mode; G, GS and percentages never; MIN per game or total', () => {
    expect(careerValue(season, col('PTS'), 'totals')).toBe(255);
    expect(careerValue(season, col('PTS'), 'per_game')).toBe(25.5);
    expect(careerValue(season, col('PTS'), 'per_36')).toBe(30.6); // 255 x 36 / 300
    expect(careerValue(season, col('PTS'), 'per_100')).toBe(41.1); // 255 x 100 / 620
    expect(careerValue(season, col('TRB'), 'per_game')).toBe(5.1);
    expect(careerValue(season, col('GS'), 'per_36')).toBe(9);
    expect(careerValue(season, col('FG%'), 'per_100')).toBe(45);
    expect(careerValue(season, col('3P%'), 'totals')).toBeNull();
    expect(careerValue(season, col('MIN'), 'per_game')).toBe(30);
    expect(careerValue(season, col('MIN'), 'per_36')).toBe(300);
    expect(careerValue(box({}), col('PTS'), 'per_game')).toBeNull();
  });

  it('formats as the site does: counts with separators, one decimal (percentages too, as in the game box score), signed +/-', () => {
    const big = box({ games: 82, sec: 82 * 36 * 60, pts: 2036, plus_minus: -33 });
    expect(formatCareerValue(careerValue(big, col('PTS'), 'totals'), col('PTS'), 'totals')).toBe('2,036');
    expect(formatCareerValue(careerValue(big, col('PTS'), 'per_game'), col('PTS'), 'per_game')).toBe('24.8');
    expect(formatCareerValue(careerValue(big, col('+/-'), 'totals'), col('+/-'), 'totals')).toBe('−33');
    expect(formatCareerValue(careerValue(season, col('+/-'), 'per_game'), col('+/-'), 'per_game')).toBe('−3.3');
    expect(formatCareerValue(careerValue(season, col('FG%'), 'totals'), col('FG%'), 'totals')).toBe('45.0');
    expect(formatCareerValue(null, col('3P%'), 'totals')).toBe('–');
  });

  it('labels career rows by the seasons they cover; playoffs say when earlier ones are missing', () => {
    expect(careerTotalLabel('regular', [2003, 2012, 2022], 2003)).toBe('Career (2003-04 to 2022-23)');
    expect(careerTotalLabel('regular', [2019], 2019)).toBe('Career (2019-20)');
    expect(careerTotalLabel('playoffs', [2013, 2022], 2003)).toBe('Playoffs 2013-14 to 2022-23 (earlier playoffs are not in the data)');
    expect(careerTotalLabel('playoffs', [2016, 2022], 2015)).toBe('Playoffs 2016-17 to 2022-23');
  });

  it('keeps the mode in the query string, left out at the default; unknown modes are the default', () => {
    expect(parseCareerMode('per_100')).toBe('per_100');
    expect(parseCareerMode('per_48')).toBe('per_game');
    expect(parseCareerMode(null)).toBe('per_game');
    expect(searchWithCareerMode('?season=2012', 'totals')).toBe('?season=2012&career=totals');
    expect(searchWithCareerMode('?season=2012&career=totals', 'per_game')).toBe('?season=2012');
    expect(searchWithCareerMode('?career=totals', 'per_game')).toBe('');
    expect(keepCareerMode(new URLSearchParams('season=2012'), '?career=per_36&season=2022').toString()).toBe('season=2012&career=per_36');
    expect(keepCareerMode(new URLSearchParams(''), '?career=bogus').toString()).toBe('');
  });
});
