/**
 * MAIL_OUTBOX_DIR must be a folder or a path where one can be made: a regular file there (or on the way to it)
 * would make every message fail to be written, again and again, while the pages say "a link is on its way".
 * Checked at start (src/server/config.ts), e.g. MAIL_OUTBOX_DIR=data/outbox.eml, a file: "a regular file of
 * 310 bytes".
 */
import fs from 'node:fs';
import path from 'node:path';

/** What is wrong with `dir` as the outbox (null: a folder, or nothing yet where a folder can be made). */
export function outboxDirProblem(dir: string): string | null {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    let stat: fs.Stats | null = null;
    try {
      stat = fs.statSync(at);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return `${at} cannot be read (${code ?? String(error)})`;
    }
    if (stat) {
      if (stat.isDirectory()) return null;
      const what = stat.isFile() ? `a regular file of ${stat.size.toLocaleString('en-US')} byte${stat.size === 1 ? '' : 's'}` : 'not a folder';
      return at === path.resolve(dir) ? what : `${at} is ${what}`;
    }
    if (path.dirname(at) === at) return null;
  }
}
