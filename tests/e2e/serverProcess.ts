/**
 * A second instance of the project's server (`npm run serve`, the same build) with its own settings, for tests
 * that must not disturb the shared test server (rate-limit counters, proxy headers, https settings). It listens
 * on a free port (PORT=0); `base` is known once it says where it listens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { expect } from './fixtures';
import { packageScript, scriptEnv } from '../support/packageScripts';

const SERVE = packageScript('serve');

export interface ServerProcess {
  /** http://127.0.0.1:{port}, once listening (waitListening) */
  base: string;
  /** the server's own process id, once listening: for signals such as SIGHUP */
  pid: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop: () => void;
}

export function startServer(env: Record<string, string>): ServerProcess {
  let output = '';
  const child = spawn('sh', ['-c', SERVE], {
    env: scriptEnv({ ...process.env, HOST: '127.0.0.1', PORT: '0', ...env }),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: ServerProcess = {
    base: '',
    pid: 0,
    child,
    output: () => output,
    exited: new Promise<number | null>((resolve) =>
      child.on('exit', (code, signal) => {
        // A server that dies of a signal says nothing: say it here, for the logs.
        output += `\n[serverProcess] the server ended: code ${code}, signal ${signal}\n`;
        resolve(code);
      }),
    ),
    stop: () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    },
  };
  child.stdout!.on('data', (c: Buffer) => {
    output += c.toString();
    const listening = /listening on http:\/\/[^:]+:(\d+) \(pid (\d+)\)/.exec(output);
    if (listening && !server.base) {
      server.pid = Number(listening[2]);
      server.base = `http://127.0.0.1:${listening[1]}`;
    }
  });
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  return server;
}

export async function waitListening(server: ServerProcess): Promise<void> {
  await expect.poll(() => server.base, { timeout: 30_000, message: server.output() }).not.toBe('');
}
