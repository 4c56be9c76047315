/**
 * The RAPM fits on a thread of their own (rapm.ts beginRapm starts it): the ingest builds its derived tables
 * meanwhile. Posts each fit as it is done.
 */
import { parentPort } from 'node:worker_threads';
import { workerJob } from '../worker/startWorker.ts';
import { runRapmJob, type RapmJob } from './rapm.ts';

const port = parentPort;
if (!port) throw new Error('rapmWorker.ts runs as a worker thread (rapm.ts beginRapm starts it)');
runRapmJob(workerJob<RapmJob>(), (result) => port.postMessage(result));
