/**
 * Zod without generated code: its fast object parser compiles functions with `new Function`, which the site's
 * Content-Security-Policy forbids (no 'unsafe-eval'); even its probe for eval is reported as a violation.
 * Imported by every module that defines schemas, so the setting is in place before anything is parsed. The
 * setting is zod's one global configuration, shared by classic zod and Zod Mini; it is set through Zod Mini so
 * that the browser's bundle (src/lib/accounts/sessionSchema.ts) does not carry classic zod.
 */
import { config } from 'zod/mini';

config({ jitless: true });
