/**
 * How search text is cut into terms, shared by the indexes and the queries: folded by the site's one rule for
 * letters (src/lib/league/searchText.ts: lower case, accents removed, "Dončić" -> "doncic"), split on spaces and
 * punctuation; a hyphenated word is kept whole (dates "2023-01-01") and also split ("Karl-Anthony" -> "karl",
 * "anthony").
 */
import { foldText } from '../../lib/league/searchText';

export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const word of foldText(text).split(/[\s,.;:/'’"()]+/)) {
    if (word === '') continue;
    out.push(word);
    if (word.includes('-')) for (const part of word.split('-')) if (part !== '') out.push(part);
  }
  return out;
}

/** A term as indexed: already folded by tokenize; anything but letters, digits and '-' removed. */
export function processTerm(term: string): string | null {
  const t = foldText(term).replace(/[^a-z0-9-]/g, '');
  return t === '' ? null : t;
}

/** A year (2003 to 2099) standing alone in a query, if any: "lakers celtics 2023" asks for their games of 2023. */
export function yearIn(q: string): string | null {
  const m = /(?:^|\s)(20\d{2})(?=\s|$)/.exec(q);
  return m ? m[1]! : null;
}

/** YYYY-MM-DD in a query, if any (games are found by their date). */
export function dateIn(q: string): string | null {
  const m = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(q);
  if (!m) return null;
  return `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
}
