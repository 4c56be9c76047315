/**
 * The percentile colour scale (METRICS.md "Presentation"): a cool blue for low percentiles, neutral around the
 * median, a warm orange for high ones. Subtle: the strongest tint is a light wash that keeps text readable.
 */
const LOW = [56, 120, 200] as const; // cool blue
const HIGH = [235, 120, 45] as const; // warm orange
const MAX_ALPHA = 0.3;

/** Background colour of a cell with percentile `pct` (0-100), or undefined near the median. */
export function percentileBackground(pct: unknown): string | undefined {
  if (typeof pct !== 'number' || !Number.isFinite(pct)) return undefined;
  const t = (Math.max(0, Math.min(100, pct)) - 50) / 50; // -1 .. 1
  if (Math.abs(t) < 0.1) return undefined;
  const [r, g, b] = t < 0 ? LOW : HIGH;
  const alpha = Math.round(Math.abs(t) ** 1.2 * MAX_ALPHA * 1000) / 1000;
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
