import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticResolver, sendAsset } from '../../../../src/server/http/staticFiles.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-static-'));
const client = path.join(root, 'client');
function write(rel: string, body: string) {
  fs.mkdirSync(path.dirname(path.join(client, rel)), { recursive: true });
  fs.writeFileSync(path.join(client, rel), body);
}
write('index.html', '<h1>home</h1>');
write('about/index.html', '<h1>about</h1>');
write('legal.html', '<h1>legal</h1>');
write('_astro/app.abc123.js', 'console.log(1)');
const BIG_JS = 'export const columns = ["efficiency", "four factors"];\n'.repeat(100);
write('_astro/big.def456.js', BIG_JS);
write('img/teams/bos.png', 'PNG');
write('.env', 'SECRET=1');
fs.writeFileSync(path.join(root, 'outside.txt'), 'outside');

const resolve = createStaticResolver(client);

describe('createStaticResolver', () => {
  it('maps pages (directory index, .html) and assets', () => {
    expect(resolve('/')).toMatchObject({ kind: 'page', file: path.join(client, 'index.html') });
    expect(resolve('/about')).toMatchObject({ kind: 'page', file: path.join(client, 'about/index.html') });
    expect(resolve('/about/')).toMatchObject({ kind: 'page' });
    expect(resolve('/legal')).toMatchObject({ kind: 'page', file: path.join(client, 'legal.html') });
    expect(resolve('/_astro/app.abc123.js')).toMatchObject({ kind: 'asset' });
    expect(resolve('/img/teams/bos.png')).toMatchObject({ kind: 'asset', size: 3 });
    expect(resolve('/stats/players')).toBeNull();
  });

  it('never leaves the folder and never serves dotfiles', () => {
    for (const p of ['/../outside.txt', '/%2e%2e/outside.txt', '/img/../../outside.txt', '/.env', '/%2eenv', '/a%00b', '/%E0%A4%A']) {
      expect(resolve(p), p).toBeNull();
    }
  });
});

describe('sendAsset', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      const file = resolve(url.pathname);
      if (file?.kind === 'asset') sendAsset(req, res, url.pathname, file);
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('serves hashed assets as immutable with a content type; other files revalidate with an ETag (304)', async () => {
    const js = await fetch(`${base}/_astro/app.abc123.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await js.text()).toBe('console.log(1)');
    const png = await fetch(`${base}/img/teams/bos.png`);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const again = await fetch(`${base}/img/teams/bos.png`, { headers: { 'if-none-match': png.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('compresses larger text assets for clients that accept it, and not otherwise', async () => {
    const br = await fetch(`${base}/_astro/big.def456.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(Number(br.headers.get('content-length'))).toBeLessThan(BIG_JS.length / 5);
    expect(await br.text()).toBe(BIG_JS);
    const gzip = await fetch(`${base}/_astro/big.def456.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(BIG_JS);
    const plain = await fetch(`${base}/_astro/big.def456.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBe(BIG_JS.length);
    const png = await fetch(`${base}/img/teams/bos.png`, { headers: { 'accept-encoding': 'br' } });
    expect(png.headers.get('content-encoding')).toBeNull();
  });
});
