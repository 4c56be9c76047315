/**
 * A throwaway PostgreSQL cluster for the tests, from Debian's packages (`apt-get install -y postgresql`):
 * `initdb` in a new temporary folder, `pg_ctl start` on a free port of 127.0.0.1 (trust authentication;
 * no fsync unless `durable`: nothing here needs to survive), `stop()` shuts it down and deletes the folder.
 * PostgreSQL refuses to run as root, so as root the binaries run as the `postgres` user (runuser) and the
 * folder belongs to that user.
 * Used by scripts/test-all.mjs (one cluster for the whole `npm test`, passed on as TEST_DATABASE_URL), by the
 * vitest global setup and by the two-node Playwright spec when no TEST_DATABASE_URL is given.
 * Plain TypeScript with erasable syntax only, so Node runs it directly from the .mjs test runner.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './lib/freePort.ts';

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres: the superuser on the maintenance database. */
  url: string;
  port: number;
  dir: string;
  stop(): void;
}

/** The bin folder of the newest PostgreSQL installed by Debian's packages (or PG_BIN_DIR). */
export function findPgBinDir(): string {
  const candidates = process.env.PG_BIN_DIR
    ? [process.env.PG_BIN_DIR]
    : (fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : [])
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => `/usr/lib/postgresql/${v}/bin`);
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')));
  if (!found) {
    throw new Error('PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin): apt-get install -y postgresql');
  }
  return found;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Ports to try: PG_TEST_PORTS ("5440-5449") when set, else one the operating system says is free. */
async function candidatePorts(): Promise<number[]> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.PG_TEST_PORTS ?? '');
  if (!range) return [await freePort(), await freePort()];
  const ports: number[] = [];
  for (let p = Number(range[1]); p <= Number(range[2]); p++) ports.push(p);
  return ports;
}

/** durable: keep PostgreSQL's fsync and synchronous commit (for benchmarks); the tests turn them off. */
export async function startPgCluster(options: { durable?: boolean } = {}): Promise<PgCluster> {
  const bin = findPgBinDir();
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]): SpawnSyncReturns<string> => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] : [path.join(bin, command), args];
    return spawnSync(file, argv, { encoding: 'utf8', timeout: 120_000 });
  };
  const fail = (what: string, result: SpawnSyncReturns<string>) =>
    new Error(`PostgreSQL test cluster: ${what} failed (${result.error?.message ?? `exit ${result.status}`}): ${result.stderr || result.stdout}`.trim());

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-pg-'));
  if (asRoot) {
    const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const uid = id('-u');
    if (!Number.isInteger(uid) || uid <= 0) throw new Error('PostgreSQL test cluster: there is no postgres user (apt-get install -y postgresql creates it)');
    fs.chownSync(dir, uid, id('-g'));
  }
  const data = path.join(dir, 'data');
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  const init = run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  if (init.status !== 0) {
    removeDir();
    throw fail('initdb', init);
  }
  let lastError: Error | null = null;
  for (const port of await candidatePorts()) {
    if (!(await portIsFree(port))) continue;
    const fast = options.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
    const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200${fast}`;
    const start = run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-o', serverOptions, '-w', '-t', '60', 'start']);
    if (start.status === 0) {
      let stopped = false;
      const stop = () => {
        if (stopped) return;
        stopped = true;
        process.off('exit', stop);
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        removeDir();
      };
      // Also stopped when the process that started it exits without calling stop() (a crash, process.exit).
      process.on('exit', stop);
      return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, stop };
    }
    const log = fs.existsSync(path.join(dir, 'server.log')) ? fs.readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-2000) : '';
    lastError = fail(`pg_ctl start on port ${port}`, { ...start, stderr: `${start.stderr}\n${log}` });
  }
  removeDir();
  throw lastError ?? new Error('PostgreSQL test cluster: no free port');
}
