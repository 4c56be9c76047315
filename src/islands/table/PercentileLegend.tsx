/**
 * What the percentile colours mean: the scale from worse to better, the pool the rows are ranked
 * against (position group and season for players, the lineups listed), the minimum sample with its control
 * (`minPoss` in the URL), and how to read a cell's percentile without colour.
 */
import { useEffect, useState } from 'react';
import { SEASON_TYPE_LABELS, seasonLabel, type SeasonType } from '../../lib/filters/filterDefinitions';
import { formatNumber } from '../../lib/tables/format';
import { minPossessionsOf, type PercentileKind } from '../../lib/tables/percentilePolicy';
import { MAX_MIN_POSS } from '../../lib/params/tableQuery';
import type { Row } from '../../stores/tableData';
import { percentileBackground } from './percentile';

const SCALE = [5, 20, 35, 50, 65, 80, 95];

function seasonsText(seasons: readonly number[]): string {
  const s = [...seasons].sort((a, b) => a - b);
  if (s.length === 0) return '';
  if (s.length === 1) return seasonLabel(s[0]!);
  const contiguous = s.every((y, i) => i === 0 || y === s[i - 1]! + 1);
  return contiguous ? `${seasonLabel(s[0]!)} to ${seasonLabel(s[s.length - 1]!)}` : s.map(seasonLabel).join(', ');
}

function typesText(types: readonly string[]): string {
  return types.map((t) => (SEASON_TYPE_LABELS[t as SeasonType] ?? t).toLowerCase()).join(' and ');
}

/** The sample in words: "2022-23 regular season", "2012-13 to 2022-23 regular season and playoffs". */
export function sampleText(seasons: readonly number[], types: readonly string[]): string {
  return `${seasonsText(seasons)} ${typesText(types)}`;
}

/** The words naming the pool. */
export function poolText(kind: PercentileKind, rows: readonly Row[], seasons: readonly number[], types: readonly string[], min: number): string {
  const sample = sampleText(seasons, types);
  if (kind === 'Players') {
    const counts = new Map<string, number>();
    for (const r of rows) if (r.qualified === true) counts.set(String(r.position ?? '–'), (counts.get(String(r.position ?? '–')) ?? 0) + 1);
    const groups = [...counts].map(([g, n]) => `${g} ${formatNumber(n)}`).join(' · ');
    return `${sample} players of the same position group with at least ${formatNumber(min)} possessions${groups ? ` (${groups})` : ''}`;
  }
  if (kind === 'TeamPlayers') return `the league's ${sample} players of the same position group with at least ${formatNumber(min)} possessions`;
  if (kind === 'TeamOnOff') {
    return `the on/off of the league's ${sample} players of the same position group with at least ${formatNumber(min)} possessions on court (On: the team with him on; Diff: on minus off)`;
  }
  if (kind === 'PlayerOnOff') {
    return `the on/off of the league's players of his position group in the same season (${sample}) with at least ${formatNumber(min)} possessions on court (On: the team with him on; Diff: on minus off)`;
  }
  if (rows.length === 0) return `the lineups listed (none here), ${sample}, at least ${formatNumber(min)} possession${min === 1 ? '' : 's'} each`;
  return `the ${formatNumber(rows.length)} ${unitsNoun(rows)} listed, ${sample}, at least ${formatNumber(min)} possession${min === 1 ? '' : 's'} each`;
}

/** What a lineup table lists: lineups, or 2-, 3- or 4-man units (rows with `unit`, ids joined by '-'). */
function unitsNoun(rows: readonly Row[]): string {
  const unit = rows[0]?.unit;
  return typeof unit === 'string' ? `${unit.split('-').length}-man units` : 'lineups';
}

interface Props {
  kind: PercentileKind;
  rows: readonly Row[];
  seasons: readonly number[];
  seasonTypes: readonly string[];
  minPoss: number | null;
  onMinPoss: (min: number | null) => void;
  /** Shown on a phone with the controls folded too: the minimum is what the reader is asked to change. */
  pinned?: boolean;
}

interface BodyProps {
  kind: PercentileKind;
  rows: readonly Row[];
  seasons: readonly number[];
  seasonTypes: readonly string[];
  /** the minimum possessions in force */
  min: number;
  /**
   * The island's copy (true) sets each sentence of the pool in a block of its own; the server's first view (false)
   * sets them in one paragraph, a line break between. Both read the same, but Chromium counts a text's size for the
   * largest contentful paint (LCP) per block: the island, which repaints this legend after hydration, then never
   * paints a block larger than the server's, so the page's LCP stays its first paint (on the team pages
   * the island's legend was the LCP element, ~1.8 s after the server had painted the same words).
   */
  sentenceBlocks?: boolean;
}

const isLineups = (kind: PercentileKind) => kind === 'Lineups' || kind === 'TeamLineups' || kind === 'PlayerLineups';

/** The scale and the pool in words: the island's legend and the server's first view (FirstViewTable) share them. */
export function LegendBody({ kind, rows, seasons, seasonTypes, min, sentenceBlocks = false }: BodyProps) {
  const pool = `Ranked against ${poolText(kind, rows, seasons, seasonTypes, min)}.`;
  const colour = `No colour: ${isLineups(kind) ? 'a' : 'under the minimum, or a'} style column. Hover or focus a cell (arrow keys) for its percentile.`;
  return (
    <>
      <div className="sa-legend-scale">
        <span>Percentile: worse</span>
        <span className="sa-legend-swatches" aria-hidden="true">
          {SCALE.map((p) => (
            <span key={p} style={{ background: percentileBackground(p) ?? 'transparent' }} />
          ))}
        </span>
        <span>better</span>
      </div>
      {sentenceBlocks ? (
        <div className="sa-legend-pool">
          <p>{pool}</p>
          <p>{colour}</p>
        </div>
      ) : (
        <p className="sa-legend-pool">
          {pool}
          <br />
          {colour}
        </p>
      )}
    </>
  );
}

/** The words before the minimum's box. */
export const minimumLabel = (kind: PercentileKind, rows: readonly Row[]): string =>
  isLineups(kind)
    ? `Minimum possessions (${typeof rows[0]?.unit === 'string' ? 'units' : 'lineups'} listed)`
    : kind === 'TeamOnOff' || kind === 'PlayerOnOff'
      ? 'Minimum possessions on court (listed and ranked)'
      : 'Minimum possessions to rank';

export function PercentileLegend({ kind, rows, seasons, seasonTypes, minPoss, onMinPoss, pinned = false }: Props) {
  const min = minPossessionsOf(kind, minPoss, seasons);
  const [draft, setDraft] = useState(String(min));
  useEffect(() => setDraft(String(min)), [min]);
  const commit = () => {
    const n = Number(draft);
    if (draft.trim() === '' || !Number.isInteger(n) || n < 0 || n > MAX_MIN_POSS) {
      setDraft(String(min));
      return;
    }
    if (n !== min) onMinPoss(n === minPossessionsOf(kind, null, seasons) ? null : n);
  };
  return (
    <div className={`sa-legend${pinned ? ' sa-legend-pinned' : ''}`} role="group" aria-label="Percentile colours">
      <LegendBody kind={kind} rows={rows} seasons={seasons} seasonTypes={seasonTypes} min={min} sentenceBlocks />
      <label className="sa-legend-min">
        {minimumLabel(kind, rows)}
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_MIN_POSS}
          step={isLineups(kind) ? 25 : 100}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
        />
      </label>
    </div>
  );
}
