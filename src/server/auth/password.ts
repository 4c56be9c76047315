/**
 * Password hashing with argon2id (memory-hard), parameters from the OWASP password storage cheat sheet:
 * 19 MiB of memory, 2 passes, 1 lane. The PHC string stores the parameters, so they can be raised later and
 * old hashes still verify.
 */
import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum in its typings, so spelled out here). */
const ARGON2ID = 2;

export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Shortest password the CLI accepts. */
export const MIN_PASSWORD_LENGTH = 8;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** How long a verification takes these days, ms: a moving average over the recent ones (50 until measured). */
let verifyMs = 50;

/**
 * How long a password check takes now (the load of the machine included): an answer given without one that must
 * not be told apart from one given after it waits this long (signInGuard.ts, a refused guess from a busy address).
 */
export function typicalVerifyMs(): number {
  return verifyMs;
}

/** True when the password matches the hash. Never throws for a malformed hash (returns false instead). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const started = performance.now();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  } finally {
    verifyMs += (performance.now() - started - verifyMs) / 8;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * A hash of a random password, verified against when the email is unknown, so that "no such account" costs
 * the same argon2 work as "wrong password" and the response time does not reveal which accounts exist.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
}
