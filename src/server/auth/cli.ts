/**
 * Operator CLI for accounts (`npm run users -- <command>`). Visitors sign up on the site (/signup); operators
 * add accounts for known people (verified at once), grant complimentary plans, and help with support. Commands:
 *   add EMAIL --name NAME (--password PW | --password-stdin) [--admin]
 *   passwd EMAIL (--password PW | --password-stdin)
 *   grant EMAIL [--plan Stats] (--days N | --until YYYY-MM-DD)
 *   revoke EMAIL [--plan Stats]
 *   set-admin EMAIL [--off]
 *   remove EMAIL
 *   verify EMAIL            (marks the address confirmed, as its emailed link would)
 *   list [--json]
 *   seed-demo
 * The database is the one the server uses: PostgreSQL at DATABASE_URL when set, else the SQLite file ACCOUNTS_DB_PATH
 * (default data/accounts.sqlite). Exit code 0 on success, 1 on a usage or data error.
 */
import { parseArgs } from 'node:util';
import { STATS_PLAN } from '../../lib/accounts/sessionShape.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './demoAccounts.ts';
import { MIN_PASSWORD_LENGTH, hashPassword } from './password.ts';
import { openAccountStore } from './store/index.ts';
import type { AccountStore, UserWithSubscriptions } from './store/types.ts';

export class UsageError extends Error {}

const USAGE = `Usage: npm run users -- <command>
  add EMAIL --name NAME (--password PW | --password-stdin) [--admin]
  passwd EMAIL (--password PW | --password-stdin)
  grant EMAIL [--plan ${STATS_PLAN}] (--days N | --until YYYY-MM-DD)
  revoke EMAIL [--plan ${STATS_PLAN}]
  set-admin EMAIL [--off]
  remove EMAIL
  verify EMAIL
  list [--json]
  seed-demo`;

const OPTIONS = {
  name: { type: 'string' },
  password: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  admin: { type: 'boolean' },
  off: { type: 'boolean' },
  plan: { type: 'string' },
  days: { type: 'string' },
  until: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function requireEmail(value: string | undefined): string {
  if (!value || !EMAIL.test(value.trim())) throw new UsageError(`A valid EMAIL is required (got ${value ?? 'nothing'})`);
  return value.trim();
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function passwordFrom(values: { password?: string; 'password-stdin'?: boolean }): Promise<string> {
  const password = values['password-stdin'] ? await readStdin() : values.password;
  if (password === undefined) throw new UsageError('Give the password with --password PW or --password-stdin');
  if (password.length < MIN_PASSWORD_LENGTH) throw new UsageError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  return password;
}

/** Expiry in seconds since epoch from --days (from now) or --until (end of that UTC day). */
export function expiryFrom(values: { days?: string; until?: string }, now = Date.now()): number {
  if (values.days !== undefined && values.until !== undefined) throw new UsageError('Give --days or --until, not both');
  if (values.days !== undefined) {
    const days = Number(values.days);
    if (!Number.isFinite(days)) throw new UsageError(`--days must be a number (got ${values.days})`);
    return Math.floor(now / 1000 + days * 86_400);
  }
  if (values.until !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.until)) throw new UsageError(`--until must be YYYY-MM-DD (got ${values.until})`);
    const end = Date.parse(`${values.until}T23:59:59Z`);
    if (Number.isNaN(end)) throw new UsageError(`--until is not a real date (got ${values.until})`);
    return Math.floor(end / 1000);
  }
  throw new UsageError('grant needs --days N or --until YYYY-MM-DD');
}

const isoDate = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

export function formatUsers(users: UserWithSubscriptions[], now = Math.floor(Date.now() / 1000)): string {
  if (users.length === 0) return 'No accounts.';
  const rows = users.map((u) => [
    u.email,
    u.name,
    u.isAdmin ? 'admin' : '',
    u.emailVerifiedAt === null ? 'no' : 'yes',
    u.subscriptions.map((s) => `${s.planName} until ${isoDate(s.expiresAt)}${s.expiresAt <= now ? ' (expired)' : ''}`).join('; ') || 'no plan',
  ]);
  const header = ['EMAIL', 'NAME', 'ROLE', 'VERIFIED', 'PLANS'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [header, ...rows]
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Runs one command; returns what to print. */
export async function runUsersCommand(argv: string[], store: AccountStore): Promise<string> {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  const [command, target, ...extra] = positionals;
  if (values.help || !command) return USAGE;
  if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}`);
  const plan = values.plan ?? STATS_PLAN;
  switch (command) {
    case 'add': {
      const email = requireEmail(target);
      if (!values.name?.trim()) throw new UsageError('add needs --name NAME');
      const passwordHash = await hashPassword(await passwordFrom(values));
      const user = await store.createUser({ email, name: values.name.trim(), passwordHash, isAdmin: values.admin ?? false, emailVerified: true });
      return `Added ${user.email}${user.isAdmin ? ' (admin)' : ''}`;
    }
    case 'passwd': {
      const email = requireEmail(target);
      await store.setPasswordHash(email, await hashPassword(await passwordFrom(values)));
      return `Password changed for ${email.toLowerCase()} (its sessions were signed out)`;
    }
    case 'grant': {
      const email = requireEmail(target);
      const sub = await store.grantSubscription(email, plan, expiryFrom(values));
      return `Granted ${sub.planName} to ${email.toLowerCase()} until ${new Date(sub.expiresAt * 1000).toISOString()}`;
    }
    case 'revoke': {
      const email = requireEmail(target);
      const removed = await store.revokeSubscription(email, plan);
      return removed ? `Revoked ${plan} from ${email.toLowerCase()}` : `${email.toLowerCase()} had no ${plan} plan`;
    }
    case 'set-admin': {
      const email = requireEmail(target);
      const user = await store.setAdmin(email, !values.off);
      return `${user.email} is ${user.isAdmin ? 'now an admin' : 'no longer an admin'}`;
    }
    case 'remove': {
      const email = requireEmail(target);
      const removed = await store.deleteUser(email);
      if (!removed) throw new UsageError(`No account with the email ${email.toLowerCase()}`);
      return `Removed ${email.toLowerCase()} with its plans and sessions`;
    }
    case 'verify': {
      const user = await store.markEmailVerified(requireEmail(target));
      return `${user.email} is confirmed (since ${new Date((user.emailVerifiedAt ?? 0) * 1000).toISOString()})`;
    }
    case 'list': {
      const users = await store.listUsers();
      if (values.json) {
        return JSON.stringify(
          users.map(({ passwordHash: _hidden, ...u }) => u),
          null,
          2,
        );
      }
      return formatUsers(users);
    }
    case 'seed-demo': {
      await seedDemoAccounts(store);
      return `Demo accounts ready: ${DEMO_ACCOUNTS.map((d) => d.email).join(', ')} (passwords in the README)`;
    }
    default:
      throw new UsageError(`Unknown command "${command}"\n${USAGE}`);
  }
}

async function main(): Promise<void> {
  const store = openAccountStore();
  try {
    console.log(await runUsersCommand(process.argv.slice(2), store));
  } catch (error) {
    const known = error instanceof UsageError || (error instanceof Error && /Error$/.test(error.name) && error.name !== 'Error');
    console.error(`users: ${error instanceof Error ? error.message : String(error)}`);
    if (!known && error instanceof Error && error.stack) console.error(error.stack);
    process.exitCode = 1;
  } finally {
    await store.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('/auth/cli.ts')) {
  await main();
}
