/**
 * A line chart in SVG (d3-scale, d3-shape) drawn at the container's pixel width so text stays readable on a
 * phone: dots for each value, an optional rolling average line, y ticks and a few x labels.
 */
import { line } from 'd3-shape';
import { scaleLinear } from 'd3-scale';
import { useEffect, useRef, useState } from 'react';

export interface LinePoint {
  label: string;
  value: number | null;
}

interface Props {
  points: LinePoint[];
  /** values of the rolling line (same length as points), omitted for none */
  rolling?: (number | null)[];
  format: (v: number) => string;
  ariaLabel: string;
  /** start the y axis at zero (counts); otherwise it spans the values (rates, percents) */
  fromZero?: boolean;
  /** draw the values' line strongly (no rolling line to carry the eye) */
  strong?: boolean;
  height?: number;
}

const M = { top: 12, right: 14, bottom: 30, left: 46 };

function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width];
}

export default function LineChart({ points, rolling, format, ariaLabel, fromZero = true, strong = false, height = 240 }: Props) {
  const [ref, width] = useWidth();
  const values = [...points.map((p) => p.value), ...(rolling ?? [])].filter((v): v is number => v !== null);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const pad = Math.max((max - min) * 0.15, Math.abs(max) * 0.02, 0.5);
  const lo = fromZero ? Math.min(0, min) : min - pad;
  const hi = fromZero ? Math.max(max, 1) : max + pad;
  const w = Math.max(width, 200);
  const x = scaleLinear()
    .domain([0, Math.max(1, points.length - 1)])
    .range([M.left + 6, w - M.right - 6]);
  const y = scaleLinear()
    .domain([lo, hi])
    .nice(5)
    .range([height - M.bottom, M.top]);
  const path = line<number | null>()
    .defined((v) => v !== null)
    .x((_, i) => x(i))
    .y((v) => y(v ?? 0));
  const maxLabels = Math.max(2, Math.floor((w - M.left - M.right) / 80));
  const step = Math.max(1, Math.ceil(points.length / maxLabels));
  const dot = points.length > 60 ? 2 : 3;
  return (
    <div ref={ref} className="line-chart">
      {width > 0 ? (
        <svg width={w} height={height} role="img" aria-label={ariaLabel}>
          <g className="chart-grid">
            {y.ticks(5).map((t) => (
              <g key={t}>
                <line x1={M.left} x2={w - M.right} y1={y(t)} y2={y(t)} />
                <text x={M.left - 6} y={y(t)} dy="0.32em" textAnchor="end">
                  {format(t)}
                </text>
              </g>
            ))}
          </g>
          <g className="chart-xlabels">
            {points.map((p, i) =>
              i === points.length - 1 || (i % step === 0 && points.length - 1 - i >= step * 0.8) ? (
                <text key={i} x={x(i)} y={height - M.bottom + 18} textAnchor={i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'}>
                  {p.label}
                </text>
              ) : null,
            )}
          </g>
          <path className={strong ? 'chart-values chart-values-strong' : 'chart-values'} d={path(points.map((p) => p.value)) ?? ''} />
          {points.map((p, i) => (p.value === null ? null : <circle key={i} className="chart-dot" cx={x(i)} cy={y(p.value)} r={dot} />))}
          {rolling ? <path className="chart-rolling" d={path(rolling) ?? ''} /> : null}
        </svg>
      ) : null}
    </div>
  );
}

/** Mean of the last `window` values at each point (null until a value exists). */
export function rollingMean(values: (number | null)[], window: number): (number | null)[] {
  return values.map((_, i) => {
    const slice = values.slice(Math.max(0, i - window + 1), i + 1).filter((v): v is number => v !== null);
    return slice.length ? slice.reduce((a, b) => a + b, 0) / slice.length : null;
  });
}
