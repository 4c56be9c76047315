/** A multi-select as a row of toggle chips (seasons, season types, location, result, periods). */
import { PERIOD_LABELS, SEASON_TYPE_LABELS, seasonLabel, type MultiFilter, type SeasonType } from '../../lib/filters/filterDefinitions';
import { LEVERAGE_LABELS, type LeverageLevel } from '../../lib/filters/leverage';
import { normaliseMulti } from '../../lib/params/queryState';
import type { FilterControlProps } from './types';

const WORDS: Record<string, string> = { home: 'Home', away: 'Away', win: 'Win', loss: 'Loss' };

function optionLabel(f: MultiFilter, o: string | number): string {
  if (f.name === 'Season') return seasonLabel(Number(o));
  if (f.name === 'SeasonType') return SEASON_TYPE_LABELS[o as SeasonType] ?? String(o);
  if (f.name === 'Period') return PERIOD_LABELS[Number(o)] ?? String(o);
  if (f.name === 'Leverage') return LEVERAGE_LABELS[o as LeverageLevel] ?? String(o);
  return WORDS[String(o)] ?? String(o);
}

export default function MultiFilterControl({ def, value, onChange, disabled }: FilterControlProps<MultiFilter>) {
  const selected = new Set(value as (string | number)[]);
  // Season and season type need at least one value: the last one cannot be switched off.
  const needsOne = def.default.length > 0;
  const toggle = (o: string | number) => {
    const next = new Set(selected);
    if (next.has(o)) {
      if (needsOne && next.size === 1) return;
      next.delete(o);
    } else next.add(o);
    onChange(normaliseMulti(def, next));
  };
  // Only the offered options, plus any a shared link selected (so it can be switched off).
  const shown = def.offered ? def.options.filter((o) => def.offered!.includes(o) || selected.has(o)) : def.options;
  const options = def.name === 'Season' ? [...shown].reverse() : shown;
  return (
    <div className={`sa-chips ${def.name === 'Season' ? 'sa-chips-grid' : ''}`} role="group" aria-label={def.label}>
      {options.map((o) => (
        <button key={String(o)} type="button" className="sa-chip" aria-pressed={selected.has(o)} disabled={disabled} onClick={() => toggle(o)}>
          {optionLabel(def, o)}
        </button>
      ))}
    </div>
  );
}
