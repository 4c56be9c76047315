/**
 * This process's trial sweep (trial.ts runTrialSweep), every TRIAL_SWEEP_SECONDS and once at start: the reminders
 * of trials ending within 3 days (each queued once, whichever node sees it first) and, in test mode, the trials
 * that are over. The links in its messages use AUTH_URL's origin, else the address the server listens on.
 */
import { getAccountStore } from '../auth/store/index.ts';
import { config } from '../config.ts';
import { logger } from '../log.ts';
import { mailQueued } from '../mail/processWorker.ts';
import { processSingleton } from '../processSingleton.ts';
import { nowSeconds } from '../auth/store/rows.ts';
import { billingProvider } from './processBilling.ts';
import { deliver } from './testPages.ts';
import { runTrialSweep } from './trial.ts';
import type { BillingContext } from './webhook.ts';

function sweepContext(listening: string): BillingContext {
  const origin = config.authUrl ? new URL(config.authUrl).origin : listening;
  return { store: getAccountStore(), provider: billingProvider(), origin, mailQueued };
}

/** Runs one pass now: never throws, logs what failed. */
export async function sweepTrialsOnce(listening: string): Promise<void> {
  const ctx = sweepContext(listening);
  try {
    const { reminded, ended } = await runTrialSweep(ctx, nowSeconds(), (events) => deliver(ctx, events));
    if (reminded > 0 || ended > 0) logger().info({ reminded, ended }, 'trials: reminders queued, trials ended');
  } catch (error) {
    logger().warn({ err: error }, 'trials: the sweep failed; it runs again at the next tick');
  }
}

/** Starts the sweep once per process; `listening` is the server's own address (http://host:port). */
export function startTrialSweep(listening: string): void {
  processSingleton('trialSweep', () => {
    const timer = setInterval(() => void sweepTrialsOnce(listening), config.trialSweepSeconds * 1000);
    timer.unref();
    void sweepTrialsOnce(listening);
    return timer;
  });
}
