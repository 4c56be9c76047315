/**
 * The stylesheets of the stats app's lazy chunks (the charts, the with/without matrix). Each page's own
 * CSS is inlined in the page (astro.config.mjs); these two are only for the pages that load those chunks, so they
 * stay files (imported with `?url`), linked when the chunk is first wanted. The chunk renders once its sheet has
 * loaded (or failed: the content matters more than its looks), so it never shows unstyled.
 */
const sheets = new Map<string, Promise<void>>();

/** Links the stylesheet at `href` once; resolves when it has loaded or failed. */
export function loadStylesheet(href: string): Promise<void> {
  let sheet = sheets.get(href);
  if (!sheet) {
    sheet = new Promise<void>((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.addEventListener('load', () => resolve());
      link.addEventListener('error', () => resolve());
      document.head.append(link);
    });
    sheets.set(href, sheet);
  }
  return sheet;
}

/** A lazy chunk's loader that also waits for its stylesheet. */
export function withStylesheet<M>(load: () => Promise<M>, href: string): () => Promise<M> {
  return () => Promise.all([load(), loadStylesheet(href)]).then(([module]) => module);
}
