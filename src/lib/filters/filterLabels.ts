/**
 * Human text of filter values: pill text and popover summaries ("2022-23", "Q1 12:00 – Q2 6:00", "≥ 5").
 */
import { PERIOD_LABELS, SEASON_TYPE_LABELS, seasonLabel, type FilterName, type SeasonType } from './filterDefinitions';
import { filterDef, type FilterValue, type Range } from './filterValues';
import { formatDaysRest, formatSigned, formatTimeIntoGame } from '../tables/format';
import { teamByUuid } from '../league/franchises';
import { LEVERAGE_LABELS, type LeverageLevel } from './leverage';

const LOCATION_LABELS: Record<string, string> = { home: 'Home', away: 'Away' };
const RESULT_LABELS: Record<string, string> = { win: 'Wins', loss: 'Losses' };

function list(items: string[], max = 3): string {
  if (items.length <= max) return items.join(', ');
  return `${items.slice(0, max - 1).join(', ')} +${items.length - max + 1}`;
}

function rangeText(name: FilterName, [lo, hi]: Range): string {
  switch (name) {
    case 'DaysRest':
    case 'OpponentDaysRest':
      return lo === hi ? formatDaysRest(lo) : `${lo}–${formatDaysRest(hi)}`;
    case 'TimeIntoGame':
      return `${formatTimeIntoGame(lo)} – ${formatTimeIntoGame(hi)}`;
    case 'ScoreDifferential':
      return `${formatSigned(lo)} to ${formatSigned(hi)}`;
    default:
      return lo === hi ? `#${lo}` : `#${lo}–${hi}`;
  }
}

/** The value part of a pill or summary. */
export function valueText(name: FilterName, value: FilterValue): string {
  const f = filterDef(name);
  switch (f.type) {
    case 'range':
      return rangeText(name, value as Range);
    case 'date':
      return value === null ? 'Any' : String(value);
    case 'boolean':
      return name === 'FilterOutGarbageTime' ? (value ? 'Filtered out' : 'Included') : value ? 'Yes' : 'No';
    case 'choice':
      return value === 'any' ? 'Any' : 'All';
    case 'teams': {
      const abbrs = (value as string[]).map((id) => teamByUuid(id)?.abbr ?? '?');
      return abbrs.length ? list(abbrs, 4) : 'Any';
    }
    case 'players': {
      const n = (value as number[]).length;
      return n === 0 ? 'Anyone' : `${n} player${n === 1 ? '' : 's'}`;
    }
    case 'multi': {
      const items = value as (string | number)[];
      if (items.length === 0) return 'Any';
      if (name === 'Season') {
        const seasons = items as number[];
        const contiguous = seasons.length > 2 && seasons.every((s, i) => i === 0 || s === seasons[i - 1]! + 1);
        return contiguous ? `${seasonLabel(seasons[0]!)} to ${seasonLabel(seasons.at(-1)!)}` : list(seasons.map(seasonLabel));
      }
      if (name === 'SeasonType') return list(items.map((t) => SEASON_TYPE_LABELS[t as SeasonType] ?? String(t)));
      if (name === 'Period')
        return list(
          items.map((p) => PERIOD_LABELS[Number(p)] ?? String(p)),
          4,
        );
      if (name === 'Location') return list(items.map((l) => LOCATION_LABELS[String(l)] ?? String(l)));
      if (name === 'Result') return list(items.map((r) => RESULT_LABELS[String(r)] ?? String(r)));
      if (name === 'Leverage') return list(items.map((l) => LEVERAGE_LABELS[l as LeverageLevel] ?? String(l)));
      return list(items.map(String));
    }
  }
}

/** Short label of a filter in a pill ("Season", "Garbage time", "Opp. off. rank"). */
export const PILL_LABELS: Partial<Record<FilterName, string>> = {
  SeasonType: 'Type',
  StartDate: 'From',
  EndDate: 'To',
  FilterOutGarbageTime: 'Garbage time',
  TimeIntoGame: 'Time',
  ScoreDifferential: 'Score diff.',
  Clutch: 'Clutch',
  BackToBack: 'Back-to-back',
  OpponentDaysRest: 'Opp. rest',
  OpponentPointDiffRank: 'Opp. net rank',
  OpponentOffensiveRank: 'Opp. off. rank',
  OpponentDefensiveRank: 'Opp. def. rank',
};

export function pillLabel(name: FilterName): string {
  return PILL_LABELS[name] ?? filterDef(name).label;
}
