/**
 * One address shared by many people (an office behind NAT), through the built server, Auth.js and the sign-in
 * guard (src/server/auth/signInGuard.ts), against a server of its own (TRUST_PROXY=1: X-Forwarded-For stands for
 * the client's address; SIGNIN_MAX_FAILURES_PER_IP=5 so the address is busy after five failures):
 * - the guesser at the address: past its failures, guesses at made-up addresses are answered as wrong passwords
 *   (not a 429, which would tell which addresses have an account) and the right password of a made-up account
 *   does not exist to find;
 * - a colleague at the same address with the right password is signed in;
 * - an account guessed at from that address (3 failures) is protected: its right password is refused there, and
 *   works from another address.
 */
import { usersCli } from './accountsHelpers';
import { expect, test } from './fixtures';
import { startServer, waitListening, type ServerProcess } from './serverProcess';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

let server: ServerProcess;
test.beforeAll(async () => {
  server = startServer({
    TRUST_PROXY: '1',
    SIGNIN_MAX_FAILURES_PER_IP: '5',
    SIGNIN_MAX_FAILURES_PER_ACCOUNT: '5',
    SIGNIN_SLOW_AFTER_FAILURES_PER_ACCOUNT: '10',
  });
  await waitListening(server);
});
test.afterAll(() => server?.stop());

const stamp = Date.now();
const OFFICE = `203.0.113.${stamp % 250}`;
function account(name: string): { email: string; password: string } {
  const who = { email: `${name}-${stamp}@example.com`, password: `pw-${name}-${stamp}` };
  usersCli('add', who.email, '--name', name, '--password', who.password);
  return who;
}

/** One sign-in from `ip` through the form post: 'signed in', 'wrong password' or 'refused (429)'. */
async function signIn(ip: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${server.base}/api/auth/csrf`, { headers: { 'X-Forwarded-For': ip } });
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const r = await fetch(`${server.base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: server.base, 'X-Forwarded-For': ip, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: '/' }).toString(),
  });
  if (r.status === 429) return 'refused (429)';
  const location = r.headers.get('location') ?? '';
  if (r.status === 302 && location.includes('error=CredentialsSignin')) return 'wrong password';
  if (r.status === 302 && r.headers.getSetCookie().some((c) => c.startsWith('authjs.session-token='))) return 'signed in';
  return `${r.status} ${location}`;
}

test('a guesser at a shared address is refused as wrong passwords; a colleague there signs in; a guessed account is protected there', async () => {
  const carol = account('carol');
  const erin = account('erin');
  // The guesser: five made-up addresses, then the address is busy.
  for (let i = 0; i < 5; i++) expect(await signIn(OFFICE, `made-up-${i}-${stamp}@example.com`, 'letmein')).toBe('wrong password');
  for (let i = 5; i < 10; i++) expect(await signIn(OFFICE, `made-up-${i}-${stamp}@example.com`, 'letmein')).toBe('wrong password');
  // Carol, at a desk in the same office, with her password.
  expect(await signIn(OFFICE, carol.email, carol.password)).toBe('signed in');
  // The guesser turns to Erin's real account: three wrong passwords, then even the right one is refused there ...
  for (const guess of ['123456', 'password1', 'erin2024']) expect(await signIn(OFFICE, erin.email, guess)).toBe('wrong password');
  expect(await signIn(OFFICE, erin.email, erin.password)).toBe('wrong password');
  // ... and Erin, from home, signs in.
  expect(await signIn('198.51.100.20', erin.email, erin.password)).toBe('signed in');
});
