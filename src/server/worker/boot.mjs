// Starts a worker thread's TypeScript module (startWorker.ts): a worker thread does not inherit the TypeScript
// loader of every way the server's scripts run (`tsx`, `node --import tsx`, vitest), so it registers it, then
// imports the module named in workerData.entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
