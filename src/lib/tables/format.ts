/**
 * Number formatting of the stats tables and filter labels (isomorphic, no DOM).
 * METRICS.md "Presentation": rates show one decimal; percentages are 0-100 with one decimal; minutes are shown
 * as m:ss from seconds; money in US dollars. A missing value (null, undefined, NaN) shows as an en dash.
 */
import type { ColumnFormat } from './metricColumns';
import { OVERTIME_SECONDS, QUARTER_SECONDS, REGULATION_SECONDS, TIME_INTO_GAME_MAX } from '../filters/filterDefinitions';

export const MISSING = '–';

/**
 * A calendar date (YYYY-MM-DD, a game's local date as the data gives it) in US English, as that same day wherever
 * the reader is (read at noon UTC, formatted in UTC). Text that is not a date comes back as it was.
 */
export function formatDate(isoDate: string, options: Intl.DateTimeFormatOptions): string {
  const d = new Date(`${isoDate.slice(0, 10)}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? isoDate : d.toLocaleDateString('en-US', { ...options, timeZone: 'UTC' });
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** A rate (per 100 possessions or plays): one decimal, "112.4". */
export function formatRate(v: unknown): string {
  return isNum(v) ? oneDecimal.format(v) : MISSING;
}

/** A percentage stored 0-100: one decimal and a percent sign, "52.3%". */
export function formatPercent(v: unknown): string {
  return isNum(v) ? `${oneDecimal.format(v)}%` : MISSING;
}

/** A count ("1,234"); a value that is not whole keeps two decimals. */
export function formatNumber(v: unknown): string {
  if (!isNum(v)) return MISSING;
  return Number.isInteger(v) ? whole.format(v) : twoDecimals.format(v);
}

/** A ratio (AST:Usg): always two decimals, so a column of ratios lines up ("1.00", "0.62"). */
export function formatRatio(v: unknown): string {
  return isNum(v) ? twoDecimals.format(v) : MISSING;
}

/** Number columns that are ratios rather than counts (their label is "A:B"). */
export function isRatioLabel(label: string): boolean {
  return /^[^:]+:[^:]+$/.test(label);
}

/** Seconds as minutes m:ss ("36:05"); long totals keep counting minutes ("2,514:40"). */
export function formatMinutes(seconds: unknown): string {
  if (!isNum(seconds)) return MISSING;
  const total = Math.round(Math.abs(seconds));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${seconds < 0 ? '-' : ''}${whole.format(m)}:${String(s).padStart(2, '0')}`;
}

/** Seconds as whole minutes ("2,958"): season and career tables; m:ss is for game lines only. */
export function formatWholeMinutes(seconds: unknown): string {
  return isNum(seconds) ? whole.format(Math.round(seconds / 60)) : MISSING;
}

/** Page kinds whose rows are single games (game logs, game pages): minutes there are m:ss. */
export const GAME_LINE_KINDS: ReadonlySet<string> = new Set(['PlayerGameLog', 'TeamGameLog', 'GamePlayers', 'GameTeam']);

/** US dollars without cents, "$12,345,678". */
export function formatMoney(v: unknown): string {
  return isNum(v) ? dollars.format(v) : MISSING;
}

/** A value in a column's format; `gameLine`: seconds as m:ss (one game) rather than whole minutes. */
export function formatValue(v: unknown, format: ColumnFormat, opts: { gameLine?: boolean } = {}): string {
  switch (format) {
    case 'rate':
      return formatRate(v);
    case 'percent':
      return formatPercent(v);
    case 'seconds':
      return opts.gameLine === false ? formatWholeMinutes(v) : formatMinutes(v);
    case 'money':
      return formatMoney(v);
    case 'number':
      return formatNumber(v);
  }
}

/** An on-minus-off difference: the value's format with an explicit sign ("+3.1", "−2.4%"); no sign when it shows as zero. */
export function formatDiff(v: unknown, format: ColumnFormat): string {
  if (!isNum(v)) return MISSING;
  const body = formatValue(Math.abs(v), format);
  if (!/[1-9]/.test(body)) return body;
  return v > 0 ? `+${body}` : `−${body}`;
}

/** A margin of error (half-width of an interval): "±7.3"; a dash when there is none. */
export function formatMargin(v: unknown, format: ColumnFormat): string {
  return isNum(v) ? `±${formatValue(v, format)}` : MISSING;
}

/** A signed whole number for score differentials: "+5", "−3", "0". */
/**
 * A span of seasons in the site's season format: "2015-16 to 2022-23", or one season "2022-23" when both ends
 * are the same. Takes season labels ("2015-16"); empty when either end is unknown.
 */
export function formatSeasonSpan(first: string | null, last: string | null): string {
  if (!first || !last) return '';
  return first === last ? first : `${first} to ${last}`;
}

export function formatSigned(v: number): string {
  return v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0';
}

/**
 * Time into the game (seconds since tip-off) as the period and the clock remaining in it (spec section 9):
 * quarters are 720 s, overtimes 300 s from 2880. A boundary belongs to the period that starts there
 * (720 -> "Q2 12:00"), except the very end of the scale, 3780, which is "OT3 0:00".
 */
export function formatTimeIntoGame(t: number): string {
  const clamped = Math.max(0, Math.min(TIME_INTO_GAME_MAX, t));
  const clock = (remaining: number) => `${Math.floor(remaining / 60)}:${String(remaining % 60).padStart(2, '0')}`;
  if (clamped < REGULATION_SECONDS) {
    const q = Math.floor(clamped / QUARTER_SECONDS);
    return `Q${q + 1} ${clock(QUARTER_SECONDS - (clamped - q * QUARTER_SECONDS))}`;
  }
  const intoOt = clamped - REGULATION_SECONDS;
  const ot = Math.min(2, Math.floor(intoOt / OVERTIME_SECONDS));
  return `OT${ot + 1} ${clock(OVERTIME_SECONDS - (intoOt - ot * OVERTIME_SECONDS))}`;
}

/** Tick marks of the time-into-game slider (spec section 9). */
export const TIME_INTO_GAME_TICKS: readonly { value: number; label: string }[] = [
  { value: 0, label: 'Q1' },
  { value: 720, label: 'Q2' },
  { value: 1440, label: 'Q3' },
  { value: 2160, label: 'Q4' },
  { value: 2880, label: 'O1' },
  { value: 3180, label: 'O2' },
  { value: 3480, label: 'O3' },
];

/** Days of rest: 5 stands for five or more (spec section 9). */
export function formatDaysRest(days: number): string {
  return days >= 5 ? '≥ 5' : String(days);
}

/** An ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st... */
export function ordinal(n: number): string {
  const r100 = n % 100;
  const r10 = n % 10;
  const suffix = r100 >= 11 && r100 <= 13 ? 'th' : r10 === 1 ? 'st' : r10 === 2 ? 'nd' : r10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}
