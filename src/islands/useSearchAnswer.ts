/**
 * What the type-aheads share (src/islands/SiteSearch.tsx, PlayerTypeahead.tsx).
 * useSearchAnswer: the type-ahead's answer for what is typed: /api/search asked 120 ms after the last keystroke (an answer on its
 * way is dropped when the text changes), empty for empty text.
 * useTypedBeforeHydration: text typed in the server's plain box before the island hydrated is in the input but
 * not in the state: it is taken over, and the list opens for it while the box has the focus (the combobox opens on
 * its own input events only: a visitor who typed "lebr" on a slow phone, before client:idle hydrated the box, saw no
 * list until the next keystroke). Returns whether React owns the box (the input's data-ready; a key pressed during
 * hydration itself can still be reset by it).
 */
import { type RefObject, useEffect, useState } from 'react';
import { getJson } from '../lib/site/apiClient';

export interface SearchAnswer {
  players: { name: string; path: string; second_spectrum_id: number; first_season: string | null; last_season: string | null; team: string | null }[];
  teams: { abbr: string; name: string; path: string }[];
  games: { away: string; home: string; date: string; away_pts: number; home_pts: number; path: string }[];
}

const DELAY_MS = 120;
const EMPTY: SearchAnswer = { players: [], teams: [], games: [] };

export function useSearchAnswer(text: string, limit: number): SearchAnswer {
  const [answer, setAnswer] = useState<SearchAnswer>(EMPTY);
  useEffect(() => {
    const q = text.trim();
    if (q === '') {
      setAnswer(EMPTY);
      return;
    }
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      getJson<SearchAnswer>('/api/search', new URLSearchParams({ q, limit: String(limit) }), ctl.signal).then(setAnswer, (err: unknown) => {
        if (!(err instanceof Error && err.name === 'AbortError')) setAnswer(EMPTY);
      });
    }, DELAY_MS);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [text, limit]);
  return answer;
}

export function useTypedBeforeHydration(inputRef: RefObject<HTMLInputElement | null>, setInput: (text: string) => void, openMenu: () => void): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const box = inputRef.current;
    const typed = box?.value ?? '';
    if (typed !== '') setInput(typed);
    if (box && box === document.activeElement && typed.trim() !== '') openMenu();
    setReady(true);
  }, [ready, inputRef, setInput, openMenu]);
  return ready;
}
