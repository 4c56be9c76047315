// Starts a child process's TypeScript module (startChild.ts): the child is a plain `node` (it is not given the
// parent's loader flags, which differ between `tsx`, `node --import tsx` and vitest), so it registers the
// TypeScript loader itself, then imports the module whose URL is its first argument.
import { register } from 'tsx/esm/api';

register();
await import(process.argv[2]);
