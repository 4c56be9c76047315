/**
 * Where messages go. With SMTP_URL: a mail server, through nodemailer's SMTP transport (TLS from smtps:// or
 * STARTTLS, authentication from the URL). Without it (development, the embedded default of `npm start`): the
 * local outbox, one .eml file per message in MAIL_OUTBOX_DIR (the same bytes a mail server would get), with its
 * link printed to the server log so a newcomer can click through. Production refuses to start without SMTP_URL
 * (src/server/http/server.ts), so the outbox is never a silent sink there.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailRecord } from '../auth/store/types.ts';
import { config } from '../config.ts';

export interface MailTransport {
  /** Hands one message over; rejects when it was not accepted (the queue retries). */
  send(mail: MailRecord): Promise<void>;
  /** What it is, for the start-up log: "SMTP host:port" or "outbox folder". */
  readonly description: string;
}

/** nodemailer's fields for a queued message: both parts, and the same Message-ID on every attempt. */
function messageOf(mail: MailRecord, from: string): nodemailer.SendMailOptions {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    date: new Date(),
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

export function smtpTransport(url: string, from = config.mailFrom): MailTransport {
  // Bounded waits: a mail server that does not answer fails the attempt (and is retried) instead of holding it.
  const transporter = nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never);
  return {
    description: `SMTP ${new URL(url).host}`,
    async send(mail) {
      const info = await transporter.sendMail(messageOf(mail, from));
      if (info.rejected.length > 0) throw new Error(`the mail server refused ${info.rejected.join(', ')}`);
    },
  };
}

export function outboxTransport(dir: string, from = config.mailFrom, log: (line: string) => void = console.log): MailTransport {
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `the local outbox ${dir}`,
    async send(mail) {
      const info = (await writer.sendMail(messageOf(mail, from))) as { message: Buffer };
      fs.mkdirSync(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`;
      // Written whole, then renamed: a reader never sees half a message.
      const file = path.join(dir, name);
      fs.writeFileSync(`${file}.tmp`, info.message);
      fs.renameSync(`${file}.tmp`, file);
      log(`[mail] to ${mail.to}: "${mail.subject}" -> ${file}${mail.link ? `\n[mail] link: ${mail.link}` : ''}`);
    },
  };
}

/** The transport the configuration selects. */
export function configuredTransport(): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl) : outboxTransport(config.mailOutboxDir);
}
