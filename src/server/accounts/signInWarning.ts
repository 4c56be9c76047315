/**
 * Telling an account's owner that it is being guessed at: when its failed sign-ins reach the threshold past
 * which each attempt waits (src/server/auth/signInGuard.ts), the owner gets one message with the way to reset the
 * password, which always works and clears the count. Addresses with no account get nothing.
 */
import { getAccountStore } from '../auth/store/index.ts';
import { composeMail } from '../mail/messages.ts';
import { mailQueued } from '../mail/processWorker.ts';

export async function warnAccountOwner(email: string, origin: string): Promise<void> {
  const store = getAccountStore();
  const user = await store.findUserByEmail(email);
  if (!user) return;
  await store.enqueueMail([
    composeMail({
      to: user.email,
      subject: 'Many failed sign-ins on your Courtvision account',
      paragraphs: [
        `Hello ${user.name},`,
        'Someone has tried many wrong passwords on your account. Until it stops, each new try has to wait longer, so guessing gets nowhere; your account and plan are unchanged.',
        'If you cannot sign in meanwhile, or want a new password anyway, this link always works and clears the wait:',
      ],
      action: { label: 'Choose a new password', url: `${origin}/forgot` },
    }),
  ]);
  mailQueued();
}
