/**
 * AUTH_SECRET, read at run time (never baked into the build). It encrypts the session JWT and signs the CSRF
 * token. In production (NODE_ENV=production) a missing secret is a start-up error; elsewhere (the README's
 * `npm start`, `npm run dev`, tests) a random secret is generated once into a gitignored file and reused, so
 * sessions survive restarts.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export class MissingAuthSecretError extends Error {
  constructor() {
    super(
      'AUTH_SECRET is not set. In production the server needs a stable secret of at least 32 random bytes, ' +
        'e.g. AUTH_SECRET="$(openssl rand -base64 33)". Refusing to start.',
    );
    this.name = 'MissingAuthSecretError';
  }
}

export interface SecretSources {
  /** The AUTH_SECRET environment variable, if any. */
  envSecret: string | undefined;
  production: boolean;
  /** Where the local (non-production) secret lives. */
  file: string;
}

/** The secret to use, generating the local one when allowed and missing. */
export function resolveAuthSecret({ envSecret, production, file }: SecretSources): string {
  if (envSecret && envSecret.trim() !== '') return envSecret;
  if (production) throw new MissingAuthSecretError();
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing !== '') return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // 'wx' fails if another process created the file meanwhile: then use theirs.
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}
