/**
 * Plan switches of one computation, kept in its database scope (src/server/db/statsDb.ts withScope). Today one:
 * the reference paths. The sums have fast paths that read pre-summed tables (presummed.ts) where the filters
 * allow; the reference paths read the possessions for every query. Tests switch them on to compare both paths
 * query by query (tests/api/planPaths.test.ts); the server never does.
 */
import type { StatsDb, StatsScope } from '../../db/statsDb';

const REFERENCE_PATHS = 'plan:reference-paths';

/** Make this scope's computation take the reference paths. */
export function useReferencePaths(db: StatsScope): void {
  db.data.set(REFERENCE_PATHS, true);
}

/** True when this computation must take the reference paths. */
export function referencePaths(db: StatsDb): boolean {
  return db.data?.get(REFERENCE_PATHS) === true;
}
