/**
 * The p-th percentile (0-100) of numbers sorted in ascending order, by nearest rank: the smallest value with at
 * least p % of the values at or below it (p95 of 20 values is the 19th). NaN for no values. Every bench reports
 * its latencies with it.
 */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** The values in ascending order (a copy). */
export const ascending = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);
