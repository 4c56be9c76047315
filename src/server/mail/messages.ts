/**
 * The account messages the site sends, each as a plain-text and an HTML part with the site's name and at most
 * one action link (built from the public origin: AUTH_URL, see src/server/site/publicOrigin.ts). Every message
 * is transactional (it answers something the owner of the address did, or tells them about a change to their
 * account), so none carries a List-Unsubscribe header: there is no list to leave.
 */
import { randomUUID } from 'node:crypto';
import { escapeHtml } from '../../lib/site/html.ts';
import { SITE_NAME } from '../../lib/site/site.ts';
import type { QueuedMail } from '../auth/store/types.ts';
import { config } from '../config.ts';

/** The domain of the From address, for Message-IDs. */
function senderDomain(from = config.mailFrom): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1) || 'localhost';
}

/** A new Message-ID on the sender's domain, e.g. `<6f1c...@courtvision.example>`. */
export function newMessageId(): string {
  return `<${randomUUID()}@${senderDomain()}>`;
}

/** The HTML part's page around a message's body: its title, the site's name on top, the column at most maxWidth px. */
export function htmlDocument(subject: string, body: string, maxWidth = 560): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1b1f24;line-height:1.5;max-width:${maxWidth}px;margin:0 auto;padding:24px">` +
    `<p style="font-weight:700;font-size:18px;margin:0 0 24px">${SITE_NAME}</p>` +
    body +
    `</body></html>`
  );
}

interface Parts {
  to: string;
  subject: string;
  /** Paragraphs of the body, plain text. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A closing line under the action (e.g. when the link expires). */
  footnote?: string;
}

/** One message in both parts, from paragraphs of plain text. */
export function composeMail({ to, subject, paragraphs, action, footnote }: Parts): QueuedMail {
  const text = [...paragraphs, ...(action ? [`${action.label}:\n${action.url}`] : []), ...(footnote ? [footnote] : []), `-- \n${SITE_NAME}`].join('\n\n');
  const p = (t: string) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ea8;color:#fff;padding:10px 18px;` +
      `border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this address into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  const html = htmlDocument(
    subject,
    paragraphs.map(p).join('') + button + (footnote ? `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(footnote)}</p>` : ''),
  );
  return { to, subject, text, html, messageId: newMessageId(), link: action?.url ?? null };
}

const hello = (name: string) => `Hello ${name},`;

export function verifyEmailMail(to: string, name: string, link: string): QueuedMail {
  return composeMail({
    to,
    subject: `Confirm your email for ${SITE_NAME}`,
    paragraphs: [hello(name), `Please confirm that this is your address, so that your ${SITE_NAME} account can buy the Stats plan and recover its password.`],
    action: { label: 'Confirm my email', url: link },
    footnote: 'The link works once and expires in 24 hours. If you did not create an account, ignore this message.',
  });
}

/** Sent instead of a verification when someone signs up with an address that already has an account. */
export function alreadyRegisteredMail(to: string, signInUrl: string, forgotUrl: string): QueuedMail {
  return composeMail({
    to,
    subject: `Someone tried to create a ${SITE_NAME} account with your email`,
    paragraphs: [
      'Hello,',
      `Someone (perhaps you) tried to create a ${SITE_NAME} account with this address, which already has one. No new account was made and nothing changed.`,
      // Each link ends its line: no full stop sticks to it when a mail client makes it clickable.
      `If it was you, sign in with the link below. Forgot the password? Choose a new one here: ${forgotUrl}`,
    ],
    action: { label: 'Sign in', url: signInUrl },
  });
}

export function resetPasswordMail(to: string, name: string, link: string): QueuedMail {
  return composeMail({
    to,
    subject: `Reset your ${SITE_NAME} password`,
    paragraphs: [hello(name), 'Someone (we hope you) asked to reset the password of your account. Choose a new one here:'],
    action: { label: 'Choose a new password', url: link },
    footnote: 'The link works once and expires in 1 hour. If you did not ask, ignore this message: your password stays as it is.',
  });
}

export function passwordChangedMail(to: string, name: string, forgotUrl: string): QueuedMail {
  return composeMail({
    to,
    subject: `Your ${SITE_NAME} password was changed`,
    paragraphs: [
      hello(name),
      'The password of your account was just changed, and every other device was signed out.',
      // The From address takes no replies: say what the owner can do, not "reply".
      `If this was not you, choose a new password at once, which signs every device out again: ${forgotUrl}`,
    ],
  });
}

export function confirmNewEmailMail(to: string, name: string, link: string): QueuedMail {
  return composeMail({
    to,
    subject: `Confirm your new email for ${SITE_NAME}`,
    paragraphs: [hello(name), `You asked to use this address for your ${SITE_NAME} account. Confirm it to make the change:`],
    action: { label: 'Use this address', url: link },
    footnote: 'The link works once and expires in 24 hours. If you did not ask, ignore this message: nothing changes.',
  });
}

export function emailChangeRequestedMail(to: string, name: string, newEmail: string, forgotUrl: string): QueuedMail {
  return composeMail({
    to,
    subject: `A change of email was asked for your ${SITE_NAME} account`,
    paragraphs: [
      hello(name),
      `Someone signed in to your account asked to move it to ${newEmail}. It moves once that address is confirmed.`,
      `If this was not you, someone knows your password: choose a new one now, which signs every device out: ${forgotUrl}`,
    ],
  });
}

/** Sent to an address that already has an account when another account asks to move to it. */
export function emailTakenMail(to: string): QueuedMail {
  return composeMail({
    to,
    subject: `Someone tried to move a ${SITE_NAME} account to your email`,
    paragraphs: [
      'Hello,',
      `Another ${SITE_NAME} account asked to use this address, which already has an account. Nothing changed: one address belongs to one account.`,
    ],
  });
}

export function accountDeletedMail(to: string, name: string): QueuedMail {
  return composeMail({
    to,
    subject: `Your ${SITE_NAME} account was deleted`,
    paragraphs: [hello(name), `Your ${SITE_NAME} account and its personal data were deleted, as you asked. Thank you for reading.`],
  });
}
