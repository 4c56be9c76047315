/**
 * A lineup player filter (pg, sg, sf, pf, c, on court, off court): a searchable picker over the player list
 * (/api/players, loaded at app start) with the chosen players as removable chips. Downshift's combobox.
 */
import { useStore } from '@nanostores/react';
import { useCombobox } from 'downshift';
import { useMemo, useState } from 'react';
import type { EntityListFilter } from '../../lib/filters';
import { normalisePlayers } from '../../lib/queryState';
import { $players, type PlayerListItem } from '../../stores/players';
import type { FilterControlProps } from './types';

const MAX_MATCHES = 40;

/** Players whose name contains every typed word (accents ignored), best (prefix) matches first. */
function matches(list: readonly PlayerListItem[], text: string, exclude: ReadonlySet<number>): PlayerListItem[] {
  const fold = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const words = fold(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const out: PlayerListItem[] = [];
  for (const p of list) {
    if (exclude.has(p.second_spectrum_id)) continue;
    const name = fold(p.name);
    if (words.every((w) => name.includes(w))) out.push(p);
    if (out.length >= MAX_MATCHES * 4) break;
  }
  const first = words[0]!;
  const starts = (p: PlayerListItem) => fold(p.name).split(/\s+/).some((part) => part.startsWith(first));
  return out.sort((a, b) => Number(starts(b)) - Number(starts(a))).slice(0, MAX_MATCHES);
}

export default function PlayersFilterControl({ def, value, onChange, disabled }: FilterControlProps<EntityListFilter>) {
  const players = useStore($players);
  const ids = value as unknown as number[];
  const [input, setInput] = useState('');
  const chosen = useMemo(() => new Set(ids), [ids]);
  const items = useMemo(() => matches(players.list, input, chosen), [players.list, input, chosen]);
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
            items.map((p, index) => (
              <li key={p.second_spectrum_id} className={highlightedIndex === index ? 'highlighted' : ''} {...getItemProps({ item: p, index })}>
                {p.name}
              </li>
            ))}
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
