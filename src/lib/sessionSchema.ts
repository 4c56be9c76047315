/** The zod schema of the session JSON from GET /api/auth/session (spec section 3; shape in ./session.ts). */
import './zodSetup';
import { z } from 'zod';
import type { Session } from './session.ts';

export const sessionSchema = z
  .object({
    user: z
      .object({
        name: z.string().describe('Display name'),
        email: z.string().describe('Account email, lower-case'),
      })
      .describe('Who is signed in'),
    isAdmin: z.boolean().describe('Admins are exempt from the subscription-expiry redirect'),
    subscriptions: z
      .array(
        z.object({
          plan: z.object({ name: z.string().describe('Plan name, e.g. "Stats"') }),
          expiresAt: z.number().int().describe('Expiry, seconds since epoch'),
        }),
      )
      .describe('The plans the user holds, expired ones included'),
  })
  .describe('The signed-in session');

/** The session in a /api/auth/session response body, or null when signed out (null or {} body). */
export function parseSessionBody(body: unknown): Session | null {
  if (body === null || body === undefined) return null;
  if (typeof body === 'object' && Object.keys(body).length === 0) return null;
  const parsed = sessionSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}
