/**
 * The accounts store's mail queue as a test reads it: `takeMail(store)` claims every message queued so far and
 * marks it sent (what the mail worker does after SMTP accepts it), so the next call sees only newer messages.
 */
import { nowSeconds } from '../../src/server/auth/store/rows.ts';
import type { AccountStore, MailRecord } from '../../src/server/auth/store/types.ts';

/** Every message queued in the store and not taken yet, taken off the queue. */
export async function takeMail(store: AccountStore): Promise<MailRecord[]> {
  const mails = await store.claimMail(nowSeconds() + 1, 60, 100);
  for (const m of mails) await store.completeMail(m.id);
  return mails;
}
