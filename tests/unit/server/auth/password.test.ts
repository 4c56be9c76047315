import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../../../src/server/auth/password.ts';

describe('password hashing', () => {
  it('uses argon2id with 19 MiB, 2 passes, 1 lane, and a fresh salt each time', async () => {
    const a = await hashPassword('correct horse battery staple');
    const b = await hashPassword('correct horse battery staple');
    expect(a.startsWith('$argon2id$')).toBe(true);
    expect(parseOptions(a)).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('s3cret-password');
    expect(await verifyPassword(hash, 's3cret-password')).toBe(true);
    expect(await verifyPassword(hash, 's3cret-passwore')).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
  });

  it('answers false (no throw) for a malformed hash', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('keeps one dummy hash that matches no real password', async () => {
    const dummy = await dummyPasswordHash();
    expect(await dummyPasswordHash()).toBe(dummy);
    expect(dummy.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(dummy, '')).toBe(false);
  });
});
