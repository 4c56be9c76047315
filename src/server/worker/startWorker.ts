/**
 * Worker threads running TypeScript modules (the ingest's parse worker, ingest/write/gameWorker.ts):
 * `startWorker(entry, job)` starts `entry` through boot.mjs; the module reads its job with `workerJob()`.
 */
import { Worker, workerData, type ResourceLimits } from 'node:worker_threads';

interface Envelope<T> {
  entry: string;
  job: T;
}

export function startWorker<T>(entry: URL, job: T, resourceLimits?: ResourceLimits): Worker {
  const data: Envelope<T> = { entry: entry.href, job };
  return new Worker(new URL('./boot.mjs', import.meta.url), { workerData: data, resourceLimits });
}

/** In a worker started by startWorker: its job. */
export function workerJob<T>(): T {
  return (workerData as Envelope<T>).job;
}
