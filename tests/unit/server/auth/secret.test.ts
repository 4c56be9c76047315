import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MissingAuthSecretError, resolveAuthSecret } from '../../../../src/server/auth/secret.ts';
import { tempDir } from './helpers.ts';

describe('resolveAuthSecret', () => {
  it('uses AUTH_SECRET when set, in any environment', () => {
    const file = path.join(tempDir(), 'secret');
    expect(resolveAuthSecret({ envSecret: 'from-env', production: true, file })).toBe('from-env');
    expect(fs.existsSync(file)).toBe(false);
  });

  it('refuses to run in production without AUTH_SECRET, with a message that says what to do', () => {
    const file = path.join(tempDir(), 'secret');
    expect(() => resolveAuthSecret({ envSecret: undefined, production: true, file })).toThrow(MissingAuthSecretError);
    expect(() => resolveAuthSecret({ envSecret: '  ', production: true, file })).toThrow(/AUTH_SECRET is not set/);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('outside production generates a local secret once (owner-only file) and reuses it', () => {
    const file = path.join(tempDir(), 'nested', 'auth-secret');
    const first = resolveAuthSecret({ envSecret: undefined, production: false, file });
    expect(first.length).toBeGreaterThanOrEqual(43);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret({ envSecret: undefined, production: false, file })).toBe(first);
  });
});
