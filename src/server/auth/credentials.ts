/**
 * Email + password check for the Credentials provider. Unknown email and wrong password take the same path
 * (one argon2 verification each) and give the same answer (null), so neither the message nor the timing tells
 * an attacker which emails have accounts.
 */
import { z } from 'zod';
import { dummyPasswordHash, verifyPassword } from './password.ts';
import { getAccountStore, type AccountStore, type UserRecord } from './store/index.ts';

export const credentialsSchema = z.object({
  email: z.string().trim().min(3).max(320).describe('The account email (case-insensitive)'),
  password: z.string().min(1).max(1024).describe('The account password (checked against its argon2id hash)'),
});

export async function verifyCredentials(input: unknown, store: AccountStore = getAccountStore()): Promise<UserRecord | null> {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) {
    await verifyPassword(await dummyPasswordHash(), 'x');
    return null;
  }
  const user = await store.findUserByEmail(parsed.data.email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), parsed.data.password);
  return user && ok ? user : null;
}
