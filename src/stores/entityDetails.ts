/**
 * One loader for the details of the entity a stats page is about (a game or a player, spec section 7):
 * loaded once per id, skipped when that id is already loaded or loading; a failure sets the error flag; an answer
 * for an id the page has since left is dropped.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { getJson } from '../lib/site/apiClient';

export interface EntityDetailsState<T> {
  /** the id whose details are (being) loaded */
  id: string | null;
  details: T | null;
  loading: boolean;
  error: boolean;
}

export interface EntityDetailsStore<T> {
  $store: ReadableAtom<EntityDetailsState<T>>;
  load(id: string): Promise<void>;
}

/** A store and its loader for GET {path}?{param}={id}. */
export function entityDetailsStore<T>(path: string, param: string): EntityDetailsStore<T> {
  const $store = atom<EntityDetailsState<T>>({ id: null, details: null, loading: false, error: false });
  async function load(id: string): Promise<void> {
    const state = $store.get();
    if (state.id === id && (state.details || state.loading)) return;
    $store.set({ id, details: null, loading: true, error: false });
    try {
      const details = await getJson<T>(path, new URLSearchParams({ [param]: id }));
      if ($store.get().id === id) $store.set({ id, details, loading: false, error: false });
    } catch {
      if ($store.get().id === id) $store.set({ id, details: null, loading: false, error: true });
    }
  }
  return { $store, load };
}
