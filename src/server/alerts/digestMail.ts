/**
 * One person's digest for one stats update: for each alert with new games, the view's name, one line per new
 * matching row (date, who, opponent, result, the stats the view's conditions name), a link to open the view and
 * the alert's own unsubscribe link (unsubscribeToken.ts). At most ROWS_PER_ALERT lines per alert; the rest are
 * counted and the view holds them all. Example line:
 *   2023-03-02  Jayson Tatum (BOS) vs MIA, W  PTS 31 · AST 10
 */
import { escapeHtml } from '../../lib/site/html.ts';
import { SITE_NAME } from '../../lib/site/site.ts';
import { FINDER_STATS, type FinderQuery, type FinderStat } from '../../lib/views/finderQuery.ts';
import type { QueuedMail, SavedViewRecord } from '../auth/store/types.ts';
import type { FinderRow } from '../stats/finder/finder.ts';
import { htmlDocument, newMessageId } from '../mail/messages.ts';

export const ROWS_PER_ALERT = 25;

export interface DigestSection {
  view: SavedViewRecord;
  query: FinderQuery;
  rows: FinderRow[];
  /** The absolute unsubscribe link of this alert. */
  unsubscribeUrl: string;
}

/** The stats a line shows: the conditions' stats in their order, PTS first when no condition names it (at most 5). */
export function lineStats(q: FinderQuery): FinderStat[] {
  const stats: FinderStat[] = [];
  for (const c of q.conditions) if (!stats.includes(c.stat)) stats.push(c.stat);
  if (!stats.includes('pts')) stats.unshift('pts');
  return stats.slice(0, 5);
}

const figure = (v: number | null) => (v === null ? '-' : Number.isInteger(v) ? String(v) : v.toFixed(1));

/** One row as a line of the digest. */
export function rowLine(row: FinderRow, stats: FinderStat[]): string {
  const who = row.player_name ? `${row.player_name} (${row.abbr})` : row.abbr;
  const where = row.opp_abbr ? ` ${row.is_home === false ? '@' : 'vs'} ${row.opp_abbr}` : '';
  const result = row.won === null ? '' : row.won ? ', W' : ', L';
  const figures = stats.map((s) => `${FINDER_STATS[s].label} ${figure(row.stats[s])}`).join(' · ');
  return `${row.date ?? ''}  ${who}${where}${result}  ${figures}`;
}

export function digestMail(to: string, name: string, origin: string, sections: DigestSection[]): QueuedMail {
  const games = sections.reduce((n, s) => n + s.rows.length, 0);
  const subject =
    sections.length === 1
      ? `${SITE_NAME} alert: ${games} new ${games === 1 ? 'game' : 'games'} for "${sections[0]!.view.name}"`
      : `${SITE_NAME} alerts: ${games} new games for ${sections.length} of your saved views`;
  const parts = sections.map((s) => {
    const stats = lineStats(s.query);
    const shown = s.rows.slice(0, ROWS_PER_ALERT).map((r) => rowLine(r, stats));
    const more = s.rows.length - shown.length;
    return { s, shown, more, open: origin + s.view.url };
  });
  const text = [
    `Hello ${name},`,
    'The latest data update added these games matching your saved views.',
    ...parts.map(({ s, shown, more, open }) =>
      [
        `${s.view.name} (${s.rows.length} new)`,
        ...shown,
        ...(more > 0 ? [`...and ${more} more.`] : []),
        `Open the view:\n${open}`,
        `Stop this alert:\n${s.unsubscribeUrl}`,
      ].join('\n'),
    ),
    `-- \n${SITE_NAME}. You get this because you put an alert on a saved view; each view's own link above stops it.`,
  ].join('\n\n');
  const p = (t: string, style = '') => `<p style="margin:0 0 12px${style}">${escapeHtml(t)}</p>`;
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}" style="color:#1d4ea8">${escapeHtml(label)}</a>`;
  const html = htmlDocument(
    subject,
    p(`Hello ${name},`) +
      p('The latest data update added these games matching your saved views.') +
      parts
        .map(
          ({ s, shown, more, open }) =>
            `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(s.view.name)} (${s.rows.length} new)</h2>` +
            `<pre style="font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;white-space:pre-wrap;margin:0 0 8px">${escapeHtml(shown.join('\n'))}</pre>` +
            (more > 0 ? p(`...and ${more} more.`) : '') +
            `<p style="margin:0 0 12px">${link(open, 'Open the view')} · ${link(s.unsubscribeUrl, 'Stop this alert')}</p>`,
        )
        .join('') +
      p(`You get this because you put an alert on a saved view; each view's "Stop this alert" link stops it.`, ';font-size:13px;color:#555'),
    640,
  );
  return { to, subject, text, html, messageId: newMessageId(), link: null };
}
