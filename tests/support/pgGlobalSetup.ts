/**
 * vitest global setup: the PostgreSQL the accounts tests run against. TEST_DATABASE_URL when given
 * (scripts/test-all.mjs starts one throwaway cluster for the whole `npm test`), else a throwaway cluster of our
 * own (scripts/pgCluster.ts), stopped when the run ends. When no cluster can start, the reason is handed to the
 * tests, and every PostgreSQL test fails with it: they never skip silently.
 */
import type { TestProject } from 'vitest/node';
import { startPgCluster, type PgCluster } from '../../scripts/pgCluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test PostgreSQL ('' when it could not start). */
    pgUrl: string;
    /** Why the test PostgreSQL could not start ('' when it runs). */
    pgError: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  let cluster: PgCluster | null = null;
  let url = process.env.TEST_DATABASE_URL ?? '';
  let error = '';
  if (!url) {
    try {
      cluster = await startPgCluster();
      url = cluster.url;
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      console.error(`\n${error}\nEvery PostgreSQL test will fail.\n`);
    }
  }
  project.provide('pgUrl', url);
  project.provide('pgError', error);
  return () => cluster?.stop();
}
