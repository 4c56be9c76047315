/**
 * fetch-games against the feed stand-in (tests/support/feedStandIn.ts, real sockets on 127.0.0.1): the final
 * game of a date written as its file, the games not final named, and each way the CDN can misbehave (500,
 * 429 with Retry-After, a hang, a body cut short, another ETag, 304, a game still live, a shorter or foreign
 * or broken answer) ending in the right file on disk (or the old one kept) and the right summary.
 * The expected contents come from the recorded files themselves (recorded-feed/), never from our output.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { feedSource } from '../../../../src/server/feed/feedSource.ts';
import { exitCodeOf, fetchGames } from '../../../../src/server/feed/fetchGames.ts';
import { RECORDED_GAME, RECORDED_GAME_DATE, startFeedStandIn, type FeedStandIn } from '../../../support/feedStandIn.ts';

/** Quick clocks for the tests (a 1.5 s timeout: long enough for a busy machine, short for the hangs); the pacing default (1 s between requests) is checked once below. */
const QUICK = { timeoutMs: 1_500, retryDelayMs: 50, minIntervalMs: 0, maxRetryAfterMs: 5_000 };

let cdn: FeedStandIn;
let dir: string;
beforeEach(async () => {
  cdn = await startFeedStandIn();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feed-games-'));
});
afterEach(async () => {
  await cdn.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const run = (options = QUICK, date = RECORDED_GAME_DATE) => fetchGames(feedSource(cdn.url, options), date, dir);
const gameFile = () => path.join(dir, `${RECORDED_GAME}.json`);
const readGame = () => JSON.parse(fs.readFileSync(gameFile(), 'utf8'));
const pathsOf = (kind: string) => cdn.requests.filter((r) => r.kind === kind);
/** Leaves nothing but game files and the ETag store (no temporary file of a failed write). */
const leftovers = () => fs.readdirSync(dir).filter((n) => !/^\d{10}\.json$/.test(n) && n !== '.etags.json');

describe('a final game', () => {
  it('is written as one file: the play-by-play and box score the CDN sent', async () => {
    const summary = await run();
    expect(summary).toMatchObject({ date: RECORDED_GAME_DATE, games: 1, fetched: [RECORDED_GAME], replaced: [], failed: [], skipped: [] });
    expect(exitCodeOf(summary)).toBe(0);
    const game = readGame();
    expect(game.playbyplay).toEqual(JSON.parse(cdn.recorded.playbyplay));
    expect(game.boxscore).toEqual(JSON.parse(cdn.recorded.boxscore));
    // The official result: Brooklyn 125, Golden State 99, as the play-by-play's last SCORE says too.
    expect([game.boxscore.game.homeTeam.score, game.boxscore.game.awayTeam.score]).toEqual([125, 99]);
    const last = game.playbyplay.game.actions.at(-1);
    expect([last.scoreHome, last.scoreAway]).toEqual(['125', '99']);
    // Asked once each, with a User-Agent that names the site.
    expect(cdn.requests.map((r) => r.kind)).toEqual(['schedule', 'playbyplay', 'boxscore']);
    for (const r of cdn.requests) expect(r.userAgent).toMatch(/^Courtvision-stats-update\/\S+ \(.*nightly/);
    expect(leftovers()).toEqual([]);
  });

  it('is asked again with its ETags and not downloaded when unchanged (304)', async () => {
    await run();
    const before = fs.statSync(gameFile());
    const etags = pathsOf('playbyplay').length;
    const second = await run();
    expect(second).toMatchObject({ fetched: [], replaced: [], unchanged: [RECORDED_GAME], failed: [] });
    const [pbp, box] = [pathsOf('playbyplay').at(-1)!, pathsOf('boxscore').at(-1)!];
    expect(etags).toBe(1);
    expect(pbp.ifNoneMatch).toMatch(/^"[0-9a-f]{20}"$/);
    expect(box.ifNoneMatch).toMatch(/^"[0-9a-f]{20}"$/);
    expect(pbp.ifNoneMatch).not.toBe(box.ifNoneMatch);
    const after = fs.statSync(gameFile());
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  it('sends no If-None-Match when its file is gone (the ETag is only good with the file)', async () => {
    await run();
    fs.rmSync(gameFile());
    const again = await run();
    expect(again.fetched).toEqual([RECORDED_GAME]);
    expect(pathsOf('playbyplay').at(-1)!.ifNoneMatch).toBeNull();
    expect(readGame().playbyplay).toEqual(JSON.parse(cdn.recorded.playbyplay));
  });

  it('with another ETag but the same bytes is unchanged, and the new ETag is sent next time', async () => {
    await run();
    cdn.plan('playbyplay', { kind: 'etag', etag: '"moved-to-another-edge"' });
    const second = await run();
    expect(second).toMatchObject({ unchanged: [RECORDED_GAME], replaced: [] });
    await run();
    expect(pathsOf('playbyplay').at(-1)!.ifNoneMatch).toBe('"moved-to-another-edge"');
  });

  it('answered 304 without having been asked conditionally is a failure, not an empty file', async () => {
    cdn.plan('boxscore', { kind: 304 });
    const summary = await run();
    // A 304 to a plain GET carries no body: nothing to write.
    expect(summary.fetched).toEqual([]);
    expect(summary.failed).toEqual([{ game: RECORDED_GAME, reason: 'boxscore was answered 304 Not Modified without being asked conditionally' }]);
    expect(fs.existsSync(gameFile())).toBe(false);
  });
});

describe('games not final', () => {
  it('are named with their state and never asked for', async () => {
    cdn.scheduleState('0022300061', { gameDateEst: `${RECORDED_GAME_DATE}T00:00:00Z`, gameStatus: 2, gameStatusText: 'Q3 5:12' });
    cdn.scheduleState('0022300062', { gameDateEst: `${RECORDED_GAME_DATE}T00:00:00Z`, gameStatus: 1, gameStatusText: 'PPD', postponedStatus: 'P' });
    cdn.scheduleState('0022300001', { gameDateEst: `${RECORDED_GAME_DATE}T00:00:00Z`, gameStatus: 1, gameStatusText: '10:00 pm ET' });
    // A preseason game, final: the stats database keeps regular-season and playoff games only.
    cdn.scheduleState('0012300001', { gameDateEst: `${RECORDED_GAME_DATE}T00:00:00Z`, gameStatus: 3, gameStatusText: 'Final' });
    const summary = await run();
    expect(summary.fetched).toEqual([RECORDED_GAME]);
    expect(summary.skipped).toHaveLength(4);
    expect(summary.skipped).toEqual(
      expect.arrayContaining([
        { game: '0022300001', reason: expect.stringMatching(/^not started \(\w+ @ \w+, 10:00 pm ET\)$/) },
        { game: '0022300061', reason: 'in progress (LAL @ DEN, Q3 5:12)' },
        { game: '0022300062', reason: 'postponed (PHX @ GSW, PPD)' },
        { game: '0012300001', reason: 'not kept: preseason (DAL @ MIN, Final)' },
      ]),
    );
    expect(exitCodeOf(summary)).toBe(0);
    expect(cdn.requests.filter((r) => /00[12]23/.test(r.path))).toEqual([]);
  });

  it('a game the schedule calls final while its box score is still live is refused, the file there kept', async () => {
    await run();
    const kept = fs.readFileSync(gameFile(), 'utf8');
    cdn.plan('playbyplay', { kind: 'live' });
    cdn.plan('boxscore', { kind: 'live' });
    const summary = await run();
    expect(summary.failed).toEqual([{ game: RECORDED_GAME, reason: expect.stringMatching(/not final.*kept/) }]);
    expect(exitCodeOf(summary)).toBe(2);
    expect(fs.readFileSync(gameFile(), 'utf8')).toBe(kept);
  });

  it('a live game is not written when there is no file yet either', async () => {
    cdn.plan('boxscore', { kind: 'live' });
    const summary = await run();
    expect(summary.failed).toEqual([{ game: RECORDED_GAME, reason: 'boxscore says the game is not final (gameStatus 2)' }]);
    expect(fs.existsSync(gameFile())).toBe(false);
  });
});

describe('a misbehaving CDN', () => {
  it('500 twice, then the file: three tries, written', async () => {
    cdn.plan('playbyplay', { kind: 500 }, { kind: 502 });
    const summary = await run();
    expect(summary.fetched).toEqual([RECORDED_GAME]);
    expect(pathsOf('playbyplay')).toHaveLength(3);
    // Backoff: 50 ms, then 100 ms.
    const [a, b, c] = pathsOf('playbyplay').map((r) => r.at);
    expect(b! - a!).toBeGreaterThanOrEqual(45);
    expect(c! - b!).toBeGreaterThanOrEqual(95);
  });

  it('500 three times: failed after three tries, the file there kept', async () => {
    await run();
    const kept = fs.readFileSync(gameFile(), 'utf8');
    const before = pathsOf('boxscore').length;
    cdn.plan('boxscore', { kind: 500 }, { kind: 503 }, { kind: 500 });
    const summary = await run();
    expect(summary.failed).toEqual([{ game: RECORDED_GAME, reason: expect.stringMatching(/boxscore_0022000001\.json: HTTP 500 \(after 3 tries\)/) }]);
    expect(pathsOf('boxscore').length - before).toBe(3);
    expect(fs.readFileSync(gameFile(), 'utf8')).toBe(kept);
  });

  it('429 with Retry-After: waits what it says before asking again', async () => {
    cdn.plan('playbyplay', { kind: 429, retryAfter: '1' });
    const summary = await run();
    expect(summary.fetched).toEqual([RECORDED_GAME]);
    const [a, b] = pathsOf('playbyplay').map((r) => r.at);
    expect(b! - a!).toBeGreaterThanOrEqual(950);
  });

  it('a hang is a timeout, retried', async () => {
    cdn.plan('boxscore', { kind: 'hang' });
    const summary = await run();
    expect(summary.fetched).toEqual([RECORDED_GAME]);
    const [a, b] = pathsOf('boxscore').map((r) => r.at);
    expect(b! - a!).toBeGreaterThanOrEqual(1_450);
  });

  it('three hangs: failed as timed out, nothing written', async () => {
    cdn.plan('boxscore', { kind: 'hang' }, { kind: 'hang' }, { kind: 'hang' });
    const summary = await run();
    expect(summary.failed).toEqual([{ game: RECORDED_GAME, reason: expect.stringMatching(/timed out \(after 3 tries\)/) }]);
    expect(pathsOf('boxscore')).toHaveLength(3);
    expect(fs.existsSync(gameFile())).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('a body that stops coming is a timeout, retried', async () => {
    cdn.plan('playbyplay', { kind: 'stall' });
    const summary = await run();
    expect(summary.fetched).toEqual([RECORDED_GAME]);
    const [a, b] = pathsOf('playbyplay').map((r) => r.at);
    expect(b! - a!).toBeGreaterThanOrEqual(1_450);
    expect(readGame().playbyplay).toEqual(JSON.parse(cdn.recorded.playbyplay));
  });

  it('a body cut short is retried; cut three times, nothing is written', async () => {
    cdn.plan('playbyplay', { kind: 'cut' });
    expect((await run()).fetched).toEqual([RECORDED_GAME]);
    expect(readGame().playbyplay).toEqual(JSON.parse(cdn.recorded.playbyplay));
    fs.rmSync(gameFile());
    cdn.plan('playbyplay', { kind: 'cut' }, { kind: 'cut' }, { kind: 'cut' });
    const summary = await run();
    expect(summary.failed).toEqual([{ game: RECORDED_GAME, reason: expect.stringMatching(/connection cut.*after 3 tries/) }]);
    expect(fs.existsSync(gameFile())).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('an answer that does not parse, or is another game, never replaces the file', async () => {
    await run();
    const kept = fs.readFileSync(gameFile(), 'utf8');
    cdn.plan('playbyplay', { kind: 'body', body: cdn.recorded.playbyplay.slice(0, 5000) });
    let summary = await run();
    expect(summary.failed).toEqual([{ game: RECORDED_GAME, reason: expect.stringMatching(/^playbyplay does not parse.*kept/) }]);
    const other = JSON.parse(cdn.recorded.boxscore);
    other.game.gameId = '0022000002';
    cdn.plan('boxscore', { kind: 'body', body: JSON.stringify(other) });
    summary = await run();
    expect(summary.failed).toEqual([{ game: RECORDED_GAME, reason: expect.stringMatching(/^boxscore is of game "0022000002", not 0022000001/) }]);
    expect(fs.readFileSync(gameFile(), 'utf8')).toBe(kept);
  });

  it('a shorter play-by-play never replaces a longer one; a correction of the same length does', async () => {
    await run();
    const kept = fs.readFileSync(gameFile(), 'utf8');
    const actions = JSON.parse(cdn.recorded.playbyplay).game.actions.length;
    cdn.plan('playbyplay', { kind: 'shorter', drop: 3 });
    const summary = await run();
    expect(summary.failed).toEqual([
      { game: RECORDED_GAME, reason: `playbyplay has ${actions - 3} actions, fewer than the ${actions} of the file there, which is kept` },
    ]);
    expect(fs.readFileSync(gameFile(), 'utf8')).toBe(kept);
    // The league corrects a description: same actions, new bytes: replaced.
    const corrected = JSON.parse(cdn.recorded.playbyplay);
    corrected.game.actions[10].description += ' (corrected)';
    cdn.plan('playbyplay', { kind: 'body', body: JSON.stringify(corrected) });
    const fixed = await run();
    expect(fixed).toMatchObject({ replaced: [RECORDED_GAME], failed: [] });
    expect(readGame().playbyplay.game.actions[10].description).toMatch(/\(corrected\)$/);
  });

  it('the schedule failing three times stops the run with its reason', async () => {
    cdn.plan('schedule', { kind: 500 }, { kind: 500 }, { kind: 500 });
    await expect(run()).rejects.toThrow(/scheduleLeagueV2\.json: HTTP 500 \(after 3 tries\)/);
    expect(pathsOf('playbyplay')).toEqual([]);
  });
});

describe('with the default clocks', () => {
  it('asks at most once a second, retries included', async () => {
    cdn.plan('playbyplay', { kind: 503 });
    const summary = await run({ ...QUICK, minIntervalMs: 1_000, retryDelayMs: 10 });
    expect(summary.fetched).toEqual([RECORDED_GAME]);
    const times = cdn.requests.map((r) => r.at);
    expect(times).toHaveLength(4);
    // Spaced by the client at 1,000 ms from start to start; arrival here varies by a few ms (the first request
    // also opens the connection). Unpaced, they arrive within ~20 ms of each other.
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(950);
  });
});

describe('a file: base (the embedded default reads recorded-feed/ this way)', () => {
  it('reads the recorded folder layout without a request', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'feed-folder-'));
    try {
      for (const sub of ['schedule', 'pbp', 'game_details']) fs.mkdirSync(path.join(folder, sub));
      // The stand-in's schedule (the recorded one with the recorded game final on its date).
      fs.writeFileSync(path.join(folder, 'schedule/live_nba_2020.json'), await (await fetch(`${cdn.url}/staticData/scheduleLeagueV2.json`)).text());
      fs.copyFileSync(`recorded-feed/pbp/live_${RECORDED_GAME}.json`, path.join(folder, `pbp/live_${RECORDED_GAME}.json`));
      fs.copyFileSync(`recorded-feed/game_details/live_${RECORDED_GAME}.json`, path.join(folder, `game_details/live_${RECORDED_GAME}.json`));
      const source = feedSource(`file:${folder}`);
      const summary = await fetchGames(source, RECORDED_GAME_DATE, dir);
      expect(summary).toMatchObject({ fetched: [RECORDED_GAME], requests: 0, base: `file:${folder}` });
      expect(readGame().boxscore).toEqual(JSON.parse(cdn.recorded.boxscore));
      // The committed recorded-feed/ itself: the 2023-24 schedule before its first game, nothing final.
      const recorded = await fetchGames(feedSource('file:recorded-feed'), '2023-10-24', dir);
      expect(recorded).toMatchObject({ games: 2, fetched: [], failed: [], requests: 0 });
      expect(recorded.skipped.map((s) => s.reason)).toEqual(['not started (LAL @ DEN, 7:30 pm ET)', 'not started (PHX @ GSW, 10:00 pm ET)']);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
