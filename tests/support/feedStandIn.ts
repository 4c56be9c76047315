/**
 * A stand-in for the league's live-feed CDN (cdn.nba.com cannot be reached from these machines): an HTTP server
 * on 127.0.0.1 answering at the CDN's paths with the responses recorded in recorded-feed/ (README there):
 *   GET /static/json/staticData/scheduleLeagueV2.json                the 2023-24 schedule as recorded, plus
 *       the recorded game 0022000001 (GSW @ BKN) on 2020-12-22 as final, so one date has a finished game
 *   GET /static/json/liveData/playbyplay/playbyplay_0022000001.json  its recorded play-by-play
 *   GET /static/json/liveData/boxscore/boxscore_0022000001.json      its recorded box score
 * Any other game's file is a 404 (the CDN's answer for a game it has not published). Each answer carries an
 * ETag (a hash of its body) and a matching If-None-Match gets a 304, as the CDN does.
 *
 * Test controls: `url` is the base to give FEED_BASE_URL or --base; `requests` lists what was asked (path,
 * If-None-Match, User-Agent, time); `scheduleState` changes a game's status in the schedule; `plan` queues
 * one-off misbehaviours for the next requests of a path kind: 500, 429 (with Retry-After), hang (never
 * answer), cut (headers and half the body, then the connection closed), stall (headers and half the body,
 * then silence), etag (the body with another ETag),
 * 304 (whatever was asked), live (the game as the feed has it in the 3rd quarter), shorter (a valid final
 * play-by-play missing some actions), body (any text).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';

const RECORDED = path.resolve('recorded-feed');
export const RECORDED_GAME = '0022000001';
export const RECORDED_GAME_DATE = '2020-12-22';

export type Misbehaviour =
  | { kind: 500 | 502 | 503 }
  | { kind: 429; retryAfter?: string }
  | { kind: 'hang' }
  | { kind: 'cut' }
  | { kind: 'stall' }
  | { kind: 'etag'; etag: string }
  | { kind: 304 }
  | { kind: 'live' }
  | { kind: 'shorter'; drop: number }
  | { kind: 'body'; body: string };

export type PathKind = 'schedule' | 'playbyplay' | 'boxscore';

export interface FeedStandIn {
  /** The base URL the feed's paths follow (FEED_BASE_URL). */
  url: string;
  requests: { kind: PathKind | 'other'; path: string; ifNoneMatch: string | null; userAgent: string | null; at: number }[];
  /** Queue misbehaviours for the next requests of a kind, in order (each is used once). */
  plan(kind: PathKind, ...next: Misbehaviour[]): void;
  /** Changes a game's entry in the schedule (e.g. { gameStatus: 2, gameStatusText: 'Q3 5:12' }). */
  scheduleState(gameId: string, change: Record<string, unknown>): void;
  /** The recorded bodies served. */
  recorded: Record<PathKind, string>;
  close(): Promise<void>;
}

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('hex').slice(0, 20)}"`;

function withRecordedGame(
  scheduleText: string,
  boxscoreText: string,
): { leagueSchedule: { gameDates: { gameDate: string; games: Record<string, unknown>[] }[] } } {
  const schedule = JSON.parse(scheduleText);
  const box = JSON.parse(boxscoreText).game;
  const template = schedule.leagueSchedule.gameDates[0].games[0];
  const team = (t: { teamId: number; teamName: string; teamCity: string; teamTricode: string; score: number }) => ({
    ...template.homeTeam,
    teamId: t.teamId,
    teamName: t.teamName,
    teamCity: t.teamCity,
    teamTricode: t.teamTricode,
    teamSlug: t.teamName.toLowerCase(),
    score: t.score,
  });
  const game = {
    ...template,
    gameId: box.gameId,
    gameCode: box.gameCode,
    gameStatus: 3,
    gameStatusText: 'Final',
    gameDateEst: `${RECORDED_GAME_DATE}T00:00:00Z`,
    gameDateTimeEst: `${RECORDED_GAME_DATE}T19:00:00Z`,
    gameDateTimeUTC: box.gameTimeUTC,
    seriesText: '',
    arenaName: box.arena.arenaName,
    arenaCity: box.arena.arenaCity,
    arenaState: box.arena.arenaState,
    homeTeam: team(box.homeTeam),
    awayTeam: team(box.awayTeam),
  };
  schedule.leagueSchedule.gameDates.unshift({ gameDate: '12/22/2020 00:00:00', games: [game] });
  return schedule;
}

/** The recorded game as the feed shows it while it is played: the first half of its actions, gameStatus 2. */
function liveVersion(kind: 'playbyplay' | 'boxscore', text: string): string {
  const body = JSON.parse(text);
  if (kind === 'playbyplay') body.game.actions = body.game.actions.slice(0, Math.floor(body.game.actions.length / 2));
  else Object.assign(body.game, { gameStatus: 2, gameStatusText: 'Q3 5:12', period: 3 });
  return JSON.stringify(body);
}

export async function startFeedStandIn(): Promise<FeedStandIn> {
  const recorded: Record<PathKind, string> = {
    schedule: fs.readFileSync(path.join(RECORDED, 'schedule/live_nba_2023.json'), 'utf8'),
    playbyplay: fs.readFileSync(path.join(RECORDED, `pbp/live_${RECORDED_GAME}.json`), 'utf8'),
    boxscore: fs.readFileSync(path.join(RECORDED, `game_details/live_${RECORDED_GAME}.json`), 'utf8'),
  };
  const schedule = withRecordedGame(recorded.schedule, recorded.boxscore);
  const queues: Record<PathKind, Misbehaviour[]> = { schedule: [], playbyplay: [], boxscore: [] };
  const requests: FeedStandIn['requests'] = [];
  const sockets = new Set<net.Socket>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const match =
      url.pathname === '/static/json/staticData/scheduleLeagueV2.json'
        ? { kind: 'schedule' as const, game: null }
        : /^\/static\/json\/liveData\/(playbyplay|boxscore)\/\1_(\d{10})\.json$/.exec(url.pathname)?.slice(1, 3);
    const kind: PathKind | 'other' = Array.isArray(match) ? (match[0] as PathKind) : match ? match.kind : 'other';
    const game = Array.isArray(match) ? match[1]! : null;
    const ifNoneMatch = req.headers['if-none-match'] ?? null;
    requests.push({ kind, path: url.pathname, ifNoneMatch, userAgent: req.headers['user-agent'] ?? null, at: Date.now() });
    if (kind === 'other' || (game !== null && game !== RECORDED_GAME)) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"message":"not found"}');
      return;
    }
    let body = kind === 'schedule' ? JSON.stringify(schedule) : recorded[kind];
    let etag = etagOf(body);
    const misbehaviour = queues[kind].shift();
    switch (misbehaviour?.kind) {
      case 500:
      case 502:
      case 503:
        res.writeHead(misbehaviour.kind, { 'Content-Type': 'text/html' }).end('<html><body>Service unavailable</body></html>');
        return;
      case 429:
        res.writeHead(429, misbehaviour.retryAfter === undefined ? {} : { 'Retry-After': misbehaviour.retryAfter }).end();
        return;
      case 'hang':
        return; // never answers; the socket is destroyed at close()
      case 'stall':
        // Headers and half the body, then nothing more (the socket is destroyed at close()).
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ETag: etag });
        res.write(body.slice(0, Math.floor(body.length / 2)));
        return;
      case 'cut': {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ETag: etag });
        res.write(body.slice(0, Math.floor(body.length / 2)), () => res.socket?.destroy());
        return;
      }
      case 304:
        res.writeHead(304, { ETag: etag }).end();
        return;
      case 'etag':
        etag = misbehaviour.etag;
        break;
      case 'live':
        if (kind !== 'schedule') body = liveVersion(kind, body);
        etag = etagOf(body);
        break;
      case 'shorter': {
        const parsed = JSON.parse(body);
        parsed.game.actions.splice(1, misbehaviour.drop);
        body = JSON.stringify(parsed);
        etag = etagOf(body);
        break;
      }
      case 'body':
        body = misbehaviour.body;
        etag = etagOf(body);
        break;
    }
    if (ifNoneMatch !== null && ifNoneMatch === etag) {
      res.writeHead(304, { ETag: etag }).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json', ETag: etag, 'Cache-Control': 'max-age=5' }).end(body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/static/json`,
    requests,
    recorded,
    plan(kind, ...next) {
      queues[kind].push(...next);
    },
    scheduleState(gameId, change) {
      for (const day of schedule.leagueSchedule.gameDates) for (const g of day.games) if (g.gameId === gameId) Object.assign(g, change);
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
