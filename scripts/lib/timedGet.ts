/**
 * A GET against the bench server timed as the server's work: from the request until the last byte of the answer
 * has arrived, asking for compression as a browser does. The answer is decompressed and decoded after the clock
 * stops: decompressing 430 KB of brotli into 2.7 MB of JSON through fetch's streams took the bench process
 * 13-20 ms (measured on a cached answer, whose server part is 3-4 ms), work a browser does on its own side.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BROWSER_ACCEPT_ENCODING } from './benchServer.ts';

export interface TimedAnswer {
  status: number;
  /** ms from the request until the last byte arrived */
  ms: number;
  /** the answer's text, decompressed */
  body: string;
  /** its bytes as sent (compressed) and as text (decompressed) */
  wireBytes: number;
  textBytes: number;
  headers: http.IncomingHttpHeaders;
}

export function timedGet(url: string, headers: Record<string, string>): Promise<TimedAnswer> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const request = http.get(url, { headers: { ...BROWSER_ACCEPT_ENCODING, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const ms = performance.now() - t0;
        try {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const bytes = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, ms, body: bytes.toString('utf8'), wireBytes: raw.length, textBytes: bytes.length, headers: res.headers });
        } catch (error) {
          reject(error);
        }
      });
    });
    request.on('error', reject);
  });
}
