/**
 * The demo accounts the README documents (demo only: never seed them on a public deployment). One per role of
 * spec section 6: an active subscriber, an expired subscriber, an admin (whose Stats plan has expired too, to
 * show the admin exemption from the expiry redirect) and a signed-up member with no plan.
 */
import { STATS_PLAN } from '../../lib/accounts/sessionShape.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { AccountStore } from './store/types.ts';

const DAY = 24 * 60 * 60;

export interface DemoAccount {
  email: string;
  name: string;
  password: string;
  isAdmin: boolean;
  /** Stats plan expiry relative to now, in seconds; null for no plan */
  statsExpiresIn: number | null;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'subscriber@example.com', name: 'Sam Subscriber', password: 'demo-subscriber-2023', isAdmin: false, statsExpiresIn: 365 * DAY },
  { email: 'expired@example.com', name: 'Eve Expired', password: 'demo-expired-2023', isAdmin: false, statsExpiresIn: -30 * DAY },
  { email: 'admin@example.com', name: 'Ada Admin', password: 'demo-admin-2023', isAdmin: true, statsExpiresIn: -30 * DAY },
  { email: 'member@example.com', name: 'Max Member', password: 'demo-member-2023', isAdmin: false, statsExpiresIn: null },
];

/** Creates or resets the demo accounts; running it again gives the same accounts, roles and passwords. */
export async function seedDemoAccounts(store: AccountStore, now = Math.floor(Date.now() / 1000)): Promise<void> {
  for (const demo of DEMO_ACCOUNTS) {
    const existing = await store.findUserByEmail(demo.email);
    const keepHash = existing && (await verifyPassword(existing.passwordHash, demo.password));
    const passwordHash = keepHash ? existing.passwordHash : await hashPassword(demo.password);
    await store.upsertUser({ email: demo.email, name: demo.name, passwordHash, isAdmin: demo.isAdmin, emailVerified: true });
    if (demo.statsExpiresIn === null) await store.revokeSubscription(demo.email, STATS_PLAN);
    else await store.grantSubscription(demo.email, STATS_PLAN, now + demo.statsExpiresIn);
  }
}
