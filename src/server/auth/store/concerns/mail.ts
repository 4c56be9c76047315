/**
 * The mail queue: messages are queued in the transaction of the change they tell about (enqueue) and sent by
 * the mail worker of any node (src/server/mail/worker.ts), which leases them (claimMail) so that no other node
 * sends them meanwhile.
 */
import type { Db } from '../db.ts';
import { nowSeconds } from '../rows.ts';
import type { AccountStore, MailRecord, QueuedMail } from '../types.ts';

type MailMethods = Pick<AccountStore, 'enqueueMail' | 'claimMail' | 'completeMail' | 'mailFailed' | 'mailQueueCounts'>;

interface MailRow {
  id: number | string;
  message_id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  link: string | null;
  created_at: number | string;
  attempts: number;
}
function toMail(row: MailRow): MailRecord {
  return {
    id: Number(row.id),
    messageId: row.message_id,
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    link: row.link,
    createdAt: Number(row.created_at),
    attempts: row.attempts,
  };
}

/** Queues messages inside the caller's transaction, due at once. */
export async function enqueue(tx: Db, mails: readonly QueuedMail[], now: number): Promise<void> {
  for (const mail of mails) {
    await tx.run(
      'INSERT INTO mail_queue (message_id, recipient, subject, text_body, html_body, link, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [mail.messageId, mail.to, mail.subject, mail.text, mail.html, mail.link, now, now],
    );
  }
}

const DUE = `SELECT * FROM mail_queue WHERE failed_at IS NULL AND next_attempt_at <= ? AND locked_until <= ?
              ORDER BY next_attempt_at, id LIMIT ?`;

export function mailMethods(db: Db): MailMethods {
  return {
    enqueueMail(mails: QueuedMail[]): Promise<void> {
      return db.transaction((tx) => enqueue(tx, mails, nowSeconds()));
    },

    async claimMail(now: number, leaseSeconds: number, limit: number, dueBy = now): Promise<MailRecord[]> {
      if (db.dialect === 'postgres') {
        // SKIP LOCKED: nodes claiming at the same moment take different messages instead of waiting for each other.
        const rows = await db.all<MailRow>(
          `UPDATE mail_queue SET locked_until = ?
            WHERE id IN (SELECT id FROM mail_queue
                          WHERE failed_at IS NULL AND next_attempt_at <= ? AND locked_until <= ?
                          ORDER BY next_attempt_at, id LIMIT ? FOR UPDATE SKIP LOCKED)
            RETURNING *`,
          [now + leaseSeconds, dueBy, now, limit],
        );
        return rows.map(toMail).sort((a, b) => a.id - b.id);
      }
      // SQLite: every node polls every 2 s, and an empty queue is answered by a read, without taking the write lock.
      if (!(await db.one(DUE, [dueBy, now, 1]))) return [];
      return db.transaction(async (tx) => {
        const rows = await tx.all<MailRow>(DUE, [dueBy, now, limit]);
        for (const row of rows) await tx.run('UPDATE mail_queue SET locked_until = ? WHERE id = ?', [now + leaseSeconds, row.id]);
        return rows.map(toMail);
      });
    },

    async completeMail(id: number): Promise<void> {
      await db.run('DELETE FROM mail_queue WHERE id = ?', [id]);
    },

    async mailFailed(id: number, error: string, retryAt: number | null): Promise<void> {
      const sql =
        retryAt === null
          ? 'UPDATE mail_queue SET attempts = attempts + 1, last_error = ?, failed_at = ?, locked_until = 0 WHERE id = ?'
          : 'UPDATE mail_queue SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, locked_until = 0 WHERE id = ?';
      await db.run(sql, [error.slice(0, 1000), retryAt ?? nowSeconds(), id]);
    },

    async mailQueueCounts(): Promise<{ waiting: number; failed: number }> {
      const row = await db.one<{ waiting: number | string; failed: number | string }>(
        'SELECT count(*) FILTER (WHERE failed_at IS NULL) AS waiting, count(*) FILTER (WHERE failed_at IS NOT NULL) AS failed FROM mail_queue',
      );
      return { waiting: Number(row!.waiting), failed: Number(row!.failed) };
    },
  };
}
