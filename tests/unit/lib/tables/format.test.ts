import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDaysRest,
  formatDiff,
  formatMargin,
  formatMinutes,
  formatMoney,
  formatNumber,
  formatPercent,
  formatRate,
  formatRatio,
  formatSeasonSpan,
  isRatioLabel,
  formatTimeIntoGame,
  formatValue,
  ordinal,
} from '../../../../src/lib/tables/format';

describe('number formats (METRICS.md presentation)', () => {
  it('rates and percentages show one decimal', () => {
    expect(formatRate(112.3456)).toBe('112.3');
    expect(formatRate(99.95)).toBe('100.0');
    expect(formatPercent(52.349)).toBe('52.3%');
    expect(formatValue(7, 'rate')).toBe('7.0');
  });

  it('a margin of error shows as ±x, a missing one as a dash', () => {
    expect(formatMargin(7.345, 'rate')).toBe('±7.3');
    expect(formatMargin(null, 'rate')).toBe(formatRate(null));
  });

  it('counts are whole with thousands separators; ratios keep two decimals', () => {
    expect(formatNumber(6025)).toBe('6,025');
    expect(formatNumber(0.618)).toBe('0.62');
    expect(formatRatio(1)).toBe('1.00');
    expect(isRatioLabel('AST:Usg')).toBe(true);
    expect(isRatioLabel('FGM')).toBe(false);
  });

  it('minutes are m:ss from seconds', () => {
    expect(formatMinutes(2165)).toBe('36:05');
    expect(formatMinutes(59.6)).toBe('1:00');
    expect(formatMinutes(177498)).toBe('2,958:18');
  });

  it('money is whole US dollars', () => {
    expect(formatMoney(16790345)).toBe('$16,790,345');
  });

  it('missing values show a dash', () => {
    expect(formatRate(null)).toBe('–');
    expect(formatPercent(undefined)).toBe('–');
    expect(formatValue(Number.NaN, 'number')).toBe('–');
  });

  it('differences carry a sign, except when they show as zero', () => {
    expect(formatDiff(3.14, 'rate')).toBe('+3.1');
    expect(formatDiff(-2.45, 'percent')).toBe('−2.5%');
    expect(formatDiff(0.02, 'percent')).toBe('0.0%');
    expect(formatDiff(-3560, 'number')).toBe('−3,560');
  });
});

describe('time into game (spec section 9)', () => {
  it('shows the period and the clock remaining in it', () => {
    expect(formatTimeIntoGame(0)).toBe('Q1 12:00');
    expect(formatTimeIntoGame(710)).toBe('Q1 0:10');
    expect(formatTimeIntoGame(720)).toBe('Q2 12:00');
    expect(formatTimeIntoGame(2150)).toBe('Q3 0:10');
    expect(formatTimeIntoGame(2160)).toBe('Q4 12:00');
    expect(formatTimeIntoGame(2880)).toBe('OT1 5:00');
    expect(formatTimeIntoGame(3180)).toBe('OT2 5:00');
    expect(formatTimeIntoGame(3480)).toBe('OT3 5:00');
    expect(formatTimeIntoGame(3780)).toBe('OT3 0:00');
  });

  it('ordinals for percentiles', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 100].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '100th']);
  });

  it('days rest shows 5 as "≥ 5"', () => {
    expect(formatDaysRest(4)).toBe('4');
    expect(formatDaysRest(5)).toBe('≥ 5');
  });
});

describe('formatDate', () => {
  it('writes the calendar day of the data, whatever the time zone of the reader', () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['Pacific/Honolulu', 'UTC', 'Asia/Tokyo']) {
        process.env.TZ = tz;
        expect(formatDate('2023-01-01', { month: 'short', day: 'numeric', year: 'numeric' })).toBe('Jan 1, 2023');
        expect(formatDate('2023-06-12T00:00:00', { weekday: 'short', month: 'short', day: 'numeric' })).toBe('Mon, Jun 12');
      }
    } finally {
      process.env.TZ = zone;
    }
    expect(formatDate('not a date', { month: 'short' })).toBe('not a date');
  });
});

describe('season spans (the search labels)', () => {
  it('writes both ends in the site season format', () => {
    expect(formatSeasonSpan('2015-16', '2022-23')).toBe('2015-16 to 2022-23');
    expect(formatSeasonSpan('2022-23', '2022-23')).toBe('2022-23');
    expect(formatSeasonSpan(null, '2022-23')).toBe('');
  });
});
