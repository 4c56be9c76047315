/**
 * The type-ahead's answer for what is typed: /api/search asked 120 ms after the last keystroke (an answer on its
 * way is dropped when the text changes), empty for empty text. Shared by the header's search and the player
 * boxes (src/islands/SiteSearch.tsx, PlayerTypeahead.tsx).
 */
import { useEffect, useState } from 'react';
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
