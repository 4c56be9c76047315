/**
 * The process's structured log (pino): one JSON object per line on stdout, at LOG_LEVEL. Secrets never reach it:
 * cookies, authorization headers, passwords, tokens and email addresses are redacted wherever they appear in a
 * logged object. In development on a terminal the lines are pretty-printed (pino-pretty, a dev dependency).
 * Start-up refusals stay one plain line on stderr (src/server/http/server.ts), for a person reading a terminal.
 */
import pino from 'pino';
import { config } from './config.ts';

const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'headers.cookie',
  'headers.authorization',
  '*.password',
  '*.token',
  '*.email',
  'password',
  'token',
  'email',
];

function prettyWhenInteractive(): pino.TransportSingleOptions | undefined {
  if (config.production || !process.stdout.isTTY) return undefined;
  try {
    // Resolved from node_modules only when installed (development); production has JSON lines.
    import.meta.resolve('pino-pretty');
    return { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } };
  } catch {
    return undefined;
  }
}

const KEY = Symbol.for('courtvision.logger');
type WithLogger = typeof globalThis & { [KEY]?: pino.Logger };

/** The one logger of the process (shared by the server's module graph and Astro's). */
export function logger(): pino.Logger {
  const global = globalThis as WithLogger;
  global[KEY] ??= pino({
    level: config.logLevel,
    base: { service: 'courtvision' },
    redact: { paths: REDACT, censor: '[redacted]' },
    ...(prettyWhenInteractive() ? { transport: prettyWhenInteractive() } : {}),
  });
  return global[KEY];
}
