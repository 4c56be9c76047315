/**
 * Where the league's live feeds are read: one interface (FeedSource) over the two kinds of FEED_BASE_URL.
 *
 * - An http(s):// base: the CDN's own paths under it, e.g. with https://cdn.nba.com/static/json
 *     staticData/scheduleLeagueV2.json                 the season's schedule
 *     liveData/playbyplay/playbyplay_0022000001.json    a game's play-by-play
 *     liveData/boxscore/boxscore_0022000001.json        its box score
 *   read through feedClient.ts (timeouts, retries, pacing, conditional requests).
 * - A file: base: a folder of recorded responses laid out as recorded-feed/ (pbpstats' data folder):
 *     schedule/live_nba_2023.json (the latest season's file is the schedule), pbp/live_{gameId}.json,
 *     game_details/live_{gameId}.json
 *   read from disk, never the network: the embedded default (FEED_BASE_URL unset outside production) is
 *   file:recorded-feed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FeedClient, type FeedClientOptions, type FeedResponse } from './feedClient.ts';

export type FeedResource = { kind: 'schedule' } | { kind: 'playbyplay' | 'boxscore'; gameId: string };

/** A game id as the league writes it: ten digits, e.g. 0022000001 (00 league, 2 regular season, 20 the 2020-21 season). */
export const GAME_ID = /^\d{10}$/;

export interface FeedSource {
  /** What the base says, for the summary. */
  readonly base: string;
  /** The resource's body, or 'unchanged' when etag is still current (a 304). */
  get(resource: FeedResource, etag?: string): Promise<FeedResponse>;
  /** Requests made on the network so far (0 for a folder). */
  readonly requests: number;
}

/** The resource's path under an http(s) base (the CDN's layout). */
export function cdnPath(resource: FeedResource): string {
  if (resource.kind === 'schedule') return 'staticData/scheduleLeagueV2.json';
  if (!GAME_ID.test(resource.gameId)) throw new Error(`not a game id: ${JSON.stringify(resource.gameId)}`);
  return resource.kind === 'playbyplay' ? `liveData/playbyplay/playbyplay_${resource.gameId}.json` : `liveData/boxscore/boxscore_${resource.gameId}.json`;
}

class HttpSource implements FeedSource {
  private readonly client: FeedClient;
  /** The schedule as last received: asked again conditionally within one run (a night reads it for two dates). */
  private schedule: { body: string; etag: string } | null = null;
  constructor(
    readonly base: string,
    options: FeedClientOptions,
  ) {
    this.client = new FeedClient(options);
  }
  get requests(): number {
    return this.client.requests;
  }
  async get(resource: FeedResource, etag?: string): Promise<FeedResponse> {
    if (resource.kind !== 'schedule') return this.client.get(`${this.base}/${cdnPath(resource)}`, etag);
    const kept = this.schedule;
    const answer = await this.client.get(`${this.base}/${cdnPath(resource)}`, kept?.etag);
    if (answer.status === 'unchanged' && kept) return { status: 'ok', body: kept.body, etag: kept.etag, url: answer.url };
    this.schedule = answer.status === 'ok' && answer.etag ? { body: answer.body, etag: answer.etag } : null;
    return answer;
  }
}

/** A folder of recorded responses (recorded-feed/'s layout); a missing file is a 404 as the CDN would answer. */
class FolderSource implements FeedSource {
  readonly requests = 0;
  private readonly folder: string;
  constructor(readonly base: string) {
    const rest = base.slice('file:'.length);
    this.folder = rest.startsWith('//') ? fileURLToPath(base) : path.resolve(rest);
  }
  private async file(resource: FeedResource): Promise<string | null> {
    if (resource.kind === 'schedule') {
      const names = await fs.readdir(path.join(this.folder, 'schedule')).catch(() => [] as string[]);
      const latest = names
        .filter((n) => /^live_nba_\d{4}\.json$/.test(n))
        .sort()
        .at(-1);
      return latest ? path.join(this.folder, 'schedule', latest) : null;
    }
    if (!GAME_ID.test(resource.gameId)) throw new Error(`not a game id: ${JSON.stringify(resource.gameId)}`);
    return path.join(this.folder, resource.kind === 'playbyplay' ? 'pbp' : 'game_details', `live_${resource.gameId}.json`);
  }
  async get(resource: FeedResource): Promise<FeedResponse> {
    const file = await this.file(resource);
    const body = file ? await fs.readFile(file, 'utf8').catch(() => null) : null;
    if (body === null) return { status: 'missing', url: `${this.base}/${resource.kind}` };
    return { status: 'ok', body, etag: null, url: file! };
  }
}

export function feedSource(base: string, options: FeedClientOptions = {}): FeedSource {
  return base.startsWith('file:') ? new FolderSource(base) : new HttpSource(base.replace(/\/+$/, ''), options);
}
