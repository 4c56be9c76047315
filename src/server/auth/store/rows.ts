/**
 * The rows both AccountStores read (users, subscriptions) and their mapping to records. SQLite returns
 * is_admin as 0/1 and times as numbers; PostgreSQL returns a boolean and BIGINT times as strings.
 */
import type { SubscriptionRecord, UserRecord, UserWithSubscriptions } from './types.ts';

export interface UserRow {
  id: number;
  email: string;
  name: string;
  password_hash: string;
  is_admin: number | boolean;
  created_at: number | string;
}
export interface SubscriptionRow {
  user_id: number;
  plan_name: string;
  expires_at: number | string;
}

export function toUser(row: UserRow): UserRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    passwordHash: row.password_hash,
    isAdmin: row.is_admin === true || row.is_admin === 1,
    createdAt: Number(row.created_at),
  };
}
export function toSubscription(row: SubscriptionRow): SubscriptionRecord {
  return { userId: row.user_id, planName: row.plan_name, expiresAt: Number(row.expires_at) };
}

/** Every user with their own subscriptions (listUsers: both lists read in one snapshot). */
export function withSubscriptions(users: UserRecord[], subscriptions: SubscriptionRecord[]): UserWithSubscriptions[] {
  return users.map((u) => ({ ...u, subscriptions: subscriptions.filter((s) => s.userId === u.id) }));
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
