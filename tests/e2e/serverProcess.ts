/**
 * A second instance of the project's server (`npm run serve`, the same build) with its own settings, for tests
 * that must not disturb the shared test server (rate-limit counters, proxy headers, https settings).
 * Each spec takes its own port offset from E2E_PORT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from './fixtures';

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop: () => void;
}

export function startServer(portOffset: number, env: Record<string, string>): ServerProcess {
  const port = Number(process.env.E2E_PORT ?? 4327) + portOffset;
  let output = '';
  const child = spawn('npm', ['run', '--silent', 'serve'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  return { base: `http://127.0.0.1:${port}`, child, output: () => output, exited, stop };
}

export async function waitListening(server: ServerProcess): Promise<void> {
  await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('listening');
}
