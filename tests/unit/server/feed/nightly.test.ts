/**
 * The nightly run (src/server/feed/nightly.ts) end to end on real processes: the CDN stand-in on 127.0.0.1,
 * the update as a child process (tests/support/updateStandIn.mjs: the documented contract of
 * `npm run update`, recording how it was called) and a process that counts SIGHUPs on its /readyz
 * (tests/support/sighupRecorder.mjs). What is checked: yesterday's and today's games fetched, the update run on
 * them, the server signalled and the switch confirmed; each failure (feed down, update failing or silent, the
 * server refusing) stops the run with exit 1, an error-level log line and a 'failed' status beside the file,
 * and the server is not signalled.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runDates, runNightly, type NightlyOptions } from '../../../../src/server/feed/nightly.ts';
import { readNightlyStatus, type NightlyStatus } from '../../../../src/server/feed/nightlyStatus.ts';
import { easternDate } from '../../../../src/server/feed/schedule.ts';
import { RECORDED_GAME, RECORDED_GAME_DATE, startFeedStandIn, type FeedStandIn } from '../../../support/feedStandIn.ts';

const UPDATE = [process.execPath, path.resolve('tests/support/updateStandIn.mjs')];

let cdn: FeedStandIn;
let dir: string;
let db: string;
let lines: { level: number; msg: string; error?: string }[];
let server: { child: ChildProcess; pid: number; url: string } | null;

async function startRecorder(env: Record<string, string> = {}): Promise<{ child: ChildProcess; pid: number; url: string }> {
  const child = spawn(process.execPath, ['tests/support/sighupRecorder.mjs'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout!.once('data', (c: Buffer) => resolve(c.toString().trim())));
  return { child, pid: child.pid!, url: `http://127.0.0.1:${port}` };
}
const fileNumber = async () => ((await (await fetch(`${server!.url}/readyz`)).json()) as { stats: { file: number } }).stats.file;
const updateCalls = () =>
  fs.existsSync(`${db}.update-calls.jsonl`)
    ? fs
        .readFileSync(`${db}.update-calls.jsonl`, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
    : [];

function options(extra: Partial<NightlyOptions> = {}): NightlyOptions {
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return {
    base: cdn.url,
    games: path.join(dir, 'games'),
    db,
    today: '2020-12-23',
    updateCommand: UPDATE,
    client: { timeoutMs: 5_000, retryDelayMs: 20, minIntervalMs: 0 },
    log,
    ...(server ? { server: { pid: server.pid, url: server.url, waitMs: 3_000 } } : {}),
    ...extra,
  };
}

beforeEach(async () => {
  cdn = await startFeedStandIn();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nightly-'));
  db = path.join(dir, 'stats.duckdb');
  lines = [];
  server = null;
  delete process.env.UPDATE_STAND_IN;
});
afterEach(async () => {
  server?.child.kill('SIGTERM');
  delete process.env.UPDATE_STAND_IN;
  await cdn.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run nightly', () => {
  it("fetches yesterday's and today's games, updates the file from them and switches the server", async () => {
    server = await startRecorder();
    const { summary, exitCode } = await runNightly(options());
    expect(exitCode).toBe(0);
    expect(summary).toMatchObject({ outcome: 'ok', dates: [RECORDED_GAME_DATE, '2020-12-23'], update: { added: 1, replaced: 0, skipped: [] }, switched: true });
    expect(summary.fetch).toMatchObject([
      { date: RECORDED_GAME_DATE, fetched: [RECORDED_GAME] },
      { date: '2020-12-23', games: 0 },
    ]);
    expect(updateCalls()).toEqual([{ db, source: path.join(dir, 'games'), games: [RECORDED_GAME] }]);
    expect(await fileNumber()).toBe(2);
    expect(await readNightlyStatus(db)).toMatchObject({ outcome: 'ok', switched: true });
    // The schedule is read once per run: the second date asks with its ETag and gets a 304.
    const schedules = cdn.requests.filter((r) => r.kind === 'schedule');
    expect(schedules.map((r) => r.ifNoneMatch === null)).toEqual([true, false]);
  });

  it('a first run with nothing to fetch and no game file does not run the update; with game files there it does', async () => {
    const empty = await runNightly(options({ today: '2020-12-30' }));
    expect(empty).toMatchObject({ exitCode: 0, summary: { outcome: 'ok', update: null } });
    expect(updateCalls()).toEqual([]);
    fs.rmSync(`${db}.nightly.json`);
    const handFetched = path.join(dir, 'games', `${RECORDED_GAME}.json`);
    fs.writeFileSync(handFetched, `{"playbyplay":${cdn.recorded.playbyplay},"boxscore":${cdn.recorded.boxscore}}\n`);
    const first = await runNightly(options({ today: '2020-12-30' }));
    expect(first.summary.update).toMatchObject({ added: 1 });
    expect(updateCalls()).toHaveLength(1);
  });

  it('with nothing new after a good run leaves the file alone; after a failed run it updates again', async () => {
    await runNightly(options());
    const quiet = await runNightly(options());
    expect(quiet.exitCode).toBe(0);
    expect(quiet.summary.update).toBeNull();
    expect(updateCalls()).toHaveLength(1);
    process.env.UPDATE_STAND_IN = 'fail';
    fs.rmSync(path.join(dir, 'games', `${RECORDED_GAME}.json`));
    const failed = await runNightly(options());
    expect(failed.exitCode).toBe(1);
    // A failed run carries over when a run last went through (the quiet one).
    expect(failed.summary.lastSuccessAt).toBe(quiet.summary.at);
    delete process.env.UPDATE_STAND_IN;
    const retried = await runNightly(options());
    expect(retried.summary.fetch).toMatchObject([{ unchanged: [RECORDED_GAME] }, {}]);
    expect(retried.summary.update).toMatchObject({ added: 1 });
    expect(updateCalls()).toHaveLength(3);
    // The failed run in between kept the time of the first run, the last one that went through.
    expect(retried.summary.lastSuccessAt).toBe(retried.summary.at);
  });

  it('an update that fails stops the run: exit 1, logged at error level, no signal to the server', async () => {
    server = await startRecorder();
    process.env.UPDATE_STAND_IN = 'fail';
    const { summary, exitCode } = await runNightly(options());
    expect(exitCode).toBe(1);
    expect(summary).toMatchObject({
      outcome: 'failed',
      switched: null,
      error: expect.stringMatching(/update.*exited 1: the stats file is locked by another update$/),
    });
    expect(await fileNumber()).toBe(1);
    expect(lines.find((l) => l.level === 50)).toMatchObject({ msg: 'nightly update failed: the served stats file is as it was', error: summary.error });
    expect(await readNightlyStatus(db)).toMatchObject({ outcome: 'failed', error: summary.error, lastSuccessAt: null });
  });

  it('an update that ends without its summary line is a failure', async () => {
    process.env.UPDATE_STAND_IN = 'silent';
    const { summary, exitCode } = await runNightly(options());
    expect(exitCode).toBe(1);
    expect(summary.error).toMatch(/exited 0 without its summary line/);
  });

  it('games the update skipped make the run partial: exit 2; no new file, no signal', async () => {
    server = await startRecorder();
    process.env.UPDATE_STAND_IN = 'skip';
    const { summary, exitCode } = await runNightly(options());
    expect(exitCode).toBe(2);
    expect(summary).toMatchObject({ outcome: 'partial', switched: null, update: { added: 0, skipped: [{ game: RECORDED_GAME, reason: 'box_score' }] } });
    expect(await fileNumber()).toBe(1);
  });

  it('a server that does not switch (it refused the file) fails the run', async () => {
    server = await startRecorder({ REFUSE: '1' });
    const { summary, exitCode } = await runNightly(options());
    expect(exitCode).toBe(1);
    expect(summary).toMatchObject({ switched: false, error: expect.stringMatching(/did not switch to the updated file/) });
  });

  it('the feed down stops the run before the update', async () => {
    cdn.plan('schedule', { kind: 503 }, { kind: 503 }, { kind: 503 });
    const { summary, exitCode } = await runNightly(options());
    expect(exitCode).toBe(1);
    expect(summary.error).toMatch(/^fetching the games of 2020-12-22 from http:\/\/127\.0\.0\.1:\d+\/static\/json: .*HTTP 503 \(after 3 tries\)/);
    expect(updateCalls()).toEqual([]);
  });
});

describe("the league's dates (US Eastern)", () => {
  it('are five hours behind UTC in winter and four in summer', () => {
    expect(easternDate(new Date('2026-11-29T04:59:00Z'))).toBe('2026-11-28');
    expect(easternDate(new Date('2026-11-29T05:00:00Z'))).toBe('2026-11-29');
    expect(easternDate(new Date('2026-07-01T03:59:00Z'))).toBe('2026-06-30');
    expect(easternDate(new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
  });
});

describe('its command line', () => {
  async function cli(argv: string[]): Promise<{ code: number; line: Record<string, unknown> }> {
    const { nightlyCli } = await import('../../../../src/server/feed/nightlyCli.ts');
    const printed: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((text: string) => void printed.push(text));
    try {
      const code = await nightlyCli(argv, { feedBaseUrl: cdn.url, statsDbPath: db, logLevel: 'silent', authUrl: '' }, UPDATE);
      expect(printed).toHaveLength(1);
      return { code, line: JSON.parse(printed[0]!) };
    } finally {
      log.mockRestore();
    }
  }

  it('refuses bad arguments before any request, naming them', async () => {
    const cases: [string[], RegExp][] = [
      [['--today', '2020-02-30'], /^--today "2020-02-30" is not a date/],
      [['--pid', '12', '--pid-file', '/run/x.pid'], /both given/],
      [['--pid', 'abc'], /"abc" is not a process id/],
      [['--pid-file', path.join(dir, 'missing.pid')], /--pid-file .* cannot be read \(ENOENT\)/],
      [['--pid', '12', '--server', 'localhost:4321'], /--server "localhost:4321" is not a server URL/],
      [['--server', 'http://127.0.0.1:4321'], /--server needs --pid or --pid-file/],
      [['--base', 'cdn.nba.com'], /^--base "cdn\.nba\.com" is not valid/],
      [['--dates', '2'], /Unknown option '--dates'/],
    ];
    for (const [argv, message] of cases) {
      const { code, line } = await cli(argv);
      expect(code).toBe(1);
      expect(line.error).toMatch(message);
    }
    expect(cdn.requests).toEqual([]);
  });

  it('runs with the defaults given and prints the summary line', async () => {
    server = await startRecorder();
    fs.writeFileSync(path.join(dir, 'server.pid'), `${server.pid}\n`);
    const { code, line } = await cli([
      '--today',
      '2020-12-23',
      '--games',
      path.join(dir, 'games'),
      '--pid-file',
      path.join(dir, 'server.pid'),
      '--server',
      server.url,
    ]);
    expect(code).toBe(0);
    expect(line).toMatchObject({ outcome: 'ok', dates: ['2020-12-22', '2020-12-23'], switched: true, update: { added: 1 } });
    expect(typeof line.seconds).toBe('number');
  });
});

describe('the dates a run fetches', () => {
  const status = (dates: string[], failedOn: string[] = []): NightlyStatus => ({
    at: '2026-11-25T09:00:00.000Z',
    outcome: failedOn.length ? 'partial' : 'ok',
    dates,
    fetch: dates.map((date) => ({ date, failed: failedOn.includes(date) ? [{ game: '0022600200', reason: 'boxscore is not published (404)' }] : [] })),
    update: null,
    switched: null,
    lastSuccessAt: '2026-11-25T09:00:00.000Z',
  });

  it('are yesterday and today after a run the night before, or with no run before', () => {
    expect(runDates('2026-11-28', null)).toEqual(['2026-11-27', '2026-11-28']);
    expect(runDates('2026-11-28', status(['2026-11-26', '2026-11-27']))).toEqual(['2026-11-27', '2026-11-28']);
    expect(runDates('2026-03-01', status(['2026-02-27', '2026-02-28']))).toEqual(['2026-02-28', '2026-03-01']);
  });

  it('reach back to the last run after missed nights, and to a date whose game failed', () => {
    expect(runDates('2026-11-28', status(['2026-11-24', '2026-11-25']))).toEqual(['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
    expect(runDates('2026-11-28', status(['2026-11-26', '2026-11-27'], ['2026-11-26']))).toEqual(['2026-11-26', '2026-11-27', '2026-11-28']);
  });

  it('at most a week back', () => {
    expect(runDates('2026-11-28', status(['2026-10-01', '2026-10-02']))).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
  });

  it('a run after a missed night fetches the missed date from the feed', async () => {
    await runNightly(options({ today: '2020-12-20' }));
    const { summary } = await runNightly(options({ today: '2020-12-23' }));
    expect(summary.dates).toEqual(['2020-12-20', '2020-12-21', '2020-12-22', '2020-12-23']);
    expect(summary.fetch).toMatchObject([{}, {}, { date: RECORDED_GAME_DATE, fetched: [RECORDED_GAME] }, {}]);
  });
});
