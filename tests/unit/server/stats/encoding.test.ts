/**
 * Encoding a stats answer (src/server/stats/base/encoding.ts): the JSON round-trips through the brotli kept and the
 * gzip made from it on demand; a very large answer is kept as gzip; an answer too large to be a string is a 400;
 * compression and decompression run off the event loop.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encode, encodeText, gzipOf, jsonOf } from '../../../../src/server/stats/base/encoding';
import { ApiError } from '../../../../src/server/stats/base/errors';

describe('encode', () => {
  it('keeps the JSON of the answer as brotli with a weak ETag; gzip is made from it once, on demand', async () => {
    const body = { data: { Overview: [{ player_id: 1, pts: 10 }] } };
    const e = await encode(body);
    expect(e.gzip).toBeUndefined();
    expect(JSON.parse(await jsonOf(e))).toEqual(body);
    // both bodies are the same JSON (read back with node:zlib, not the module's own reader)
    expect(JSON.parse(brotliDecompressSync(e.br!).toString('utf8'))).toEqual(body);
    const gzip = await gzipOf(e);
    expect(JSON.parse(gunzipSync(gzip).toString('utf8'))).toEqual(body);
    // kept aside: the next client without brotli gets the same bytes, not a new compression
    expect(await gzipOf(e)).toBe(gzip);
    expect(e.etag).toMatch(/^W\/"/);
    // the same answer gets the same tag, a different one another
    expect((await encode(structuredClone(body))).etag).toBe(e.etag);
    expect((await encode({ data: { Overview: [{ player_id: 1, pts: 11 }] } })).etag).not.toBe(e.etag);
  });

  it('keeps a big answer (over 1 MB of JSON, compressed faster) whole in both encodings', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ lineup_id: i, lineup: `Player ${i} - Player ${i + 1}`, pts_per_poss: i / 7 }));
    const body = { data: { Team_FourFactors: rows } };
    expect(JSON.stringify(body).length).toBeGreaterThan(1_000_000);
    const e = await encode(body);
    expect(JSON.parse(brotliDecompressSync(e.br!).toString('utf8'))).toEqual(body);
    expect(JSON.parse(gunzipSync(await gzipOf(e)).toString('utf8'))).toEqual(body);
  });

  it('keeps a very large answer (over 4 MB of JSON) as gzip only, readable as JSON', async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => ({ lineup_id: i, lineup: `Player ${i} - Player ${i + 1}`, pts_per_poss: i / 7 }));
    const body = { data: { Team_FourFactors: rows } };
    expect(JSON.stringify(body).length).toBeGreaterThan(4_000_000);
    const e = await encode(body);
    expect(e.br).toBeUndefined();
    expect(await gzipOf(e)).toBe(e.gzip);
    expect(JSON.parse(gunzipSync(e.gzip!).toString('utf8'))).toEqual(body);
    expect(JSON.parse(await jsonOf(e))).toEqual(body);
  });

  it('answers 400 naming min_poss when the answer is longer than a string can be (no 500)', async () => {
    // ~600 M characters of JSON: past V8's string limit, as every lineup of 20 seasons with min_poss=1 was.
    const row = 'x'.repeat(1 << 20);
    const rows = Array.from({ length: 600 }, () => row);
    let error: unknown;
    try {
      await encode({ data: { Overview: rows } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).param).toBe('min_poss');
  });
});

describe('encodeText', () => {
  it('gzips a CSV on the thread pool: the event loop keeps running meanwhile, and the text round-trips', async () => {
    // 12 MB of CSV, different rows so that gzip has work to do (about 100-300 ms at level 6)
    const text = `\uFEFF${Array.from({ length: 150_000 }, (_, i) => `${i},Player ${i * 7919},${(i * 0.37).toFixed(3)},${i % 97},BOS,2022-23,regular`).join('\r\n')}`;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const e = await encodeText(text);
    clearInterval(timer);
    // compressed on the event loop, not a single timer would have run before the answer was ready
    expect(ticks).toBeGreaterThan(3);
    expect(e.br).toBeUndefined();
    expect(gunzipSync(e.gzip!).toString('utf8')).toBe(text);
    expect(e.etag).toMatch(/^W\/"/);
  });
});

describe('gzipOf', () => {
  it("makes a big answer's gzip from its brotli on the thread pool: the event loop keeps running meanwhile", async () => {
    // about 2.8 MB of JSON: kept as brotli, so a client without brotli needs the gzip made from it
    const rows = Array.from({ length: 35_000 }, (_, i) => ({ lineup_id: i, lineup: `Player ${i * 7919} - Player ${i * 104729}`, pts_per_poss: i / 7 }));
    const body = { data: { Team_FourFactors: rows } };
    const e = await encode(body);
    expect(e.br).toBeDefined();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const gzip = await gzipOf(e);
    clearInterval(timer);
    // made on the event loop, no timer would have run before it was ready
    expect(ticks).toBeGreaterThan(0);
    expect(JSON.parse(gunzipSync(gzip).toString('utf8'))).toEqual(body);
  });
});
