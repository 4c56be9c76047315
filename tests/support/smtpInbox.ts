/**
 * A real SMTP server on loopback for the tests (smtp-server, no TLS, any login), keeping what it receives as
 * mailparser reads it: what a user's mail provider would get from the site. It can be stopped and started
 * again on the same port (a mail server that goes down and comes back).
 */
import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Inbox {
  port: number;
  url: string;
  messages: ParsedMail[];
  /** Who the server was asked to deliver each message to (the envelope). */
  recipients: string[][];
  close: () => Promise<void>;
}

export async function startInbox(port = 0, kept: { messages: ParsedMail[]; recipients: string[][] } = { messages: [], recipients: [] }): Promise<Inbox> {
  const { messages, recipients } = kept;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(parsed);
          recipients.push(session.envelope.rcptTo.map((r) => r.address));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as net.AddressInfo).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    recipients,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (taken and released). */
export async function deadPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The first link to `path` in a message's text part. */
export function linkIn(mail: ParsedMail | undefined, path: string): string {
  const found = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, '\\$&')}[^\\s]*`).exec(mail?.text ?? '');
  if (!found) throw new Error(`No ${path} link in ${JSON.stringify(mail?.text)}`);
  return found[0];
}
