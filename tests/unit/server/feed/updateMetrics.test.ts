/**
 * The update's metrics (src/server/metrics.ts, read from src/server/feed/updateRecord.ts and nightlyStatus.ts) on
 * real stats files: small DuckDB files made with the project's schema whose ingest_meta records an update, served
 * through the real pool (STATS_DB_PATH) and switched as SIGHUP does (reloadStatsDb). The expected values are the
 * recorded dates turned into Unix seconds here by hand (Date.UTC), and the games of each update switched to.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installStatsFile } from '../../../support/smallStatsFile';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'update-metrics-'));
const live = path.join(dir, 'stats.duckdb');
process.env.STATS_DB_PATH = live;

type Record = { updatedAt: string; added: number; replaced: number; skipped: { game: string; reason: string }[]; through: string };

/** A stats file of the current schema, no games, whose ingest_meta says `record`; renamed over the live path. */
function install(record: Record): Promise<void> {
  return installStatsFile(live, [], (c) =>
    c
      .run(
        `UPDATE ingest_meta SET data_through = $through::DATE, updated_at = $at::TIMESTAMP, update_added = $added, update_replaced = $replaced,
              update_skipped = $skipped`,
        { through: record.through, at: record.updatedAt, added: record.added, replaced: record.replaced, skipped: JSON.stringify(record.skipped) },
      )
      .then(() => {}),
  );
}

async function scrape(): Promise<Map<string, number>> {
  const { metricsText } = await import('../../../../src/server/metrics.ts');
  const values = new Map<string, number>();
  for (const line of (await metricsText()).body.split('\n')) {
    const m = /^(courtvision_(?:update|stats_data)\S*) (\S+)$/.exec(line);
    if (m) values.set(m[1]!, Number(m[2]));
  }
  return values;
}

const seconds = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => Date.UTC(y, m - 1, d, h, min, s) / 1000;

beforeAll(async () => {
  await install({ updatedAt: '2026-11-28 09:00:41', added: 3, replaced: 1, skipped: [{ game: '0022600101', reason: 'box_score' }], through: '2026-11-27' });
});
afterAll(async () => {
  const { closeStatsDb } = await import('../../../../src/server/db/statsDb.ts');
  await closeStatsDb();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('update metrics', () => {
  it("say the served file's data date and last update; the counter starts at 0", async () => {
    const m = await scrape();
    expect(m.get('courtvision_stats_data_through_timestamp')).toBe(seconds(2026, 11, 27));
    expect(m.get('courtvision_update_last_success_timestamp')).toBe(seconds(2026, 11, 28, 9, 0, 41));
    for (const outcome of ['added', 'replaced', 'skipped']) expect(m.get(`courtvision_update_games_total{outcome="${outcome}"}`)).toBe(0);
    // No nightly run yet: no status beside the file.
    expect(m.get('courtvision_update_last_run_failed')).toBe(0);
    expect(m.get('courtvision_update_last_run_timestamp')).toBe(0);
  });

  it('count the games of each update switched to, once', async () => {
    const { reloadStatsDb } = await import('../../../../src/server/db/statsDb.ts');
    await install({
      updatedAt: '2026-11-29 09:01:10',
      added: 5,
      replaced: 0,
      skipped: [
        { game: '0022600110', reason: 'not_final' },
        { game: '0022600111', reason: 'score' },
      ],
      through: '2026-11-28',
    });
    expect(await reloadStatsDb()).toMatchObject({ outcome: 'switched' });
    let m = await scrape();
    expect(m.get('courtvision_update_games_total{outcome="added"}')).toBe(5);
    expect(m.get('courtvision_update_games_total{outcome="replaced"}')).toBe(0);
    expect(m.get('courtvision_update_games_total{outcome="skipped"}')).toBe(2);
    expect(m.get('courtvision_stats_data_through_timestamp')).toBe(seconds(2026, 11, 28));
    expect(m.get('courtvision_update_last_success_timestamp')).toBe(seconds(2026, 11, 29, 9, 1, 10));
    // The same update again (a copy of the file put back): nothing more is counted.
    await install({ updatedAt: '2026-11-29 09:01:10', added: 5, replaced: 0, skipped: [], through: '2026-11-28' });
    expect(await reloadStatsDb()).toMatchObject({ outcome: 'switched' });
    m = await scrape();
    expect(m.get('courtvision_update_games_total{outcome="added"}')).toBe(5);
    // The next night's update: 2 added, 1 replaced.
    await install({ updatedAt: '2026-11-30 09:00:05', added: 2, replaced: 1, skipped: [], through: '2026-11-29' });
    expect(await reloadStatsDb()).toMatchObject({ outcome: 'switched' });
    m = await scrape();
    expect(m.get('courtvision_update_games_total{outcome="added"}')).toBe(7);
    expect(m.get('courtvision_update_games_total{outcome="replaced"}')).toBe(1);
  });

  it('say whether the last nightly run failed, from the status beside the file', async () => {
    const { writeNightlyStatus } = await import('../../../../src/server/feed/nightlyStatus.ts');
    await writeNightlyStatus(live, {
      at: '2026-11-30T09:00:03.000Z',
      outcome: 'failed',
      error: 'the update exited 1',
      dates: ['2026-11-28', '2026-11-29'],
      fetch: [],
      update: null,
      switched: null,
      lastSuccessAt: null,
    });
    let m = await scrape();
    expect(m.get('courtvision_update_last_run_failed')).toBe(1);
    expect(m.get('courtvision_update_last_run_timestamp')).toBe(seconds(2026, 11, 30, 9, 0, 3));
    // Failed: the last success is still the file's update of 2026-11-30 09:00:05.
    expect(m.get('courtvision_update_last_success_timestamp')).toBe(seconds(2026, 11, 30, 9, 0, 5));
    await writeNightlyStatus(live, {
      at: '2026-12-01T09:00:03.000Z',
      outcome: 'partial',
      dates: [],
      fetch: [],
      update: null,
      switched: true,
      lastSuccessAt: '2026-12-01T09:00:03.000Z',
    });
    m = await scrape();
    expect(m.get('courtvision_update_last_run_failed')).toBe(0);
    // A run that went through is a success even with no game to add (a day without games).
    expect(m.get('courtvision_update_last_success_timestamp')).toBe(seconds(2026, 12, 1, 9, 0, 3));
  });

  it('a failed run is not a success: the last success stays the last update', async () => {
    const { writeNightlyStatus } = await import('../../../../src/server/feed/nightlyStatus.ts');
    await writeNightlyStatus(live, {
      at: '2026-12-02T09:00:03.000Z',
      outcome: 'failed',
      error: 'the update exited 1',
      dates: [],
      fetch: [],
      update: null,
      switched: null,
      lastSuccessAt: '2026-12-01T09:00:03.000Z',
    });
    const m = await scrape();
    expect(m.get('courtvision_update_last_run_failed')).toBe(1);
    // The run of 12-01 that went through is still the last success (the status carries it over).
    expect(m.get('courtvision_update_last_success_timestamp')).toBe(seconds(2026, 12, 1, 9, 0, 3));
  });
});
