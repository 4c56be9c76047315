/**
 * The mail queue's sender. Messages are queued in the accounts store in the same transaction as the change they
 * tell about (src/server/auth/store: signUp, issueToken, ...), so an action never waits for, or fails with, the
 * mail server. Each node runs one worker: it claims due messages with a lease (no other node sends them
 * meanwhile; a node that dies mid-send releases them when the lease ends), hands them to the transport, and on
 * failure schedules a retry after MAIL_RETRY_SECONDS, doubling up to an hour, until MAX_ATTEMPTS, after which
 * the message is kept as failed for the operator. A mail server that is down loses nothing: the message goes
 * out once it is back, from whichever node gets to it first.
 */
import type { AccountStore } from '../auth/store/types.ts';
import { nowSeconds } from '../auth/store/rows.ts';
import type { MailTransport } from './transport.ts';
import { mails } from '../metrics.ts';

export const MAX_ATTEMPTS = 16;
const LEASE_SECONDS = 120;
const BATCH = 10;

export interface MailWorkerOptions {
  retrySeconds: number;
  /** How often the queue is looked at when nobody nudges it. */
  intervalMs?: number;
  log?: (line: string) => void;
}

/** The delay before the next attempt after `attempts` failed ones (1, 2, 4 ... times the base, at most an hour). */
export function retryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(3600, baseSeconds * 2 ** Math.max(0, attempts - 1));
}

export class MailWorker {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #again = false;

  constructor(
    readonly store: () => AccountStore,
    readonly transport: Pick<MailTransport, 'send'>,
    readonly options: MailWorkerOptions,
  ) {}

  /**
   * Sends every message that was due when the drain began; resolves when none is left. Each message is tried at most
   * once per drain: one that fails is due again at a later second than the drain's start, even when the sending took
   * longer than its retry delay (a short delay and a slow, refusing mail server).
   */
  async drain(): Promise<{ sent: number; failed: number }> {
    const totals = { sent: 0, failed: 0 };
    const dueBy = nowSeconds();
    for (;;) {
      const batch = await this.store().claimMail(nowSeconds(), LEASE_SECONDS, BATCH, dueBy);
      if (batch.length === 0) return totals;
      for (const mail of batch) {
        try {
          await this.transport.send(mail);
          await this.store().completeMail(mail.id);
          totals.sent++;
          mails.inc({ outcome: 'sent' });
        } catch (error) {
          totals.failed++;
          const attempts = mail.attempts + 1;
          const message = error instanceof Error ? error.message : String(error);
          const retryAt = attempts >= MAX_ATTEMPTS ? null : nowSeconds() + retryDelaySeconds(attempts, this.options.retrySeconds);
          await this.store().mailFailed(mail.id, message, retryAt);
          mails.inc({ outcome: retryAt === null ? 'given_up' : 'failed' });
          this.#log(
            `[mail] could not send "${mail.subject}" to ${mail.to} (attempt ${attempts}): ${message}; ` +
              (retryAt === null ? 'given up' : `next try in ${retryAt - nowSeconds()} s`),
          );
        }
      }
    }
  }

  /** Looks at the queue now (after a message was queued), without waiting for the next tick. */
  nudge(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.drain()
      .then(() => undefined)
      .catch((error: unknown) => this.#log(`[mail] queue not reachable: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        this.#running = null;
        if (this.#again) {
          this.#again = false;
          this.nudge();
        }
      });
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => this.nudge(), this.options.intervalMs ?? 2_000);
    this.#timer.unref();
    this.nudge();
  }

  /** Stops the timer and waits for a send under way. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  #log(line: string): void {
    (this.options.log ?? console.warn)(line);
  }
}
