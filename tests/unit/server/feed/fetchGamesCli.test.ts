/**
 * `npm run fetch-games` as an operator runs it (scripts/fetch-games.ts spawned, the stand-in CDN on
 * 127.0.0.1, the default clocks): one JSON line on stdout and the exit code, 0 when every final game is in,
 * 2 when one failed, 1 when nothing could be done; FEED_BASE_URL is the default base and is validated.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDED_GAME, RECORDED_GAME_DATE, startFeedStandIn, type FeedStandIn } from '../../../support/feedStandIn.ts';

function fetchGames(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; lines: string[]; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/fetch-games.ts', ...args], {
    env: { ...process.env, FEED_BASE_URL: '', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, lines: stdout.trim().split('\n'), stderr })));
}

let cdn: FeedStandIn;
let dir: string;
beforeAll(async () => {
  cdn = await startFeedStandIn();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feed-cli-'));
});
afterAll(async () => {
  await cdn.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run fetch-games', () => {
  it('exits 0 with one JSON line when the final game is in', async () => {
    const run = await fetchGames(['--date', RECORDED_GAME_DATE, '--out', dir, '--base', cdn.url], { AUTH_URL: 'https://stats.example.org' });
    expect(run.code).toBe(0);
    // Where to reach the site that asks: its public URL.
    expect(cdn.requests.at(-1)!.userAgent).toBe(
      'Courtvision-stats-update/1.0 (nightly fetch of finished games; one request a second; +https://stats.example.org/about)',
    );
    expect(run.lines).toHaveLength(1);
    expect(JSON.parse(run.lines[0]!)).toMatchObject({ date: RECORDED_GAME_DATE, base: cdn.url, fetched: [RECORDED_GAME], failed: [], requests: 3 });
    expect(JSON.parse(fs.readFileSync(path.join(dir, `${RECORDED_GAME}.json`), 'utf8')).boxscore.game.gameId).toBe(RECORDED_GAME);
  });

  it('reads FEED_BASE_URL when no --base is given, and exits 2 when a final game fails', async () => {
    cdn.plan('boxscore', { kind: 'live' });
    const run = await fetchGames(['--date', RECORDED_GAME_DATE, '--out', dir], { FEED_BASE_URL: cdn.url });
    expect(run.code).toBe(2);
    expect(JSON.parse(run.lines[0]!)).toMatchObject({ base: cdn.url, failed: [{ game: RECORDED_GAME, reason: expect.stringMatching(/not final/) }] });
  });

  it('exits 1 naming the problem: the schedule down, a bad date, a bad base', async () => {
    cdn.plan('schedule', { kind: 500 }, { kind: 500 }, { kind: 500 });
    const down = await fetchGames(['--date', RECORDED_GAME_DATE, '--out', dir, '--base', cdn.url]);
    expect(down.code).toBe(1);
    expect(JSON.parse(down.lines[0]!).error).toMatch(/scheduleLeagueV2\.json: HTTP 500 \(after 3 tries\)/);
    const before = cdn.requests.length;
    const badDate = await fetchGames(['--date', '2023-13-01', '--out', dir, '--base', cdn.url]);
    expect([badDate.code, JSON.parse(badDate.lines[0]!).error]).toEqual([1, '--date "2023-13-01" is not a date: expected YYYY-MM-DD']);
    const badBase = await fetchGames(['--date', RECORDED_GAME_DATE, '--out', dir, '--base', 'cdn.nba.com']);
    expect(badBase.code).toBe(1);
    expect(JSON.parse(badBase.lines[0]!).error).toMatch(/^--base "cdn\.nba\.com" is not valid/);
    expect(cdn.requests.length).toBe(before);
    const badEnv = await fetchGames(['--date', RECORDED_GAME_DATE, '--out', dir], { FEED_BASE_URL: 'ftp://cdn' });
    expect(badEnv.code).toBe(1);
    expect(badEnv.stderr).toMatch(/FEED_BASE_URL="ftp:\/\/cdn" is not valid/);
  });
});
