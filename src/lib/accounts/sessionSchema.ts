/**
 * The zod schema of the session JSON from GET /api/auth/session (spec section 3; shape in ./session.ts).
 * Zod Mini (the tree-shakable form of zod): this runs in the browser at first load of every stats page, where
 * classic zod would add ~20 KB of gzipped JavaScript.
 */
import '../params/zodSetup';
import { z } from 'zod/mini';
import type { Session } from './sessionShape.ts';

const sessionSchema = z
  .object({
    user: z
      .object({
        name: z.string().check(z.describe('Display name')),
        email: z.string().check(z.describe('Account email, lower-case')),
      })
      .check(z.describe('Who is signed in')),
    isAdmin: z.boolean().check(z.describe('Admins are exempt from the subscription-expiry redirect')),
    subscriptions: z
      .array(
        z.object({
          plan: z.object({ name: z.string().check(z.describe('Plan name, e.g. "Stats"')) }),
          expiresAt: z.int().check(z.describe('Expiry, seconds since epoch')),
        }),
      )
      .check(z.describe('The plans the user holds, expired ones included')),
  })
  .check(z.describe('The signed-in session'));

/** The session in a /api/auth/session response body, or null when signed out (null or {} body). */
export function parseSessionBody(body: unknown): Session | null {
  if (body === null || body === undefined) return null;
  if (typeof body === 'object' && Object.keys(body).length === 0) return null;
  const parsed = sessionSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}
