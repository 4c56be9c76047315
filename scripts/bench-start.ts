/**
 * `npm run bench:start -- [--runs 5]`: how long the server takes from its start to "listening", the built
 * bundle run by plain node (`npm run serve`, what production runs) against the sources run through tsx
 * (`npm run serve:dev`), on the current build (run `npm run build` first). Prints the median and the spread.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './lib/freePort.ts';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 5) || 5;

async function timeToListen(command: string, args: string[]): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no "listening" within 60 s: ${output}`));
    }, 60_000);
    const onData = (c: Buffer) => {
      output += c.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        const ms = performance.now() - started;
        child.kill('SIGTERM');
        child.on('exit', () => resolve(ms));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
}

const node = process.execPath;
const variants: [string, string, string[]][] = [
  ['built bundle, node', node, [path.resolve('scripts/serve.mjs')]],
  ['sources, tsx', node, ['--import', 'tsx', path.resolve('src/server/http/server.ts')]],
];
for (const [label, command, args] of variants) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timeToListen(command, args));
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(20)} median ${times[Math.floor(times.length / 2)]!.toFixed(0).padStart(5)} ms  (min ${times[0]!.toFixed(0)}, max ${times.at(-1)!.toFixed(0)}, ${runs} runs)`,
  );
}
