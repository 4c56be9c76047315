/**
 * Metric sets (spec section 3 "Metric sets per view"; columns from METRICS.md).
 *
 * A metric set option is what the client lists in its picker: { value, label, clientQueryParam, group }.
 * `value` is also the key of the set's rows in GET /api/data's `data`. Each set has columns
 * { key, label, format, definition } (definition = the tooltip). Column keys are the row fields; a rate column of a
 * player table also has `{key}_pct` (percentile in the position group), and on/off sets have
 * `{key}_on`, `{key}_off`, `{key}_diff`.
 *
 * Sides (spec section 4): on views with a side, offense shows the Team_ group (what the team or lineup did on
 * offense) and defense shows the Opponent_ group (what its opponents did: the defense); changing side swaps
 * the available sets.
 */
import type { PageKind, Side } from '../site/pageKinds';
import { COLUMNS, type MetricColumn } from './metricColumns';

export type { MetricColumn, ColumnFormat } from './metricColumns';

export type MetricGroup = 'Player' | 'Team' | 'Opponent' | 'none';

export interface MetricSetOption {
  /** key of the rows in /api/data's data, and the set's identity */
  value: string;
  label: string;
  /** the value of the page's `metricSet` query parameter */
  clientQueryParam: string;
  group: MetricGroup;
}

/** How a set's rows are shaped: plain columns, or on/off triples ({key}_on, {key}_off, {key}_diff). */
export type SetLayout = 'plain' | 'onoff';

export interface MetricSetDefinition extends MetricSetOption {
  /** which formula family computes the columns: player event stats or possession (team) stats */
  basis: 'player' | 'team' | 'league' | 'salary';
  /** the column set of METRICS.md this set shows */
  base: BaseSet;
  layout: SetLayout;
}

/** The column sets of METRICS.md. */
export type BaseSet = keyof typeof COLUMNS;

const kebab = (s: string) =>
  s
    .replace(/_/g, '-')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

const BASE_LABELS: Record<BaseSet, string> = {
  BoxScore: 'Box Score',
  TeamBoxScore: 'Box Score',
  OffensiveOverview: 'Offensive Overview',
  ShootingOverall: 'Shooting: Overall',
  ShootingFrequency: 'Shooting: Frequency',
  ShootingAccuracy: 'Shooting: Accuracy',
  FoulDrawing: 'Foul Drawing',
  DefenseAndRebounding: 'Defense and Rebounding',
  ShootingTotals: 'Shooting Totals',
  ContextStatsHalfCourtPutbacks: 'Halfcourt & Putbacks',
  ContextStatsTransition: 'Transition',
  FourFactors: 'Efficiency & Four Factors',
  NetFourFactors: 'Efficiency & Four Factors',
  TeamShootingFrequency: 'Shooting: Frequency',
  TeamShootingAccuracy: 'Shooting: Accuracy',
  TeamShootingTotals: 'Shooting Totals',
  TeamHalfCourtPutbacks: 'Halfcourt & Putbacks',
  TeamTransition: 'Transition',
  Summary: 'Summary',
  LeagueFourFactors: 'Four Factors',
  LeagueShooting: 'Shooting',
  PlayContext: 'Play Context',
  Salaries: 'Salaries',
};

function set(
  value: string,
  base: BaseSet,
  basis: MetricSetDefinition['basis'],
  group: MetricGroup,
  layout: SetLayout = 'plain',
  labelPrefix = '',
): MetricSetDefinition {
  return { value, label: labelPrefix + BASE_LABELS[base], clientQueryParam: kebab(value), group, base, basis, layout };
}

/** The six offensive sets (player event stats). */
const SIX = ['OffensiveOverview', 'ShootingOverall', 'ShootingFrequency', 'ShootingAccuracy', 'FoulDrawing', 'DefenseAndRebounding'] as const;
const sixOffensive = (group: MetricGroup, prefix = '') => SIX.map((b) => set(prefix + b, b, 'player', group));

/** Team-level sets in a group (Team_ or Opponent_), over possessions. */
const TEAM_BASES = {
  FourFactors: 'FourFactors',
  ShootingFrequency: 'TeamShootingFrequency',
  ShootingAccuracy: 'TeamShootingAccuracy',
  ContextStatsHalfCourtPutbacks: 'TeamHalfCourtPutbacks',
  ContextStatsTransition: 'TeamTransition',
} as const satisfies Record<string, BaseSet>;
type TeamSetName = keyof typeof TEAM_BASES;
const ALL_TEAM_SETS = Object.keys(TEAM_BASES) as TeamSetName[];

const grouped = (group: 'Team' | 'Opponent', names: readonly TeamSetName[], layout: SetLayout = 'plain') =>
  names.map((n) => set(`${group}_${n}`, TEAM_BASES[n], 'team', group, layout));

/**
 * The sets of lineup and on/off tables: as `grouped`, their four factors with the net rating, its luck-adjusted
 * twin and its margin of error.
 */
const withNet = (sets: MetricSetDefinition[]) => sets.map((d) => (d.base === 'FourFactors' ? { ...d, base: 'NetFourFactors' as const } : d));

/** Sets of lineup views and game views (side chooses whose possessions). */
const LINEUP_SETS: readonly TeamSetName[] = ALL_TEAM_SETS;
const gameSets = (): MetricSetDefinition[] => [
  set('FourFactors', 'FourFactors', 'team', 'none'),
  set('ShootingFrequency', 'TeamShootingFrequency', 'team', 'none'),
  set('ShootingAccuracy', 'TeamShootingAccuracy', 'team', 'none'),
  set('ShootingTotals', 'TeamShootingTotals', 'team', 'none'),
  set('ContextStatsHalfCourtPutbacks', 'TeamHalfCourtPutbacks', 'team', 'none'),
  set('ContextStatsTransition', 'TeamTransition', 'team', 'none'),
];

/** On/off sets of the players table (METRICS.md "On/off sets"). */
const onOffPlayersSets = (): MetricSetDefinition[] => [
  set('OnOff_FourFactors', 'FourFactors', 'team', 'Team', 'onoff', 'On/Off: '),
  set('OnOff_Team_ShootingFrequency', 'TeamShootingFrequency', 'team', 'Team', 'onoff', 'On/Off: Team '),
  set('OnOff_Opponent_ShootingFrequency', 'TeamShootingFrequency', 'team', 'Opponent', 'onoff', 'On/Off: Opponent '),
  set('OnOff_ShootingAccuracy', 'TeamShootingAccuracy', 'team', 'Team', 'onoff', 'On/Off: '),
  set('OnOff_ContextStatsHalfCourtPutbacks', 'TeamHalfCourtPutbacks', 'team', 'Team', 'onoff', 'On/Off: '),
  set('OnOff_ContextStatsTransition', 'TeamTransition', 'team', 'Team', 'onoff', 'On/Off: '),
];

/**
 * Every set a page kind offers, both sides (for views with a side, offense = Team_ group, defense = Opponent_).
 */
function definitionsFor(page: PageKind, side: Side): MetricSetDefinition[] {
  const teamOrOpp = side === 'offense' ? 'Team' : 'Opponent';
  switch (page) {
    case 'League':
      return [
        set('Summary', 'Summary', 'league', 'none'),
        set('FourFactors', 'LeagueFourFactors', 'league', 'none'),
        set('Shooting', 'LeagueShooting', 'league', 'none'),
        set('PlayContext', 'PlayContext', 'league', 'none'),
      ];
    case 'Players':
      return [...sixOffensive('Player'), ...onOffPlayersSets()];
    case 'PlayerGameLog':
      return [set('BoxScore', 'BoxScore', 'player', 'none'), ...sixOffensive('none')];
    case 'TeamGameLog':
      return [set('BoxScore', 'TeamBoxScore', 'player', 'none'), ...sixOffensive('none')];
    case 'PlayerProfile':
    case 'TeamPlayers':
    case 'GamePlayers':
      return sixOffensive('none');
    case 'PlayerPositions':
      return [
        ...sixOffensive('Player', 'Player_'),
        ...grouped('Team', ALL_TEAM_SETS),
        ...grouped('Opponent', ['ShootingFrequency', 'ShootingAccuracy', 'ContextStatsHalfCourtPutbacks', 'ContextStatsTransition']),
      ];
    case 'PlayerOnOff':
    case 'TeamOnOff':
      return withNet(grouped(teamOrOpp, ALL_TEAM_SETS, 'onoff'));
    case 'TeamTeam':
      return grouped(teamOrOpp, ALL_TEAM_SETS);
    case 'Lineups':
    case 'PlayerLineups':
    case 'TeamLineups':
      return withNet(grouped(teamOrOpp, LINEUP_SETS));
    case 'GameTeam':
    case 'GamePreview':
      return gameSets();
    case 'TeamSalaries':
      return [set('Salaries', 'Salaries', 'salary', 'none')];
    case 'GamePlayByPlay':
    case 'TeamWowy':
    case 'NonStats':
      return [];
  }
}

/** The metric set options of a view (what the client's picker lists, in order). */
export function metricSetOptions(page: PageKind, side: Side = 'offense'): MetricSetOption[] {
  return definitionsFor(page, side).map(({ value, label, clientQueryParam, group }) => ({ value, label, clientQueryParam, group }));
}

/** The full definitions of a view's sets (the server computes rows from these). */
export function metricSetDefinitions(page: PageKind, side: Side = 'offense'): MetricSetDefinition[] {
  return definitionsFor(page, side);
}

/** The columns of one metric set. */
export function columnsOf(def: Pick<MetricSetDefinition, 'base'>): readonly MetricColumn[] {
  return COLUMNS[def.base];
}

export type OnOffPart = 'on' | 'off' | 'diff';

/**
 * The parts an on/off column shows: on, off, and on minus off. Only rates and percents have a difference that
 * means something; a count (possessions on court and off) has on and off only.
 */
export function onOffParts(c: Pick<MetricColumn, 'format' | 'margin'>): readonly OnOffPart[] {
  return c.format === 'rate' || c.format === 'percent' ? ['on', 'off', 'diff'] : ['on', 'off'];
}

/** The on/off parts that carry a percentile (rates and percents): the value with him on, and on minus off. */
export const ONOFF_PERCENTILE_PARTS: readonly OnOffPart[] = ['on', 'diff'];

/** The row fields a set's number columns show: its column keys, or `{key}_on`, `{key}_off`, `{key}_diff` (on/off). */
export function numberColumnIds(def: Pick<MetricSetDefinition, 'base' | 'layout'>): string[] {
  const cols = columnsOf(def);
  return def.layout === 'onoff' ? cols.flatMap((c) => onOffParts(c).map((s) => `${c.key}_${s}`)) : cols.map((c) => c.key);
}

/** Every field some set shows as a number column, in either layout. */
const ANY_NUMBER_COLUMN: ReadonlySet<string> = new Set(
  (Object.keys(COLUMNS) as BaseSet[]).flatMap((base) => [...numberColumnIds({ base, layout: 'plain' }), ...numberColumnIds({ base, layout: 'onoff' })]),
);

/**
 * Does a table sorted by `column` still make sense in set `def`? Yes for one of the set's own number columns, and
 * for an identity column (name, team, date...: not a metric of any set), which the rows keep whatever the set.
 * A metric the set lacks (`tov_pct` after picking Shooting: Accuracy) does not: the sort is dropped.
 */
export function sortFitsSet(column: string, def: Pick<MetricSetDefinition, 'base' | 'layout'>): boolean {
  return numberColumnIds(def).includes(column) || !ANY_NUMBER_COLUMN.has(column);
}

/** The set chosen by the `metricSet` query parameter, falling back to the first available (spec section 4). */
export function selectMetricSet(page: PageKind, side: Side, clientQueryParam: string | null | undefined): MetricSetOption | undefined {
  const options = metricSetOptions(page, side);
  return options.find((o) => o.clientQueryParam === clientQueryParam || o.value === clientQueryParam) ?? options[0];
}
