/**
 * Signed in by the confirmation link, on the device that signed up only.
 *
 * The rule: following the confirmation link signs the person in when, and only when, the browser that follows it
 * is the one that filled in the sign-up form. Two proofs are needed, and neither is enough alone:
 * - the link proves the address (it was mailed there, single use, 24 h);
 * - a device cookie set by the sign-up answer proves the person: they typed the password on this browser a moment
 *   ago. The cookie (`cv-signup`, `__Host-cv-signup` over https; HttpOnly, SameSite=Lax so that a click from a
 *   mail client carries it, 24 h like the link) holds HMAC-SHA256(key, the link's token), the key derived from
 *   AUTH_SECRET. Nobody can make it without the secret, and it names one link only.
 * So the link opened in another browser (a phone's mail app, a colleague it was forwarded to, a mail scanner)
 * confirms the address and signs nobody in: that browser signs in with the password as usual. Someone who signed
 * up with another person's address gets no session from that person's click: the cookie is on their own device,
 * which never sees the link. A sign-up for an address that has an account sets the same cookie (over a token that
 * was never stored), so the answer still tells nobody which addresses have accounts.
 *
 * Why not let the person in unconfirmed, with the paid features waiting: the account page, API keys and the
 * checkout would then each need a "confirmed?" rule of their own; here one page (/verify) holds the rule and an
 * unconfirmed account stays what it was. The cost is one click in the mail, which the buyer makes anyway.
 *
 * Example: sign up on a laptop, open "Confirm my email" on the laptop: signed in, and on to the checkout when the
 * sign-up came from "Subscribe"; open it on a phone instead: "confirmed", and the phone offers to sign in.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { getAuthConfig } from '../auth/authConfig.ts';
import { cookieOf } from '../auth/cookies.ts';
import { usesSecureCookies } from '../auth/requestSession.ts';
import { TOKEN_TTL_SECONDS } from './context.ts';

const cookieName = (url: string | URL) => (usesSecureCookies(url) ? '__Host-cv-signup' : 'cv-signup');

function deviceKey(): Buffer {
  const secret = getAuthConfig().secret;
  const first = Array.isArray(secret) ? secret[0] : secret;
  if (!first) throw new Error('AUTH_SECRET is not set (the server sets it at start-up; see src/server/auth/secret.ts)');
  return Buffer.from(hkdfSync('sha256', first, '', 'courtvision sign-up device', 32));
}

/** The device proof of one confirmation link's token. */
export function deviceProofOf(linkToken: string): string {
  return createHmac('sha256', deviceKey()).update(linkToken).digest('base64url');
}

/** The Set-Cookie value that marks this browser as the one that signed up for the link's token. */
export function signUpDeviceCookie(url: string | URL, proof: string): string {
  return `${cookieName(url)}=${proof}; Path=/; Max-Age=${TOKEN_TTL_SECONDS['verify-email']}; HttpOnly; SameSite=Lax${usesSecureCookies(url) ? '; Secure' : ''}`;
}

/** The Set-Cookie value that clears it (once the link is used). */
export function clearSignUpDeviceCookie(url: string | URL): string {
  return `${cookieName(url)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${usesSecureCookies(url) ? '; Secure' : ''}`;
}

/** True when the request comes from the browser that signed up for this link's token. */
export function isSignUpDevice(request: Request, linkToken: unknown): boolean {
  if (typeof linkToken !== 'string') return false;
  const sent = cookieOf(request, cookieName(request.url));
  if (sent === null || !/^[A-Za-z0-9_-]{43}$/.test(sent)) return false;
  const expected = Buffer.from(deviceProofOf(linkToken));
  const got = Buffer.from(sent);
  return got.length === expected.length && timingSafeEqual(got, expected);
}
