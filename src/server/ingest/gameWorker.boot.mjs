// Starts the parse worker (gameWorker.ts) in a thread of its own: a worker thread does not inherit the
// TypeScript loader of every way the ingest is run (`tsx`, `node --import tsx`, vitest), so it registers it.
import { register } from 'tsx/esm/api';

register();
await import('./gameWorker.ts');
