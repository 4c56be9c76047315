/**
 * The session as the spec describes it (section 3): who is signed in, whether they are an admin, and their
 * subscriptions. Shared by the server (middleware, API gating) and the client (auth store).
 */
export interface Subscription {
  plan: { name: string };
  /** seconds since epoch */
  expiresAt: number;
}

export interface Session {
  user: { name: string; email: string };
  isAdmin: boolean;
  subscriptions: Subscription[];
}

/** The name of the paid plan that unlocks the stats area. */
export const STATS_PLAN = 'Stats';
