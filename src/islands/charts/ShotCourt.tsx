/**
 * One half court with a sample's attempts: zones (each zone coloured by its FG% percentile in the pool,
 * labelled with FG% and share of attempts), hexagonal bins (size = attempts, colour = FG% against the league
 * in the bin's zone) or dots (made / missed) for small samples.
 */
import { hexbin } from 'd3-hexbin';
import { useId } from 'react';
import type { ShotBin, ShotSample, ShotZone, ShotZoneRow } from '../../lib/views/shotZones';
import { diffColor, NO_VALUE, percentileColor } from './colors';
import { COURT, CORNER_Y, CourtLines, TWO_POINT_AREA } from './Court';
import { formatPct } from './chartText';

export type ShotMode = 'zones' | 'hexbins';

interface Props {
  sample: ShotSample;
  mode: ShotMode;
  hexRadius: number;
  label: string;
}

const fgPct = (z: { fga: number; fgm: number }) => (z.fga > 0 ? (100 * z.fgm) / z.fga : null);

function Label({ x, y, lines, rotate = false, size = 1.8 }: { x: number; y: number; lines: string[]; rotate?: boolean; size?: number }) {
  return (
    <text className="court-label" x={x} y={y} fontSize={size} textAnchor="middle" transform={rotate ? `rotate(-90 ${x} ${y})` : undefined}>
      {lines.map((line, i) => (
        <tspan key={i} x={x} dy={i === 0 ? 0 : size * 1.15} fontSize={i === 0 ? size : size * 0.8}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

function Zones({ sample, id }: { sample: ShotSample; id: string }) {
  const byZone = new Map<ShotZone, ShotZoneRow>(sample.zones.map((z) => [z.zone, z]));
  // Zones without a percentile (fewer than 10 attempts) are hatched, not given a colour of the scale.
  const fill = (zone: ShotZone) => {
    const p = byZone.get(zone)?.fg_pct_percentile;
    return p === null || p === undefined ? `url(#${id}-na)` : percentileColor(p);
  };
  const share = (zone: ShotZone) => {
    const z = byZone.get(zone)!;
    return sample.fga > 0 ? `${Math.round((100 * z.fga) / sample.fga)}% of FGA` : '';
  };
  const pct = (zone: ShotZone) => formatPct(fgPct(byZone.get(zone)!));
  // Each corner's own figure when every corner three is located (the zone counts both corners together); else
  // the zone's figure, said once for both.
  const corner3 = byZone.get('corner3')!;
  const { left, right } = sample.corners;
  const sides = corner3.fga > 0 && left.fga + right.fga === corner3.fga;
  const shareOf = (c: { fga: number }) => (sample.fga > 0 ? `${Math.round((100 * c.fga) / sample.fga)}% of FGA` : '');
  const cornerText = (c: { fga: number; fgm: number }) => (sides ? `${formatPct(fgPct(c))} · ${shareOf(c)}` : `${pct('corner3')} · ${share('corner3')}`);
  return (
    <g className="court-zones">
      <pattern id={`${id}-na`} width={1.2} height={1.2} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width={1.2} height={1.2} fill={NO_VALUE} />
        <line x1={0} y1={0} x2={0} y2={1.2} className="court-hatch" />
      </pattern>
      <clipPath id={`${id}-court`}>
        <rect x={-25} y={0} width={50} height={47} />
      </clipPath>
      <rect x={-25} y={0} width={50} height={47} fill={fill('noncorner3')} />
      <rect x={-25} y={0} width={25 - COURT.threeCorner} height={CORNER_Y} fill={fill('corner3')} />
      <rect x={COURT.threeCorner} y={0} width={25 - COURT.threeCorner} height={CORNER_Y} fill={fill('corner3')} />
      <path d={TWO_POINT_AREA} fill={fill('long_mid')} />
      <circle cx={0} cy={COURT.hoopY} r={14} fill={fill('short_mid')} clipPath={`url(#${id}-court)`} />
      <circle cx={0} cy={COURT.hoopY} r={4} fill={fill('rim')} />
      <g className="court-zone-edges" fill="none">
        <path d={TWO_POINT_AREA} />
        <circle cx={0} cy={COURT.hoopY} r={14} clipPath={`url(#${id}-court)`} />
        <circle cx={0} cy={COURT.hoopY} r={4} />
        <line x1={-COURT.threeCorner} y1={CORNER_Y} x2={-25} y2={CORNER_Y} />
        <line x1={COURT.threeCorner} y1={CORNER_Y} x2={25} y2={CORNER_Y} />
      </g>
      <Label x={0} y={8.1} lines={[pct('rim')]} size={1.5} />
      <Label x={0} y={2.6} lines={[share('rim')]} size={1.5} />
      <Label x={0} y={14.6} lines={[pct('short_mid'), share('short_mid')]} />
      <Label x={-16.8} y={9} lines={[pct('long_mid'), share('long_mid')]} />
      <Label x={-23.1} y={CORNER_Y / 2} lines={[cornerText(left)]} rotate size={1.35} />
      <Label x={23.9} y={CORNER_Y / 2} lines={[sides ? cornerText(right) : 'both corners']} rotate size={1.35} />
      <Label x={0} y={34.5} lines={[pct('noncorner3'), share('noncorner3')]} />
    </g>
  );
}

/** Attempts at the league's FG% added to each bin's colour (see Bins). */
const SHRINK = 10;

function Bins({ sample, hexRadius, id }: { sample: ShotSample; hexRadius: number; id: string }) {
  const league = new Map(sample.zones.map((z) => [z.zone, z.league_fg_pct]));
  if (sample.binning === 'points') {
    return (
      <g className="court-dots">
        {sample.bins.map((b, i) =>
          b.fgm > 0 ? (
            <circle key={i} className="shot-made" cx={b.x} cy={b.y} r={0.6} />
          ) : (
            <g key={i} className="shot-missed" transform={`translate(${b.x} ${b.y})`}>
              <path d="M -0.45 -0.45 L 0.45 0.45 M -0.45 0.45 L 0.45 -0.45" />
            </g>
          ),
        )}
      </g>
    );
  }
  // Size by attempts up to the 90th percentile of the bins (the rim's bins would dwarf every other one).
  const counts = sample.bins.map((b) => b.fga).sort((a, b) => a - b);
  const cap = Math.max(1, counts[Math.floor(0.9 * (counts.length - 1))] ?? 1);
  const hex = hexbin<ShotBin>();
  // A bin of one or two shots is 0 % or 100 %: its FG% is pulled toward the league's by SHRINK attempts at the
  // league rate, so colour speaks only where there are attempts enough to say something.
  const color = (b: ShotBin) => {
    const lg = league.get(b.zone);
    if (lg === null || lg === undefined) return NO_VALUE;
    const pct = (100 * b.fgm + SHRINK * lg) / (b.fga + SHRINK);
    return diffColor(pct - lg);
  };
  return (
    <g className="court-hexes" clipPath={`url(#${id}-floor)`}>
      {sample.bins.map((b, i) => (
        <path key={i} transform={`translate(${b.x} ${b.y})`} d={hex.hexagon(hexRadius * Math.max(0.35, Math.sqrt(Math.min(1, b.fga / cap))))} fill={color(b)} />
      ))}
    </g>
  );
}

export default function ShotCourt({ sample, mode, hexRadius, label }: Props) {
  const id = useId().replace(/:/g, '');
  return (
    <svg className="shot-court" viewBox="-25.5 -0.5 51 48" role="img" aria-label={label}>
      <clipPath id={`${id}-floor`}>
        <rect x={-25} y={0} width={50} height={47} />
      </clipPath>
      <rect x={-25} y={0} width={50} height={47} className="court-floor" />
      {mode === 'zones' ? <Zones sample={sample} id={id} /> : <Bins sample={sample} hexRadius={hexRadius} id={id} />}
      <CourtLines />
    </svg>
  );
}
