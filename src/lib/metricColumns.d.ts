/**
 * The columns of every metric set (METRICS.md), with the definition shown in each column's tooltip.
 * Formats: rate (per 100 possessions or per play, one decimal), percent (0-100, one decimal), number (counts),
 * seconds (minutes shown as m:ss from seconds), money (US dollars).
 * The server computes each column in src/server/stats/formulas.ts (a unit test checks every key has a formula).
 */
export type ColumnFormat = 'rate' | 'percent' | 'number' | 'seconds' | 'money';
export interface MetricColumn {
    key: string;
    label: string;
    format: ColumnFormat;
    /** tooltip */
    definition: string;
}
export declare const COLUMNS: {
    readonly OffensiveOverview: readonly [MetricColumn, MetricColumn, MetricColumn, MetricColumn, MetricColumn, MetricColumn, MetricColumn, MetricColumn];
    readonly ShootingOverall: readonly [MetricColumn, MetricColumn, MetricColumn, MetricColumn, MetricColumn, MetricColumn, MetricColumn];
    readonly ShootingFrequency: MetricColumn[];
    readonly ShootingAccuracy: MetricColumn[];
    readonly FoulDrawing: readonly [MetricColumn, MetricColumn, MetricColumn, MetricColumn, MetricColumn];
    readonly DefenseAndRebounding: readonly [MetricColumn, MetricColumn, MetricColumn, MetricColumn, MetricColumn];
    readonly ShootingTotals: MetricColumn[];
    readonly ContextStatsHalfCourtPutbacks: MetricColumn[];
    readonly ContextStatsTransition: MetricColumn[];
    readonly FourFactors: MetricColumn[];
    readonly TeamShootingFrequency: MetricColumn[];
    readonly TeamShootingAccuracy: MetricColumn[];
    readonly TeamShootingTotals: MetricColumn[];
    readonly TeamHalfCourtPutbacks: MetricColumn[];
    readonly TeamTransition: MetricColumn[];
    readonly Summary: readonly [MetricColumn, MetricColumn, MetricColumn, MetricColumn, MetricColumn, MetricColumn, MetricColumn, MetricColumn];
    readonly LeagueFourFactors: MetricColumn[];
    readonly LeagueShooting: readonly MetricColumn[];
    readonly PlayContext: readonly [MetricColumn, MetricColumn, MetricColumn, MetricColumn, MetricColumn, MetricColumn];
    readonly Salaries: readonly [MetricColumn];
};
/**
 * Player-only columns: they describe one player's share of his team (Usage% is 100 % for a whole team, AST:Usg
 * follows it), so tables whose rows are whole teams (the team game log) leave them out, on the server and the client.
 */
export declare const PLAYER_ONLY_COLUMNS: ReadonlySet<string>;
/** Page kinds whose player-set rows are whole teams. */
export declare const TEAM_ROW_KINDS: ReadonlySet<string>;
