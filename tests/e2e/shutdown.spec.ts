/**
 * Graceful shutdown of the project's server (a process of its own, node on the server entry, so the signal
 * reaches it directly): on SIGTERM a request already under way (its body still arriving) gets its answer, a new
 * connection is refused, and the process exits 0 once the request is done.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from './fixtures';

test('SIGTERM: the request under way finishes, new connections are refused, exit 0', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/http/server.ts')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SHUTDOWN_GRACE_MS: '8000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await expect.poll(() => /listening on http:\/\/[^:]+:(\d+)/.exec(output)?.[1], { timeout: 30_000 }).toBeTruthy();
    const port = Number(/listening on http:\/\/[^:]+:(\d+)/.exec(output)![1]);
    const body = 'email=someone%40example.com&csrfToken=none';
    // A request under way: its headers are in, its body is still coming.
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/forgot',
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(body.length), Origin: `http://127.0.0.1:${port}` },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(async () => {
          // Draining: the listening socket is closed.
          const refused = await fetch(`http://127.0.0.1:${port}/healthz`).then(
            () => false,
            () => true,
          );
          expect(refused).toBe(true);
          req.end(body.slice(10));
        }, 700);
      }, 300);
    });
    const { status, text } = await answer;
    // The form's answer (its token is missing: 403 with the page's message), not a reset connection.
    expect(status).toBe(403);
    expect(text).toContain('This form has expired');
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM: draining');
  } finally {
    child.kill('SIGKILL');
  }
});
