/**
 * The mail queue and its worker against a real SMTP server (smtp-server, on loopback), read back with
 * mailparser: what the recipient's mail server gets, a mail server that is down and comes back, two nodes
 * draining one queue, and the local outbox of development.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyEmailMail } from '../../../../src/server/mail/messages.ts';
import { outboxTransport, smtpTransport } from '../../../../src/server/mail/transport.ts';
import { MailWorker, retryDelaySeconds } from '../../../../src/server/mail/worker.ts';
import { nowSeconds } from '../../../../src/server/auth/store/rows.ts';
import type { AccountStore } from '../../../../src/server/auth/store/types.ts';
import { STORE_KINDS, freshLocation, openStoreAt, type StoreKind } from '../../../support/accountStores.ts';
import { deadPort, startInbox } from '../../../support/smtpInbox.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function storeOf(kind: StoreKind, location?: string): Promise<AccountStore> {
  const store = openStoreAt(kind, location ?? (await freshLocation(kind)));
  await store.schemaVersion();
  cleanups.push(() => store.close());
  return store;
}

const FROM = 'Courtvision <no-reply@courtvision.test>';
const quiet = () => undefined;

describe.each(STORE_KINDS)('mail queue on the %s store', (kind: StoreKind) => {
  it('sends a queued message to the SMTP server: both parts, the headers, the link, and the same Message-ID', async () => {
    const inbox = await startInbox();
    cleanups.push(inbox.close);
    const store = await storeOf(kind);
    const queued = verifyEmailMail('ann@example.com', 'Ann', 'https://courtvision.test/verify?token=abc');
    await store.enqueueMail([queued]);
    const worker = new MailWorker(() => store, smtpTransport(`smtp://127.0.0.1:${inbox.port}`, FROM), { retrySeconds: 1, log: quiet });
    expect(await worker.drain()).toEqual({ sent: 1, failed: 0 });
    expect(inbox.recipients).toEqual([['ann@example.com']]);
    const mail = inbox.messages[0]!;
    expect(mail.subject).toBe('Confirm your email for Courtvision');
    expect(mail.from?.value).toEqual([{ name: 'Courtvision', address: 'no-reply@courtvision.test' }]);
    expect(mail.messageId).toBe(queued.messageId);
    expect(Math.abs(mail.date!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(mail.text).toContain('https://courtvision.test/verify?token=abc');
    expect(mail.html).toContain('href="https://courtvision.test/verify?token=abc"');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(await store.mailQueueCounts()).toEqual({ waiting: 0, failed: 0 });
  });

  it('a mail server that is down loses nothing: the message waits, is retried, and arrives once it is back', async () => {
    const port = await deadPort();
    const store = await storeOf(kind);
    const lines: string[] = [];
    const worker = new MailWorker(() => store, smtpTransport(`smtp://127.0.0.1:${port}`, FROM), { retrySeconds: 1, log: (l) => lines.push(l) });
    await store.enqueueMail([verifyEmailMail('ann@example.com', 'Ann', 'https://courtvision.test/verify?token=x')]);
    expect(await worker.drain()).toEqual({ sent: 0, failed: 1 });
    expect(lines.join('\n')).toMatch(/could not send "Confirm your email for Courtvision" to ann@example.com \(attempt 1\).*next try in 1 s/);
    expect(await store.mailQueueCounts()).toEqual({ waiting: 1, failed: 0 });
    // Not due yet: nothing is tried before the retry time.
    expect(await worker.drain()).toEqual({ sent: 0, failed: 0 });
    const inbox = await startInbox(port);
    cleanups.push(inbox.close);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await worker.drain()).toEqual({ sent: 1, failed: 0 });
    expect(inbox.recipients).toEqual([['ann@example.com']]);
    expect(await store.mailQueueCounts()).toEqual({ waiting: 0, failed: 0 });
  });

  it('a drain tries each message once, even when a message is due again before the drain ends', async () => {
    // A mail server that answers nothing and hangs up after 1.2 s: the send fails after the 1 s retry delay.
    const slow = net.createServer((socket) => setTimeout(() => socket.destroy(), 1_200));
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => slow.close(() => resolve())));
    const store = await storeOf(kind);
    const port = (slow.address() as net.AddressInfo).port;
    const worker = new MailWorker(() => store, smtpTransport(`smtp://127.0.0.1:${port}`, FROM), { retrySeconds: 1, log: quiet });
    // The first message is due again while the second is still being refused.
    await store.enqueueMail([
      verifyEmailMail('ann@example.com', 'Ann', 'https://courtvision.test/verify?token=y'),
      verifyEmailMail('bob@example.com', 'Bob', 'https://courtvision.test/verify?token=z'),
    ]);
    expect(await worker.drain()).toEqual({ sent: 0, failed: 2 });
    expect(await store.mailQueueCounts()).toEqual({ waiting: 2, failed: 0 });
  });

  it('a claimed message is leased: a second node does not take it until the lease ends', async () => {
    const store = await storeOf(kind);
    await store.enqueueMail([verifyEmailMail('a@example.com', 'A', 'https://x.test/verify?token=1')]);
    const now = nowSeconds();
    expect(await store.claimMail(now, 60, 10)).toHaveLength(1);
    expect(await store.claimMail(now, 60, 10)).toHaveLength(0);
    expect(await store.claimMail(now + 61, 60, 10)).toHaveLength(1);
  });

  it('after the last attempt a message is kept as failed, not retried', async () => {
    const store = await storeOf(kind);
    await store.enqueueMail([verifyEmailMail('a@example.com', 'A', 'https://x.test/verify?token=1')]);
    const [mail] = await store.claimMail(nowSeconds(), 60, 10);
    await store.mailFailed(mail!.id, 'mailbox unavailable', null);
    expect(await store.mailQueueCounts()).toEqual({ waiting: 0, failed: 1 });
    expect(await store.claimMail(nowSeconds() + 10_000, 60, 10)).toEqual([]);
  });
});

describe('two nodes on one PostgreSQL queue', () => {
  it('send every message exactly once between them', async () => {
    const inbox = await startInbox();
    cleanups.push(inbox.close);
    const location = await freshLocation('postgres');
    const [a, b] = [await storeOf('postgres', location), await storeOf('postgres', location)];
    const count = 30;
    await a.enqueueMail(Array.from({ length: count }, (_, i) => verifyEmailMail(`u${i}@example.com`, `U${i}`, `https://x.test/verify?token=${i}`)));
    const transport = smtpTransport(`smtp://127.0.0.1:${inbox.port}`, FROM);
    const workers = [a, b].map((s) => new MailWorker(() => s, transport, { retrySeconds: 1, log: quiet }));
    const totals = await Promise.all(workers.map((w) => w.drain()));
    expect(totals.reduce((n, t) => n + t.sent, 0)).toBe(count);
    expect(inbox.recipients.flat().sort()).toEqual(Array.from({ length: count }, (_, i) => `u${i}@example.com`).sort());
  });
});

describe('the local outbox (no SMTP_URL, development)', () => {
  it('writes each message as an .eml file a mail reader can open, and prints its link', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-outbox-'));
    const store = await storeOf('sqlite');
    const lines: string[] = [];
    await store.enqueueMail([verifyEmailMail('ann@example.com', 'Ann', 'http://localhost:4321/verify?token=tok')]);
    const worker = new MailWorker(
      () => store,
      outboxTransport(dir, FROM, (l) => lines.push(l)),
      { retrySeconds: 1, log: quiet },
    );
    expect(await worker.drain()).toEqual({ sent: 1, failed: 0 });
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await simpleParser(fs.readFileSync(path.join(dir, files[0]!)));
    expect(parsed.subject).toBe('Confirm your email for Courtvision');
    expect(parsed.text).toContain('http://localhost:4321/verify?token=tok');
    expect(lines.join('\n')).toContain('[mail] link: http://localhost:4321/verify?token=tok');
  });
});

describe('retry schedule', () => {
  it('doubles from the base and stops growing at an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(n, 30))).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20, 30)).toBe(3600);
  });
});
