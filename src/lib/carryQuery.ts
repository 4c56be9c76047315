/**
 * Tabs keep the view: the page's tab links (player, team and game tabs, rendered on the server with the query
 * the page was opened with) follow the filters and side the user applies since, so switching tab keeps the
 * sample. The metric set stays behind: each tab has its own sets.
 */
import { METRIC_SET_KEY } from './queryState';

/** The query a tab link carries: the view's query without the metric set. */
export function tabSearch(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(METRIC_SET_KEY);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Point every stats tab link of the page at the same filters and side. */
export function carryQueryToTabs(doc: Document, search: string): void {
  const query = tabSearch(search);
  for (const a of doc.querySelectorAll<HTMLAnchorElement>('nav.tabs a[href^="/stats/"]')) {
    const url = new URL(a.href, doc.baseURI);
    a.setAttribute('href', url.pathname + query + url.hash);
  }
}
