/**
 * Digests for secrets at rest. Session ids are stored and looked up only as SHA-256 digests: a leaked accounts
 * file holds no usable session id, and the database compares digests, never the secret itself (so lookup
 * timing says nothing about the id). Password checks are argon2's own constant-time verification.
 */
import { createHash } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
