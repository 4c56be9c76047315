/**
 * A lineup player filter (pg, sg, sf, pf, c, on court, with, against, off court): a searchable picker over the
 * player list (/api/players, loaded at app start) with the chosen players as removable chips. Downshift's
 * combobox. The players of the Season filter's seasons come first (the team page's team first of all), each
 * with his team and season; others after, under their own heading (src/lib/league/playerPicker.ts).
 */
import { useStore } from '@nanostores/react';
import { useCombobox } from 'downshift';
import { useMemo, useState } from 'react';
import type { EntityListFilter } from '../../lib/filters/filterDefinitions';
import { pickerMatches, TIER_HEADINGS, type PickerMatch } from '../../lib/league/playerPicker';
import { normalisePlayers } from '../../lib/params/queryState';
import { $filters } from '../../stores/filterState';
import { $page } from '../../stores/page';
import { $players, type PlayerListItem } from '../../stores/playerNames';
import type { FilterControlProps } from './types';

const MAX_MATCHES = 40;

export default function PlayersFilterControl({ def, value, onChange, disabled }: FilterControlProps<EntityListFilter>) {
  const players = useStore($players);
  const ids = value as unknown as number[];
  const [input, setInput] = useState('');
  const chosen = useMemo(() => new Set(ids), [ids]);
  const seasons = useStore($filters).values.Season as readonly number[];
  const page = useStore($page);
  const team = page.kind.startsWith('Team') && page.entity ? page.entity.toUpperCase() : null;
  const ctx = useMemo(() => ({ seasons, team }), [seasons, team]);
  const found = useMemo(() => pickerMatches(players.list, input, chosen, ctx, MAX_MATCHES), [players.list, input, chosen, ctx]);
  const items = useMemo(() => found.map((m) => m.player), [found]);
  const { isOpen, getInputProps, getMenuProps, getItemProps, highlightedIndex, getLabelProps } = useCombobox<PlayerListItem>({
    items,
    inputValue: input,
    selectedItem: null,
    itemToString: (p) => p?.name ?? '',
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) setInput(inputValue ?? '');
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      onChange(normalisePlayers([...ids, selectedItem.second_spectrum_id]));
      setInput('');
    },
  });
  return (
    <div className="sa-players">
      {/* biome-ignore lint/a11y/noLabelWithoutControl: downshift's getLabelProps gives the label its htmlFor */}
      <label className="visually-hidden" {...getLabelProps()}>
        {def.label}: add a player
      </label>
      <div className="sa-combobox">
        <input
          className="sa-input"
          placeholder={players.status === 'ready' ? 'Type a name…' : 'Loading players…'}
          disabled={disabled || players.status !== 'ready'}
          {...getInputProps()}
        />
        <ul className={`sa-menu ${isOpen && items.length ? 'open' : ''}`} {...getMenuProps()}>
          {isOpen &&
            found.map((m: PickerMatch<PlayerListItem>, index) => {
              const p = m.player;
              const heading = index === 0 || found[index - 1]!.tier !== m.tier ? TIER_HEADINGS[m.tier](ctx) : null;
              return [
                heading && (
                  <li key={`h${m.tier}`} role="presentation" className={`sa-menu-heading ${m.tier === 2 ? 'other' : ''}`}>
                    {heading}
                  </li>
                ),
                <li
                  key={p.second_spectrum_id}
                  className={`${highlightedIndex === index ? 'highlighted' : ''} ${m.tier === 2 ? 'other' : ''}`}
                  {...getItemProps({ item: p, index })}
                >
                  <span className="sa-menu-name">{p.name}</span> <span className="sa-menu-note">{m.note}</span>
                </li>,
              ];
            })}
        </ul>
      </div>
      {ids.length > 0 && (
        <ul className="sa-chosen" aria-label={`${def.label} players`}>
          {ids.map((id) => (
            <li key={id} className="sa-pill">
              <span className="sa-pill-value">{players.byId.get(id)?.name ?? `Player ${id}`}</span>
              <button
                type="button"
                className="sa-pill-remove"
                aria-label={`Remove ${players.byId.get(id)?.name ?? id}`}
                disabled={disabled}
                onClick={() => onChange(ids.filter((x) => x !== id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
