/**
 * The process's structured log (pino): one JSON object per line on stdout, at LOG_LEVEL. Secrets never reach it:
 * cookies, authorization headers, passwords, tokens and email addresses are redacted wherever they appear in a
 * logged object. In development on a terminal the lines are pretty-printed (pino-pretty, a dev dependency).
 * Start-up refusals stay one plain line on stderr (src/server/http/server.ts), for a person reading a terminal.
 */
import pino from 'pino';
import { config } from './config.ts';
import { processSingleton } from './processSingleton.ts';

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

/** The one logger of the process (src/server/processSingleton.ts). */
export function logger(): pino.Logger {
  return processSingleton('logger', () => {
    const transport = prettyWhenInteractive();
    return pino({
      level: config.logLevel,
      base: { service: 'courtvision' },
      redact: { paths: REDACT, censor: '[redacted]' },
      ...(transport ? { transport } : {}),
    });
  });
}
