/**
 * The header's search on pages where islands run: the same GET form to /search as the static header (it works
 * before hydration and without JavaScript), enhanced into a downshift combobox that shows players, teams and
 * games from /api/search as you type. Arrow keys move through the results, Enter opens the highlighted one (or
 * submits the form to /search when none is highlighted), Escape closes the list.
 * It hydrates when the browser is idle after first paint (client:idle in src/components/SiteHeader.astro): until
 * then the server's form submits to /search, and text typed meanwhile is taken over.
 */
import { useCombobox } from 'downshift';
import { useMemo, useRef, useState } from 'react';
import { formatSeasonSpan } from '../lib/tables/format';
import { type SearchAnswer, useSearchAnswer, useTypedBeforeHydration } from './useSearchAnswer';

interface Hit {
  kind: 'Player' | 'Team' | 'Game';
  label: string;
  detail: string;
  path: string;
}

const LIMIT = 5;

function hitsOf(a: SearchAnswer): Hit[] {
  return [
    ...a.teams.map((t): Hit => ({ kind: 'Team', label: t.name, detail: t.abbr, path: t.path })),
    ...a.players.map(
      (p): Hit => ({
        kind: 'Player',
        label: p.name,
        detail: [p.team, formatSeasonSpan(p.first_season, p.last_season)].filter(Boolean).join(' · '),
        path: p.path,
      }),
    ),
    ...a.games.map((g): Hit => ({ kind: 'Game', label: `${g.away} ${g.away_pts} @ ${g.home} ${g.home_pts}`, detail: g.date, path: g.path })),
  ];
}

export default function SiteSearch() {
  const [input, setInput] = useState('');
  const answer = useSearchAnswer(input, LIMIT);
  const hits = useMemo(() => hitsOf(answer), [answer]);
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const { isOpen, openMenu, getInputProps, getMenuProps, getItemProps, getLabelProps, highlightedIndex } = useCombobox<Hit>({
    items: hits,
    inputValue: input,
    selectedItem: null,
    itemToString: (h) => h?.label ?? '',
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) window.location.assign(selectedItem.path);
    },
  });
  // Text typed before hydration, the box still focused: its list opens as soon as the answer comes.
  const ready = useTypedBeforeHydration(inputRef, setInput, openMenu);
  const open = isOpen && hits.length > 0;

  return (
    <form ref={formRef} className="site-search" role="search" action="/search" method="get">
      {/* biome-ignore lint/a11y/noLabelWithoutControl: downshift's getLabelProps gives the label its htmlFor */}
      <label className="visually-hidden" {...getLabelProps()}>
        Site search
      </label>
      <input
        type="search"
        name="q"
        placeholder="Search players, teams, games"
        maxLength={100}
        data-ready={ready ? 'true' : undefined}
        {...getInputProps({
          ref: inputRef,
          // The text is the box's state, set in the input event itself: downshift reports a change
          // (onInputValueChange) from an effect after its render, and on a busy page a key typed before that effect ran
          // was lost (the box, controlled, drawn again with the text before it: "kd" became "d").
          onChange: (e) => setInput(e.currentTarget.value),
          onKeyDown: (e) => {
            // Enter with nothing highlighted: the plain form submit to /search.
            if (e.key === 'Enter' && highlightedIndex < 0) {
              (e.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
            }
          },
        })}
      />
      <button type="submit" className="site-search-go">
        Search
      </button>
      <ul className={`site-search-menu${open ? ' open' : ''}`} {...getMenuProps()}>
        {open &&
          hits.map((h, index) => (
            <li key={`${h.kind}${h.path}`} className={highlightedIndex === index ? 'highlighted' : ''} {...getItemProps({ item: h, index })}>
              <span className="kind">{h.kind}</span>
              <span className="label">{h.label}</span>
              <span className="detail">{h.detail}</span>
            </li>
          ))}
      </ul>
    </form>
  );
}
