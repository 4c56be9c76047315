/**
 * The nightly run's alert step (src/server/feed/nightly.ts step 4) on real processes: the CDN stand-in, the update
 * stand-in and the alert step's stand-in (tests/support/alertsStandIn.mjs, the contract of `npm run alerts`). The
 * step runs after the update has renamed its file over the path (it sees the new file), on every run (a run with
 * nothing new still catches up), and its failure fails the run while the updated file stays in place.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runNightly, type NightlyOptions } from '../../../../src/server/feed/nightly.ts';
import { readNightlyStatus } from '../../../../src/server/feed/nightlyStatus.ts';
import { startFeedStandIn, type FeedStandIn } from '../../../support/feedStandIn.ts';

const UPDATE = [process.execPath, path.resolve('tests/support/updateStandIn.mjs')];
const ALERTS = [process.execPath, path.resolve('tests/support/alertsStandIn.mjs')];

let cdn: FeedStandIn;
let dir: string;
let db: string;

const alertCalls = (): { db: string; ino: number | null }[] =>
  fs.existsSync(`${db}.alerts-calls.jsonl`)
    ? fs
        .readFileSync(`${db}.alerts-calls.jsonl`, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
    : [];

function options(extra: Partial<NightlyOptions> = {}): NightlyOptions {
  return {
    base: cdn.url,
    games: path.join(dir, 'games'),
    db,
    today: '2020-12-23',
    updateCommand: UPDATE,
    alertsCommand: ALERTS,
    client: { timeoutMs: 5_000, retryDelayMs: 20, minIntervalMs: 0 },
    log: pino({ level: 'silent' }),
    ...extra,
  };
}

beforeEach(async () => {
  cdn = await startFeedStandIn();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nightly-alerts-'));
  db = path.join(dir, 'stats.duckdb');
  delete process.env.ALERTS_STAND_IN;
  delete process.env.UPDATE_STAND_IN;
});
afterEach(async () => {
  delete process.env.ALERTS_STAND_IN;
  await cdn.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the alert step of npm run nightly', () => {
  it('runs on the file the update renamed into place, and again on a run with nothing new', async () => {
    const { summary, exitCode } = await runNightly(options());
    expect(exitCode).toBe(0);
    expect(summary).toMatchObject({ outcome: 'ok', update: { added: 1 }, alerts: { pending: 2, mailed: 1 } });
    expect(alertCalls()).toEqual([{ db, ino: fs.statSync(db).ino }]);
    expect(await readNightlyStatus(db)).toMatchObject({ alerts: { mailed: 1 } });
    const quiet = await runNightly(options());
    expect(quiet.summary).toMatchObject({ outcome: 'ok', update: null, alerts: { pending: 2 } });
    expect(alertCalls()).toHaveLength(2);
  });

  it('a failed alert step fails the run, names the command to run again, and leaves the updated file', async () => {
    process.env.ALERTS_STAND_IN = 'fail';
    const { summary, exitCode } = await runNightly(options());
    expect(exitCode).toBe(1);
    expect(summary).toMatchObject({ outcome: 'failed', update: { added: 1 }, alerts: null });
    expect(summary.error).toMatch(/alert step .* exited 1: the accounts database cannot be reached; the stats file is updated, run `npm run alerts` again$/);
    expect(alertCalls()).toEqual([{ db, ino: fs.statSync(db).ino }]);
  });

  it('is left out without an alerts command (--no-alerts)', async () => {
    const { summary } = await runNightly(options({ alertsCommand: null }));
    expect(summary.outcome).toBe('ok');
    expect(summary).not.toHaveProperty('alerts');
    expect(alertCalls()).toEqual([]);
  });
});
