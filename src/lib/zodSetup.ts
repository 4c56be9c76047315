/**
 * Zod without generated code: its fast object parser compiles functions with `new Function`, which the site's
 * Content-Security-Policy forbids (no 'unsafe-eval'); even its probe for eval is reported as a violation.
 * Imported by every module that defines schemas, so the setting is in place before anything is parsed.
 */
import { z } from 'zod';

z.config({ jitless: true });
