/**
 * A stats file's checksum: the SHA-256 of the whole file, written beside it by the program that built it, and
 * checked before the server serves the file (start-up, src/server/http/server.ts) or switches to it (SIGHUP or
 * /admin/stats-db, statsDb.ts reloadStatsDb). DuckDB checks a block only when a query reads it, so a file
 * damaged in one spot used to start and answer until someone asked for the damaged block; the whole-file hash
 * sees one changed byte anywhere.
 *
 * The checksum file is `{path}.sha256`, in sha256sum's format, e.g. for data/stats.duckdb the file
 * data/stats.duckdb.sha256 holds one line
 *   "3f0c…64 hex digits…9ab1  stats.duckdb"
 * so `cd data && sha256sum -c stats.duckdb.sha256` checks it too. Only the digest is read back: the name in it
 * is for sha256sum.
 *
 * Writers (every program that writes a stats file; keep it to these two calls):
 * - `installStatsFile(tmp, out)`: the last step of a writer that built the complete file at `tmp` beside `out`
 *   (the ingest, the rebuild of models and derived tables, an update): hashes `tmp`, writes the checksum, renames
 *   `tmp` over `out` and then the checksum over `{out}.sha256`. Call it where the writer renamed before.
 * - `writeStatsFileChecksum(path)`: a checksum for a complete file already in place (a file built before
 *   checksums, or built by hand: `npm run stats:checksum -- --write PATH`). It vouches for the file as it is now.
 * Readers:
 * - `verifyStatsFileChecksum(path)`: hashes the file and compares (what the CLI and the benchmark call).
 * - `acceptStatsFile(path, { production })`: the server's rule below, each answer remembered per file.
 *
 * The rule for a file with no checksum (no `{path}.sha256` beside it: a file built before checksums, or one an
 * operator built by hand):
 * - in production (NODE_ENV=production) it is refused like a damaged file: the server does not start (exit 1,
 *   one line) or does not switch to it (the old file keeps serving). An operator who trusts the file adds one
 *   with `npm run stats:checksum -- --write PATH`. Production files come from the ingest, which always writes
 *   one, or are copied to a node, where a forgotten checksum must not silently turn the check off.
 * - elsewhere (development, tests) it is served: the start-up line, the log and /admin/stats-db say that it
 *   was not checked. As with AUTH_SECRET, what production requires, development does without.
 * A checksum file that does not hold a SHA-256 digest is refused everywhere (it is damaged too).
 *
 * Speed: one pass over the file with node:crypto's SHA-256 (SHA-NI on x86: about 1.8 GB/s here, as fast as
 * SHA-1 and faster than BLAKE2b, SHA-512/256 and MD5), read in 1 MiB pieces, the next piece read while one is
 * hashed. The full database (2.2 GB) on 2 cores: 1.3 s from the page cache on a quiet machine, under 8 s read
 * from disk with the machine loaded five times over (docs/benchmarks/checksum.md,
 * `npm run bench:checksum -- --db PATH [--cold]`). The event loop is held for one piece at a time (about 1 ms;
 * 4 MiB pieces were no faster and held it 2-3 ms), so a server that checks a new file keeps answering from the
 * old one meanwhile.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { processSingleton } from '../processSingleton.ts';

/** The checksum file of a stats file. */
export const checksumPath = (file: string): string => `${file}.sha256`;

/** What identifies one version of a file: device, inode, size and modification time (statsDb.ts compares them). */
export const fileIdentityOf = (st: fs.Stats): string => `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;

/** Bytes read and hashed at a time. */
const PIECE = 1 << 20;

/** The file's SHA-256 (hex), the identity of the file that was read and its length (the benchmark times it). */
export async function hashFile(file: string): Promise<{ digest: string; identity: string; bytes: number }> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const identity = fileIdentityOf(await handle.stat());
    const hash = crypto.createHash('sha256');
    const buffers = [Buffer.allocUnsafe(PIECE), Buffer.allocUnsafe(PIECE)];
    let position = 0;
    let next = handle.read(buffers[0]!, 0, PIECE, 0);
    for (let i = 0; ; i++) {
      const { bytesRead, buffer } = await next;
      if (bytesRead === 0) break;
      position += bytesRead;
      // the next piece is read (libuv's threads) while this one is hashed
      next = handle.read(buffers[(i + 1) % 2]!, 0, PIECE, position);
      next.catch(() => undefined); // awaited above; if the hash throws first, its failure is not left unhandled
      hash.update(bytesRead === PIECE ? buffer : buffer.subarray(0, bytesRead));
    }
    return { digest: hash.digest('hex'), identity, bytes: position };
  } finally {
    await handle.close();
  }
}

/** The checksum file's text and digest: null when there is no such file; digest null when it is not sha256sum's line. */
function readChecksum(file: string): { text: string; digest: string | null } | null {
  let text: string;
  try {
    text = fs.readFileSync(checksumPath(file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const line = /^([0-9a-f]{64}) [ *][^\n]+\n?$/i.exec(text);
  return { text, digest: line ? line[1]!.toLowerCase() : null };
}

/** Write `digest` as the checksum of the file that will be at `file` (a temporary file renamed into place). */
function writeChecksumFile(file: string, digest: string): string {
  const tmp = `${checksumPath(file)}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, `${digest}  ${path.basename(file)}\n`);
  fsyncPath(tmp);
  return tmp;
}

/**
 * Hash the complete file at `path` and write its checksum beside it (`{path}.sha256`, replaced at once by a
 * rename). Returns the digest. For a file already in place; a writer that renames its new file into place
 * calls installStatsFile instead.
 */
export async function writeStatsFileChecksum(file: string): Promise<string> {
  const { digest } = await hashFile(file);
  const tmp = writeChecksumFile(file, digest);
  fs.renameSync(tmp, checksumPath(file));
  return digest;
}

/**
 * A writer's last step: `tmp` holds the complete new stats file (closed, checkpointed, beside `out` on the same
 * file system). Hashes it, then renames it over `out` and its checksum over `{out}.sha256`, one right after the
 * other (a reader that meets the new file with the old checksum between the two renames looks again:
 * verifyStatsFileChecksum). If it fails before the first rename, `tmp` is removed and `out` and its checksum are
 * as they were; if the checksum's rename fails, the new file is in place with the old checksum (refused until one is
 * written: the error says how) and no temporary file is left. A WAL beside `out` (the old file's) is removed first;
 * the new file and checksum are flushed to the disk before they are renamed.
 */
export async function installStatsFile(tmp: string, out: string): Promise<void> {
  let checksumTmp: string | null = null;
  try {
    const { digest } = await hashFile(tmp);
    fsyncPath(tmp);
    checksumTmp = writeChecksumFile(out, digest);
    // a WAL beside `out` belongs to the file being replaced: left there, DuckDB would replay it into the new file
    fs.rmSync(`${out}.wal`, { force: true });
    fs.renameSync(tmp, out);
  } catch (error) {
    for (const file of [tmp, checksumTmp]) if (file) fs.rmSync(file, { force: true });
    throw error;
  }
  try {
    fs.renameSync(checksumTmp, checksumPath(out));
  } catch (error) {
    fs.rmSync(checksumTmp, { force: true });
    throw new Error(
      `${out} is installed but its checksum could not be written (${(error as Error).message}); the server refuses it until ` +
        `\`npm run stats:checksum -- --write ${out}\` writes one`,
    );
  }
  fsyncPath(path.dirname(out)); // the two renames reach the disk
}

/** Flushes a file (or a folder's entries) to the disk, so a crash after a rename never finds a half-written file. */
function fsyncPath(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** What a check of a stats file found. */
export type StatsFileCheck =
  /** the file's hash is the one its checksum file holds */
  | { status: 'verified'; digest: string; bytes: number; seconds: number; identity: string }
  /** no checksum file beside it (see the rule in the header) */
  | { status: 'no-checksum'; identity: string }
  /** the hash differs from the checksum, or the checksum file is not one */
  | { status: 'damaged'; reason: string; identity: string }
  /** no file at the path */
  | { status: 'missing' }
  /** the file or its checksum file could not be read (e.g. permissions): `reason` says why */
  | { status: 'unreadable'; reason: string };

/**
 * Hash the file at `path` and compare it with `{path}.sha256`. When the file or its checksum was replaced while
 * it was read (a writer renaming both), it looks again, up to three times.
 */
export async function verifyStatsFileChecksum(file: string): Promise<StatsFileCheck> {
  for (let attempt = 1; ; attempt++) {
    const started = performance.now();
    let before: string;
    try {
      before = fileIdentityOf(fs.statSync(file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' };
      throw error;
    }
    const expected = readChecksum(file);
    if (expected === null) return { status: 'no-checksum', identity: before };
    if (expected.digest === null) {
      return { status: 'damaged', identity: before, reason: `its checksum file ${checksumPath(file)} holds no SHA-256 digest` };
    }
    const { digest, identity, bytes } = await hashFile(file);
    if (digest === expected.digest) {
      return { status: 'verified', digest, bytes, seconds: (performance.now() - started) / 1000, identity };
    }
    let changed: boolean;
    try {
      changed = identity !== before || fileIdentityOf(fs.statSync(file)) !== identity || readChecksum(file)?.text !== expected.text;
    } catch {
      changed = true;
    }
    if (!changed || attempt === 3) {
      return { status: 'damaged', identity, reason: `its SHA-256 is ${digest.slice(0, 16)}…, its checksum file says ${expected.digest.slice(0, 16)}…` };
    }
  }
}

/** Whether the server may serve a file, and why not. */
export type StatsFileAcceptance =
  | { ok: true; check: Extract<StatsFileCheck, { status: 'verified' | 'no-checksum' }> }
  | { ok: false; check: StatsFileCheck; message: string };

/**
 * Checks remembered per file identity and checksum text: the start-up check and the server's first open of the
 * file read it once, and a damaged file asked for by request after request is not read again each time.
 * Shared by the server's two module graphs (processSingleton).
 */
const remembered = processSingleton('statsFileChecksum', () => new Map<string, Promise<StatsFileAcceptance>>());

/**
 * The server's rule (see the header): a verified file is accepted; a damaged one is refused; one without a
 * checksum is refused in production and accepted elsewhere. The message names STATS_DB_PATH and what to do.
 */
export async function acceptStatsFile(file: string, options: { production: boolean }): Promise<StatsFileAcceptance> {
  let key: string;
  try {
    key = `${fileIdentityOf(fs.statSync(file))}|${readChecksum(file)?.text ?? ''}|${options.production}`;
  } catch {
    key = ''; // missing or unreadable: not remembered
  }
  const known = key ? remembered.get(key) : undefined;
  if (known) return known;
  const answer = verifyStatsFileChecksum(file).then(
    (check) => judge(file, check, options.production),
    (error: unknown) => {
      remembered.delete(key); // not remembered: the permissions may be put right
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
      return judge(file, { status: 'unreadable', reason }, options.production);
    },
  );
  if (key) {
    if (remembered.size >= 16) remembered.clear();
    remembered.set(key, answer);
  }
  return answer;
}

function judge(file: string, check: StatsFileCheck, production: boolean): StatsFileAcceptance {
  const name = `STATS_DB_PATH=${JSON.stringify(file)}`;
  switch (check.status) {
    case 'verified':
      return { ok: true, check };
    case 'no-checksum':
      if (!production) return { ok: true, check };
      return {
        ok: false,
        check,
        message: `${name} has no checksum (${checksumPath(file)} is missing), so it cannot be checked for damage: copy its checksum file with it, rebuild it with \`npm run ingest\`, or, if you trust the file, add one with \`npm run stats:checksum -- --write ${file}\`.`,
      };
    case 'damaged':
      return { ok: false, check, message: `${name} is damaged: ${check.reason}. Rebuild it with \`npm run ingest\` or copy an intact file with its checksum.` };
    case 'missing':
      return { ok: false, check, message: `the stats database ${file} does not exist (build it with \`npm run ingest\`).` };
    case 'unreadable':
      return { ok: false, check, message: `${name} cannot be checked for damage: ${check.reason}. Expected a readable file and checksum file.` };
  }
}
