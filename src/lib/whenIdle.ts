/**
 * Runs `fn` after first paint, when the browser has nothing better to do (requestIdleCallback; a short timer
 * where it is missing). How the islands load what first paint does not need (the filter popovers, the column
 * definitions) and fill long tables (src/islands/table/progressiveRows.ts). `timeoutMs`: run by then at the
 * latest, and the timer's delay where there is no requestIdleCallback (default 200 ms). Returns a function that
 * cancels it.
 */
export function whenIdle(fn: () => void, timeoutMs?: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, timeoutMs ?? 200);
  return () => window.clearTimeout(id);
}
