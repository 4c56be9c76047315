/**
 * Work that the answer must not wait for, because it is done for some visitors and not others and the time of
 * the answer would tell which. /forgot is the case: a known address gets a link (a token and a message written
 * in one durable transaction, about 2.5 ms on SQLite and 4.5 ms on PostgreSQL), an unknown one nothing, so an
 * answer that waited for it told who has an account. The answer is made first, the same for everyone; the work
 * runs on a later turn of the event loop (setImmediate), once the answer has been handed to the socket.
 * A failure there is logged (the visitor was told "if an account uses that address"; asking again works).
 */
import { logger } from '../log.ts';

const pending = new Set<Promise<void>>();

/** Runs `work` after the current answer; `what` names it in the log if it fails. */
export function afterAnswer(what: string, work: () => Promise<void>): void {
  const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => logger().error({ err: error }, `${what} failed after the answer`))
    .finally(() => pending.delete(done));
  pending.add(done);
}

/** Resolves once every piece of work handed to afterAnswer so far (and what it handed on) has finished. */
export async function workAfterAnswersDone(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
