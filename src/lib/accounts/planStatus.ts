/**
 * The state of a user's Stats plan (spec sections 3 and 6): active until its expiry, expired (every Stats
 * subscription's expiresAt is in the past; expiresAt is seconds since epoch), or none.
 */
import { STATS_PLAN, type Session } from './sessionShape.ts';

export type PlanStatus = { state: 'active'; expiresAt: number } | { state: 'expired'; expiresAt: number } | { state: 'none' };

export function statsPlanStatus(session: Session, now: number): PlanStatus {
  const stats = session.subscriptions.filter((s) => s.plan.name === STATS_PLAN);
  if (stats.length === 0) return { state: 'none' };
  const latest = Math.max(...stats.map((s) => s.expiresAt));
  return latest > now ? { state: 'active', expiresAt: latest } : { state: 'expired', expiresAt: latest };
}

/**
 * Whether a session may use the gated filters (the paid part of the stats area): an active Stats plan, or an
 * admin. Anonymous visitors, members without a plan and expired plans may not. The server's gate
 * (src/server/stats/request/gating.ts) and the client's locks both ask this.
 */
export function mayUseGatedFilters(session: Session | null | undefined, now: number): boolean {
  if (!session) return false;
  return session.isAdmin || statsPlanStatus(session, now).state === 'active';
}

/** "22 November 2027" (UTC), the date format of the account pages. */
export function formatPlanDate(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** ISO date for <time datetime>. */
export function isoPlanDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}
