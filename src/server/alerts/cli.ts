/**
 * `npm run alerts -- [--db PATH] [--no-send]`: the alert step (runAlerts.ts) on the stats file at --db (default
 * STATS_DB_PATH) and the accounts store of the environment (ACCOUNTS_DB_PATH or DATABASE_URL). The digests are
 * queued in the store with their records; then, unless --no-send, this process sends what the queue holds (the
 * same mail worker as a server node: SMTP_URL, or the outbox folder), so the mail goes out even when no server
 * runs. Safe to run again at any time: an update's alerts are mailed once. `npm run nightly` runs it after an
 * update that put a new file in place. One JSON line on stdout ({update, through, pending, mailed, rows, none,
 * lapsed, alreadyDone, failed, sent}); exit 0 done, 1 failed (left for the next run).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';

const USAGE = 'usage: npm run alerts -- [--db PATH] [--no-send]';

async function main(argv: string[]): Promise<number> {
  let values: { db?: string; 'no-send'?: boolean };
  try {
    ({ values } = parseArgs({ args: argv, options: { db: { type: 'string' }, 'no-send': { type: 'boolean' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    console.log(JSON.stringify({ error: (error as Error).message, usage: USAGE }));
    return 1;
  }
  // The stats file is named before the configuration is read (it takes STATS_DB_PATH at import).
  if (values.db) process.env.STATS_DB_PATH = path.resolve(values.db);
  const { config } = await import('../config.ts');
  const { getAccountStore } = await import('../auth/store/index.ts');
  const { closeStatsDb } = await import('../db/statsDb.ts');
  const { requestOrigin } = await import('../site/publicOrigin.ts');
  const { configuredTransport } = await import('../mail/transport.ts');
  const { MailWorker } = await import('../mail/worker.ts');
  const { runAlerts } = await import('./runAlerts.ts');
  const store = getAccountStore();
  try {
    const origin = requestOrigin(`localhost:${process.env.PORT ?? '4321'}`, false);
    const summary = await runAlerts({ store, origin, log: (line) => console.error(line) });
    let sent: { sent: number; failed: number } | null = null;
    if (!values['no-send']) sent = await new MailWorker(() => store, configuredTransport(), { retrySeconds: config.mailRetrySeconds }).drain();
    console.log(JSON.stringify({ ...summary, sent }));
    return summary.failed.length > 0 ? 1 : 0;
  } catch (error) {
    console.log(JSON.stringify({ error: (error as Error).message.split('\n')[0] }));
    return 1;
  } finally {
    await closeStatsDb().catch(() => undefined);
    await store.close().catch(() => undefined);
  }
}

const code = await main(process.argv.slice(2));
process.exitCode = code;
// The stats database's pool or the mail transport may keep a handle open: the step is over, so end within a second.
setTimeout(() => process.exit(code), 1000).unref();
