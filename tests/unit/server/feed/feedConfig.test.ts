/**
 * FEED_BASE_URL (src/server/config.ts): the league's CDN only in production; everywhere else, unset, the
 * committed recorded responses, so `npm start` and the tests never reach the network; a bad value is refused
 * naming the variable.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../../../src/server/config.ts';
import { feedSource } from '../../../../src/server/feed/feedSource.ts';

const PRODUCTION = { NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(40) };

describe('FEED_BASE_URL', () => {
  it('defaults to the CDN in production and to the recorded folder elsewhere', () => {
    expect(readConfig(PRODUCTION).feedBaseUrl).toBe('https://cdn.nba.com/static/json');
    expect(readConfig({}).feedBaseUrl).toBe('file:recorded-feed');
    expect(readConfig({ NODE_ENV: 'development' }).feedBaseUrl).toBe('file:recorded-feed');
    expect(readConfig({ NODE_ENV: 'test' }).feedBaseUrl).toBe('file:recorded-feed');
  });

  it('takes an http(s) base (trailing slash dropped) or a file: folder', () => {
    expect(readConfig({ ...PRODUCTION, FEED_BASE_URL: 'http://127.0.0.1:9999/static/json/' }).feedBaseUrl).toBe('http://127.0.0.1:9999/static/json');
    expect(readConfig({ FEED_BASE_URL: 'file:/srv/feed-mirror' }).feedBaseUrl).toBe('file:/srv/feed-mirror');
  });

  it.each(['cdn.nba.com', 'ftp://cdn.nba.com', 'https://', 'https://cdn.nba.com/static json', 'file:'])('refuses %j naming the variable', (value) => {
    expect(() => readConfig({ FEED_BASE_URL: value })).toThrow(ConfigError);
    expect(() => readConfig({ FEED_BASE_URL: value })).toThrow(/^FEED_BASE_URL=.* is not valid .*expected an http:\/\/ or https:\/\/ URL/);
  });

  it('the default outside production reads the committed files without a request', async () => {
    const source = feedSource(readConfig({}).feedBaseUrl);
    const schedule = await source.get({ kind: 'schedule' });
    expect(schedule.status).toBe('ok');
    expect(JSON.parse((schedule as { body: string }).body).leagueSchedule.seasonYear).toBe('2023-24');
    expect(await source.get({ kind: 'playbyplay', gameId: '0022000001' })).toMatchObject({ status: 'ok' });
    expect(await source.get({ kind: 'boxscore', gameId: '0022300061' })).toMatchObject({ status: 'missing' });
    expect(source.requests).toBe(0);
  });
});
