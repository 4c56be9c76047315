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
import type { PageKind, Side } from './pageKinds';
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
/** The metric set options of a view (what the client's picker lists, in order). */
export declare function metricSetOptions(page: PageKind, side?: Side): MetricSetOption[];
/** The full definitions of a view's sets (the server computes rows from these). */
export declare function metricSetDefinitions(page: PageKind, side?: Side): MetricSetDefinition[];
/** The columns of one metric set. */
export declare function columnsOf(def: Pick<MetricSetDefinition, 'base'>): readonly MetricColumn[];
/** The set chosen by the `metricSet` query parameter, falling back to the first available (spec section 4). */
export declare function selectMetricSet(page: PageKind, side: Side, clientQueryParam: string | null | undefined): MetricSetOption | undefined;
