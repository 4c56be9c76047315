/** Opponent teams: a grid of the 30 abbreviations (held as team uuids). */
import type { EntityListFilter } from '../../lib/filters/filterDefinitions';
import { normaliseTeams } from '../../lib/params/queryState';
import { TEAMS } from '../../lib/league/franchises';
import type { FilterControlProps } from './types';

export default function TeamsFilterControl({ def, value, onChange, disabled }: FilterControlProps<EntityListFilter>) {
  const selected = new Set(value as string[]);
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(normaliseTeams(next));
  };
  return (
    <div className="sa-chips sa-chips-teams" role="group" aria-label={def.label}>
      {TEAMS.map((t) => (
        <button key={t.id} type="button" className="sa-chip" title={t.name} aria-pressed={selected.has(t.id)} disabled={disabled} onClick={() => toggle(t.id)}>
          {t.abbr}
        </button>
      ))}
    </div>
  );
}
