/**
 * A stats file's whole-file checksum (src/server/db/statsFileChecksum.ts), on a copy of the test database: the
 * checksum written is the file's SHA-256 as coreutils' sha256sum computes it; one byte changed deep in the file is
 * found; a file without a checksum is refused in production only; a writer's install puts the file and its
 * checksum in place together; and the real server refuses to start on a damaged file with one line.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptStatsFile,
  checksumPath,
  installStatsFile,
  verifyStatsFileChecksum,
  writeStatsFileChecksum,
} from '../../../../src/server/db/statsFileChecksum.ts';
import { config } from '../../../../src/server/config.ts';
import { runPackageScript } from '../../../support/packageScripts.ts';

const hasDb = fs.existsSync(config.statsDbPath);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'courtvision-checksum-'));
const copy = path.join(dir, 'stats.duckdb');

/** sha256sum's own check of a checksum file (coreutils: an implementation independent of node:crypto). */
const sha256sumCheck = (file: string): string =>
  spawnSync('sha256sum', ['--check', path.basename(checksumPath(file))], { cwd: path.dirname(file), encoding: 'utf8' }).stdout;

/** XOR one byte of `file` at `offset` with 0x01 (calling it twice restores the byte). */
function flipByte(file: string, offset: number): void {
  const fd = fs.openSync(file, 'r+');
  try {
    const byte = Buffer.alloc(1);
    fs.readSync(fd, byte, 0, 1, offset);
    byte[0] = byte[0]! ^ 0x01;
    fs.writeSync(fd, byte, 0, 1, offset);
  } finally {
    fs.closeSync(fd);
  }
}

beforeAll(() => {
  if (hasDb) fs.copyFileSync(config.statsDbPath, copy);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!hasDb)('a stats file and its checksum', () => {
  it("writes the SHA-256 of the whole file beside it, in sha256sum's format, and an intact file passes", async () => {
    const digest = await writeStatsFileChecksum(copy);
    expect(fs.readFileSync(checksumPath(copy), 'utf8')).toBe(`${digest}  stats.duckdb\n`);
    expect(sha256sumCheck(copy)).toBe('stats.duckdb: OK\n');
    const check = await verifyStatsFileChecksum(copy);
    expect(check).toMatchObject({ status: 'verified', digest, bytes: fs.statSync(copy).size });
    expect(await acceptStatsFile(copy, { production: true })).toMatchObject({ ok: true, check: { status: 'verified' } });
  });

  it('finds one byte changed deep in the file, and passes it again once the byte is back', async () => {
    await writeStatsFileChecksum(copy);
    const offset = Math.floor(fs.statSync(copy).size * 0.61);
    flipByte(copy, offset);
    try {
      expect(sha256sumCheck(copy)).toBe('stats.duckdb: FAILED\n'); // the oracle agrees the file no longer matches
      const check = await verifyStatsFileChecksum(copy);
      expect(check.status).toBe('damaged');
      for (const production of [true, false]) {
        const accepted = await acceptStatsFile(copy, { production });
        expect(accepted.ok).toBe(false);
        expect(!accepted.ok && accepted.message).toMatch(
          new RegExp(`^STATS_DB_PATH="${copy}" is damaged: its SHA-256 is [0-9a-f]{16}…, its checksum file says [0-9a-f]{16}…\\. Rebuild it`),
        );
      }
    } finally {
      flipByte(copy, offset);
    }
    expect((await verifyStatsFileChecksum(copy)).status).toBe('verified');
  });

  it('a file without a checksum is refused in production, with the command that adds one, and served elsewhere', async () => {
    fs.rmSync(checksumPath(copy), { force: true });
    expect((await verifyStatsFileChecksum(copy)).status).toBe('no-checksum');
    const production = await acceptStatsFile(copy, { production: true });
    expect(production.ok).toBe(false);
    expect(!production.ok && production.message).toBe(
      `STATS_DB_PATH="${copy}" has no checksum (${copy}.sha256 is missing), so it cannot be checked for damage: copy its checksum file with it, rebuild it with \`npm run ingest\`, or, if you trust the file, add one with \`npm run stats:checksum -- --write ${copy}\`.`,
    );
    expect(await acceptStatsFile(copy, { production: false })).toMatchObject({ ok: true, check: { status: 'no-checksum' } });
    // the command the message names
    const written = runPackageScript('stats:checksum', ['--write', copy]);
    expect(written.status, written.stderr).toBe(0);
    expect(sha256sumCheck(copy)).toBe('stats.duckdb: OK\n');
    expect(await acceptStatsFile(copy, { production: true })).toMatchObject({ ok: true, check: { status: 'verified' } });
  });

  it('a checksum file that holds no digest is refused', async () => {
    fs.writeFileSync(checksumPath(copy), 'not a digest  stats.duckdb\n');
    try {
      const check = await verifyStatsFileChecksum(copy);
      expect(check).toMatchObject({ status: 'damaged', reason: `its checksum file ${copy}.sha256 holds no SHA-256 digest` });
      expect((await acceptStatsFile(copy, { production: false })).ok).toBe(false);
    } finally {
      await writeStatsFileChecksum(copy);
    }
  });

  it('a checksum file that cannot be read is refused with the reason, not thrown', async () => {
    const other = path.join(dir, 'other.duckdb');
    fs.writeFileSync(other, 'a stats file');
    fs.mkdirSync(checksumPath(other)); // a folder where the checksum file should be: EISDIR
    const accepted = await acceptStatsFile(other, { production: false });
    expect(accepted).toMatchObject({ ok: false, check: { status: 'unreadable' } });
    expect(!accepted.ok && accepted.message).toMatch(new RegExp(`^STATS_DB_PATH="${other}" cannot be checked for damage: EISDIR`));
  });

  it("a writer's install renames the new file and its checksum into place; a failed one changes nothing", async () => {
    const out = path.join(dir, 'served.duckdb');
    fs.copyFileSync(copy, `${out}.tmp-1`);
    await installStatsFile(`${out}.tmp-1`, out);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('served'))).toEqual(['served.duckdb', 'served.duckdb.sha256']);
    expect(sha256sumCheck(out)).toBe('served.duckdb: OK\n');
    const before = fs.readFileSync(checksumPath(out), 'utf8');
    await expect(installStatsFile(`${out}.tmp-2`, out)).rejects.toThrow(/ENOENT/);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('served'))).toEqual(['served.duckdb', 'served.duckdb.sha256']);
    expect(fs.readFileSync(checksumPath(out), 'utf8')).toBe(before);
    fs.rmSync(out);
    fs.rmSync(checksumPath(out));
  });

  it("an install removes the replaced file's WAL first, so the new file never opens with the old file's log", async () => {
    const out = path.join(dir, 'walled.duckdb');
    fs.copyFileSync(copy, out);
    fs.writeFileSync(`${out}.wal`, "the old file's uncheckpointed log");
    fs.copyFileSync(copy, `${out}.tmp-1`);
    await installStatsFile(`${out}.tmp-1`, out);
    expect(
      fs
        .readdirSync(dir)
        .filter((f) => f.startsWith('walled'))
        .sort(),
    ).toEqual(['walled.duckdb', 'walled.duckdb.sha256']);
    expect(sha256sumCheck(out)).toBe('walled.duckdb: OK\n');
    for (const f of [out, checksumPath(out)]) fs.rmSync(f);
  });

  it('a checksum that cannot be renamed into place is reported with the way out, and leaves no temporary file', async () => {
    const out = path.join(dir, 'blocked.duckdb');
    fs.mkdirSync(path.join(checksumPath(out), 'inside'), { recursive: true }); // a folder where the checksum goes
    fs.copyFileSync(copy, `${out}.tmp-1`);
    await expect(installStatsFile(`${out}.tmp-1`, out)).rejects.toThrow(`${out} is installed but its checksum could not be written`);
    expect(
      fs
        .readdirSync(dir)
        .filter((f) => f.startsWith('blocked'))
        .sort(),
    ).toEqual(['blocked.duckdb', 'blocked.duckdb.sha256']);
    expect(fs.statSync(checksumPath(out)).isDirectory()).toBe(true);
    fs.rmSync(out);
    fs.rmSync(checksumPath(out), { recursive: true });
  });
});

/** The real server entry through tsx, up to its start-up checks (DIST_DIR holds no build: it stops after them). */
async function startServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (typeof v === 'string' && !/^(STATS_DB_|ACCOUNTS_DB_PATH$|DATABASE_URL$|PORT$|HOST$|NODE_ENV$|DIST_DIR$)/.test(k)) clean[k] = v;
  }
  // an empty SQLite database (a header, no tables): the server migrates it, then checks the stats file
  const accounts = path.join(dir, `accounts-${Date.now()}.sqlite`);
  const sqlite = new DatabaseSync(accounts);
  sqlite.exec('CREATE TABLE t (x); DROP TABLE t;');
  sqlite.close();
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/http/server.ts')], {
    env: { ...clean, ACCOUNTS_DB_PATH: accounts, DIST_DIR: path.join(dir, 'no-build'), PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.on('exit', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  return { code, stdout, stderr };
}

const refusals = (stderr: string) =>
  stderr
    .trim()
    .split('\n')
    .filter((l) => l && !l.includes('npm warn'));

describe.skipIf(!hasDb)('the real server at start-up', () => {
  it('refuses a file with one byte changed deep in it: exit 1, one line naming STATS_DB_PATH', async () => {
    await writeStatsFileChecksum(copy);
    const offset = Math.floor(fs.statSync(copy).size * 0.83);
    flipByte(copy, offset);
    try {
      const { code, stdout, stderr } = await startServer({ STATS_DB_PATH: copy });
      expect(code).toBe(1);
      expect(stdout).not.toContain('Stats:');
      expect(refusals(stderr)).toEqual([expect.stringMatching(new RegExp(`^Courtvision cannot start: STATS_DB_PATH="${copy}" is damaged: its SHA-256 is `))]);
    } finally {
      flipByte(copy, offset);
    }
  }, 60_000);

  it('passes the intact file, saying its checksum was verified', async () => {
    const { code, stdout, stderr } = await startServer({ STATS_DB_PATH: copy });
    expect(stdout).toMatch(new RegExp(`Stats: ${copy} \\(schema version \\d+; checksum verified in \\d+\\.\\d s\\)`));
    // it went on to the next check: the build, which DIST_DIR does not hold
    expect(code).toBe(1);
    expect(refusals(stderr)).toEqual([expect.stringMatching(/^Courtvision cannot start: DIST_DIR=.* holds no build/)]);
  }, 60_000);

  it('in production, refuses a file without a checksum, naming the command that adds one', async () => {
    fs.renameSync(checksumPath(copy), `${copy}.kept`);
    try {
      const { code, stderr } = await startServer({
        STATS_DB_PATH: copy,
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(44),
        SMTP_URL: 'smtp://127.0.0.1:2525',
        AUTH_URL: 'https://courtvision.test',
        BILLING_TEST_PROVIDER: '1',
      });
      expect(code).toBe(1);
      expect(refusals(stderr)).toEqual([
        `Courtvision cannot start: STATS_DB_PATH="${copy}" has no checksum (${copy}.sha256 is missing), so it cannot be checked for damage: copy its checksum file with it, rebuild it with \`npm run ingest\`, or, if you trust the file, add one with \`npm run stats:checksum -- --write ${copy}\`.`,
      ]);
    } finally {
      fs.renameSync(`${copy}.kept`, checksumPath(copy));
    }
  }, 60_000);
});
