/**
 * The demo accounts `npm run users -- seed-demo` makes (playwright.config.ts seeds them before the server starts),
 * one per role a test signs in as.
 */
export const DEMO = {
  subscriber: { email: 'subscriber@example.com', password: 'demo-subscriber-2023', name: 'Sam Subscriber' },
  expired: { email: 'expired@example.com', password: 'demo-expired-2023', name: 'Eve Expired' },
  admin: { email: 'admin@example.com', password: 'demo-admin-2023', name: 'Ada Admin' },
  member: { email: 'member@example.com', password: 'demo-member-2023', name: 'Max Member' },
} as const;

export type Role = keyof typeof DEMO;
