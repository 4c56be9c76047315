/**
 * A module that first paint does not need (a Radix popover and what it brings), loaded once for every user of
 * it: `load()` starts it (when the browser is idle, or at the first hover, focus or click), `useLoaded(wanted)`
 * gives the module once it is wanted and has arrived. A plain state update, not React.lazy and Suspense: React
 * holds back a Suspense boundary's content after its module arrives, and the fallback it swaps in and out would
 * re-mount the button the user is pressing (a click whose press and release land on two elements is lost).
 * A failed load reaches the chunk-reload guard (src/lib/site/chunkReload.ts).
 */
import { useEffect, useState } from 'react';

export interface LateModule<M> {
  load: () => Promise<M>;
  useLoaded: (wanted: boolean) => M | null;
}

export function lateModule<M>(importer: () => Promise<M>): LateModule<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const load = () => (loading ??= importer().then((m) => (loaded = m)));
  // biome-ignore lint/correctness/noComponentHookFactories: one hook per lazily loaded module, made once at module level by its caller
  function useLoaded(wanted: boolean): M | null {
    const [, setArrived] = useState(false);
    useEffect(() => {
      if (!wanted || loaded) return;
      let live = true;
      void load().then(() => live && setArrived(true));
      return () => {
        live = false;
      };
    }, [wanted]);
    return wanted ? loaded : null;
  }
  return { load, useLoaded };
}
