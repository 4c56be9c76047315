/**
 * Tabs keep the view: the page's tab links (player, team and game tabs, rendered on the server with the query
 * the page was opened with) and the stats areas of the header follow the filters and side the user applies,
 * so switching tab keeps the sample. Each link carries only what applies on its page (linkContext.ts); the
 * metric set, sort and minimum sample stay behind: each tab has its own table.
 */
import { contextSearchFor } from './linkContext';

/** Point every stats tab link of the page at the filters (and side) that apply there. */
export function carryQueryToTabs(doc: Document, search: string): void {
  for (const a of doc.querySelectorAll<HTMLAnchorElement>('nav.tabs a[href^="/stats/"], nav.stats-nav a[href^="/stats/"]')) {
    const url = new URL(a.href, doc.baseURI);
    a.setAttribute('href', url.pathname + contextSearchFor(url.pathname, search) + url.hash);
  }
}
