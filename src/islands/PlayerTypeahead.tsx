/**
 * A player name box with type-ahead (the compare page's "Add a player"): the server renders a plain input inside
 * its GET form, which works without JavaScript; once hydrated, the players /api/search finds for the text (names,
 * accents ignored, nicknames such as "kd") are offered as you type, in the ARIA combobox pattern (downshift):
 * arrow keys move, Enter or a click picks one and submits the form with his name, Escape closes the list; Enter
 * with nothing highlighted submits what was typed, as without JavaScript.
 */
import { useCombobox } from 'downshift';
import { useEffect, useRef, useState } from 'react';
import { formatSeasonSpan } from '../lib/format';
import { useSearchAnswer, type SearchAnswer } from './useSearchAnswer';

type Player = SearchAnswer['players'][number];

interface Props {
  /** the input's id (its label, outside the island, points at it) and the label's id */
  inputId: string;
  labelId: string;
  /** the form field's name */
  name: string;
  placeholder: string;
  disabled?: boolean;
}

const LIMIT = 6;

export default function PlayerTypeahead({ inputId, labelId, name, placeholder, disabled = false }: Props) {
  const [input, setInput] = useState('');
  const players = useSearchAnswer(input, LIMIT).players;
  const inputRef = useRef<HTMLInputElement>(null);

  // Text typed before the island hydrated is in the input but not in the state: take it over.
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed !== '') setInput(typed);
  }, []);

  const { isOpen, getInputProps, getMenuProps, getItemProps, highlightedIndex } = useCombobox<Player>({
    items: players,
    inputId,
    labelId,
    inputValue: input,
    selectedItem: null,
    itemToString: (p) => p?.name ?? '',
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) setInput(inputValue ?? '');
    },
    onSelectedItemChange: ({ selectedItem }) => {
      const box = inputRef.current;
      if (!selectedItem || !box) return;
      box.value = selectedItem.name;
      box.form?.requestSubmit();
    },
  });
  const open = isOpen && players.length > 0;

  return (
    <div className="typeahead">
      <input
        type="search"
        name={name}
        placeholder={placeholder}
        disabled={disabled}
        required
        maxLength={100}
        {...getInputProps({
          ref: inputRef,
          onKeyDown: (e) => {
            // Enter with nothing highlighted: the form's own submit, with the text as typed.
            if (e.key === 'Enter' && highlightedIndex < 0) {
              (e.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
            }
          },
        })}
      />
      <ul className={`site-search-menu${open ? ' open' : ''}`} {...getMenuProps()}>
        {open &&
          players.map((p, index) => (
            <li key={p.path} className={highlightedIndex === index ? 'highlighted' : ''} {...getItemProps({ item: p, index })}>
              <span className="label">{p.name}</span>
              <span className="detail">{[p.team, formatSeasonSpan(p.first_season, p.last_season)].filter(Boolean).join(' · ')}</span>
            </li>
          ))}
      </ul>
    </div>
  );
}
