/**
 * Runs `fn` after first paint, when the browser has nothing better to do (requestIdleCallback; a short timer
 * where it is missing). How the islands load what first paint does not need (the filter popovers, the column
 * definitions). Returns a function that cancels it.
 */
export function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn);
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 200);
  return () => window.clearTimeout(id);
}
