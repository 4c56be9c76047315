/**
 * A player name box with type-ahead (the compare page's "Add a player", the finder's "Only this player" and its
 * lineup filters): the server renders a plain input inside its GET form, which works without JavaScript; once
 * hydrated, the players /api/search finds for the text (names, accents ignored, nicknames such as "kd") are offered
 * as you type, in the ARIA combobox pattern (downshift): arrow keys move, Enter or a click picks one and puts his
 * name in the box (and submits the form, unless `submitOnPick` is false: the finder's form has more to fill in),
 * Escape closes the list; Enter with nothing highlighted submits what was typed, as without JavaScript.
 */
import { useCombobox } from 'downshift';
import { useRef, useState } from 'react';
import { formatSeasonSpan } from '../lib/tables/format';
import { type SearchAnswer, useSearchAnswer, useTypedBeforeHydration } from './useSearchAnswer';

type Player = SearchAnswer['players'][number];

interface Props {
  /** the input's id (its label, outside the island, points at it) and the label's id */
  inputId: string;
  labelId: string;
  /** the form field's name */
  name: string;
  placeholder: string;
  disabled?: boolean;
  /** the box must be filled before the form is sent (default: yes) */
  required?: boolean;
  /** picking a player submits the form (default: yes); else his name is only put in the box */
  submitOnPick?: boolean;
}

const LIMIT = 6;

export default function PlayerTypeahead({ inputId, labelId, name, placeholder, disabled = false, required = true, submitOnPick = true }: Props) {
  const [input, setInput] = useState('');
  const players = useSearchAnswer(input, LIMIT).players;
  const inputRef = useRef<HTMLInputElement>(null);

  const { isOpen, openMenu, getInputProps, getMenuProps, getItemProps, highlightedIndex } = useCombobox<Player>({
    items: players,
    inputId,
    labelId,
    inputValue: input,
    selectedItem: null,
    itemToString: (p) => p?.name ?? '',
    onSelectedItemChange: ({ selectedItem }) => {
      const box = inputRef.current;
      if (!selectedItem || !box) return;
      box.value = selectedItem.name;
      if (submitOnPick) box.form?.requestSubmit();
      else setInput(selectedItem.name);
    },
  });
  const ready = useTypedBeforeHydration(inputRef, setInput, openMenu);
  const open = isOpen && players.length > 0;

  return (
    <div className="typeahead">
      <input
        type="search"
        name={name}
        placeholder={placeholder}
        disabled={disabled}
        required={required}
        maxLength={100}
        data-ready={ready ? 'true' : undefined}
        {...getInputProps({
          ref: inputRef,
          // The text is the box's state, set in the input event itself: downshift reports a change
          // (onInputValueChange) from an effect after its render, and on a busy page a key typed before that effect ran
          // was lost (the box, controlled, drawn again with the text before it: "kd" became "d").
          onChange: (e) => setInput(e.currentTarget.value),
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
