/**
 * package.json's scripts run as `npm run` runs them, without npm's own start (0.35 s of CPU a run): the script's
 * command through `sh -c`, with the project's node_modules/.bin (and so its pinned node) first on the PATH. The
 * servers, CLIs and commands the tests start as an operator would go through here.
 */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** A package.json script's command. */
export const packageScript = (name: string): string => {
  const command = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts[name];
  if (!command) throw new Error(`package.json has no script "${name}"`);
  return command;
};

/** The environment npm runs a script in: the project's node_modules/.bin first on the PATH. */
export const scriptEnv = (env: Record<string, string | undefined>): Record<string, string | undefined> => ({
  ...env,
  PATH: `${path.resolve('node_modules/.bin')}:${env.PATH ?? ''}`,
});

/** `npm run <name> -- <args>`, as a child process; `options.env` is the whole environment. */
export function spawnPackageScript(name: string, args: readonly string[], options: SpawnOptions & { env: Record<string, string | undefined> }): ChildProcess {
  return spawn('sh', ['-c', `${packageScript(name)} "$@"`, name, ...args], { ...options, env: scriptEnv(options.env) });
}

/** The same, run to its end: its exit status and output. */
export function runPackageScript(
  name: string,
  args: readonly string[],
  env: Record<string, string | undefined> = process.env,
): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync('sh', ['-c', `${packageScript(name)} "$@"`, name, ...args], { env: scriptEnv(env), encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
