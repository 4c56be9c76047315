/**
 * A message in the test SMTP inbox (tests/support/smtpInbox.ts) as a browser test waits for it: the latest one to
 * the address whose subject matches, polled until the server's mail worker has sent it, e.g.
 * `linkIn(await mailTo(inbox, email, /^Confirm your email/), '/verify?token=')`.
 */
import type { Inbox } from '../support/smtpInbox';
import { expect } from './fixtures';

export async function mailTo(inbox: Inbox, address: string, subject: RegExp): Promise<Inbox['messages'][number]> {
  let found: Inbox['messages'][number] | undefined;
  await expect
    .poll(
      () => {
        found = inbox.messages.findLast((m) => m.to && 'text' in m.to && m.to.text === address && subject.test(m.subject ?? ''));
        return Boolean(found);
      },
      { timeout: 15_000, message: `a message "${subject}" to ${address}` },
    )
    .toBe(true);
  return found!;
}
