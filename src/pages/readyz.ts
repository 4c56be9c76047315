/**
 * GET /readyz: whether this node should get traffic: the stats database open and readable at the expected schema
 * version (and no damaged block met since), the accounts store answering, and not shutting down. 200 or 503, JSON without secrets or
 * paths, never cached. GET /healthz (the process is alive) is answered by the server itself.
 */
import type { APIRoute } from 'astro';
import { getAccountStore } from '../server/auth/store/index.ts';
import { isDraining } from '../server/http/draining.ts';
import { currentSeasons } from '../server/stats/entities/seasons.ts';
import { StatsDbMissingError, statsDb, statsDbChecksum, statsDbGeneration, statsDbHealth } from '../server/db/statsDb.ts';

export const prerender = false;

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);

async function check(what: () => Promise<unknown>): Promise<{ ok: boolean; error?: string }> {
  try {
    await withTimeout(what(), 2_000);
    return { ok: true };
  } catch (error) {
    if (error instanceof StatsDbMissingError) return { ok: false, error: 'the stats database is not built' };
    return { ok: false, error: (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200) };
  }
}

export const GET: APIRoute = async () => {
  const [stats, accounts] = await Promise.all([
    check(async () => {
      if (!statsDbHealth().healthy) throw new Error('the stats database is damaged');
      await statsDb.query('SELECT max(schema_version) AS v FROM ingest_meta');
    }),
    check(() => getAccountStore().schemaVersion()),
  ]);
  // stats.dataThrough: YYYY-MM-DD of the latest game of the file served (null when it cannot be read)
  const dataThrough = stats.ok
    ? await currentSeasons().then(
        (c) => c.dataThrough,
        () => null,
      )
    : null;
  const draining = isDraining();
  const ready = stats.ok && accounts.ok && !draining;
  // stats.file: the number of the stats file served in this process (one more after each switch, SIGHUP);
  // stats.checksum: 'verified' (its whole-file checksum matched when it was opened) or 'none' (it has none)
  return Response.json(
    { ready, draining, stats: { ...stats, file: statsDbGeneration(), checksum: statsDbChecksum(), dataThrough }, accounts },
    { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
};
