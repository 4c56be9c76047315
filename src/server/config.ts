/**
 * Server configuration: every environment variable the server reads, read here once and validated with zod.
 * A bad value stops the process at start-up with exit code 1 and one line naming the variable and what it
 * expects (no stack trace, no server that says "listening" and then answers 500).
 *
 * Adding a variable is one entry in SCHEMA (name: a zod schema with its default and a `.describe()` saying what
 * is expected), its field in readConfig's result, and its rows in docs/reference/configuration.md: the generated
 * table is rewritten by `npx tsx scripts/config-reference.ts --write`, and tests/unit/docs/configReference.test.ts
 * fails while the page and SCHEMA differ.
 */
import path from 'node:path';
import { z } from 'zod';
import { PROVIDER_IDS } from './auth/providerIds.ts';
import { accountsFileProblem } from './auth/store/sqliteFile.ts';
import { outboxDirProblem } from './mail/outboxDir.ts';

const int = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'not a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .describe(`a whole number from ${min} to ${max}`);

const flag = z
  .enum(['0', '1'])
  .transform((v) => v === '1')
  .describe('0 or 1');

const text = z.string().min(1);

/**
 * A memory size as DuckDB's memory_limit takes it: a number and a unit, e.g. 1GB, 1.5GB, 512MB, 2GiB. DuckDB
 * itself would accept "80%" or a bare word at the first query and fail there; here a bad value stops the start.
 */
const memorySize = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i, 'not a size with a unit')
  .describe('a size with its unit, e.g. 1GB, 1.5GB, 512MB, 2GiB');

const providers = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === 'none') return [] as string[];
    const ids = v
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    const unknown = ids.filter((id) => !(PROVIDER_IDS as readonly string[]).includes(id));
    if (ids.length === 0 || unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `unknown provider ${unknown.join(', ') || '(empty)'}` });
      return z.NEVER;
    }
    return ids;
  })
  .describe(`"none" or a comma-separated list of: ${PROVIDER_IDS.join(', ')}`);

const postgresUrl = z
  .string()
  .trim()
  .regex(/^postgres(ql)?:\/\/./, 'not a PostgreSQL URL')
  .describe('a postgres:// or postgresql:// URL (or unset for the embedded SQLite store)');

const smtpUrl = z.url({ protocol: /^smtps?$/ }).describe('an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465');

const mailbox = z
  .string()
  .trim()
  .regex(/^([^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, 'not an address')
  .describe('an address, e.g. "Courtvision <no-reply@courtvision.example>"');

const httpUrl = z
  .url({ protocol: /^https?$/ })
  .transform((v) => v.replace(/\/+$/, ''))
  .describe('an http:// or https:// URL, e.g. https://courtvision.example');

/** The league's public CDN: the live feeds sit under it at staticData/... and liveData/... */
export const LEAGUE_CDN_BASE_URL = 'https://cdn.nba.com/static/json';
/** The recorded responses, read in place of the CDN outside production (recorded-feed/README.md). */
export const RECORDED_FEED_BASE_URL = 'file:recorded-feed';

const feedBaseUrl = z
  .string()
  .trim()
  .regex(/^(https?:\/\/[^\s/?#]+[^\s?#]*|file:[^\s?#]+)$/, 'not an http(s):// or file: URL')
  .transform((v) => v.replace(/\/+$/, ''))
  .describe(
    `an http:// or https:// URL the feeds' paths (staticData/..., liveData/...) follow, e.g. ${LEAGUE_CDN_BASE_URL}, or file:<folder> of recorded responses laid out as recorded-feed/`,
  );

/** Every variable: its schema, default (as the string it would be in the environment), and what it expects. */
const SCHEMA = {
  NBA_DATA_DIR: text.default('../shared/nba-data').describe('a folder path'),
  STATS_DB_PATH: text.default('data/stats.duckdb').describe('a file path'),
  ACCOUNTS_DB_PATH: text.optional().describe('a file path'),
  DATABASE_URL: postgresUrl.optional(),
  ACCOUNTS_DB_TIMEOUT_MS: int(100, 60_000).default(3_000),
  API_CACHE_BYTES: int(1 << 20, 64 * 1024 ** 3).default(128 * 1024 * 1024),
  STATS_DB_CONNECTIONS: int(1, 64).default(3),
  STATS_HEAVY_SLOTS: int(1, 63).default(2),
  STATS_DB_THREADS: int(1, 256).default(2),
  STATS_DB_MEMORY_LIMIT: memorySize.default('700MB'),
  STATS_HEAVY_PER_CLIENT: int(1, 1000).default(2),
  STATS_QUERY_TIMEOUT_MS: int(100, 600_000).default(20_000),
  STATS_MAX_LINEUP_ROWS: int(100, 10_000_000).default(50_000),
  API_KEY_PER_MINUTE: int(1, 1_000_000).default(60),
  API_KEY_PER_DAY: int(1, 100_000_000).default(20_000),
  API_ANON_PER_MINUTE: int(0, 1_000_000).default(10),
  API_ANON_PER_DAY: int(0, 100_000_000).default(500),
  API_HEAVY_COST: int(1, 1000).default(5),
  AUTH_SECRET: text.optional().describe('a secret of at least 32 random bytes'),
  AUTH_SECRET_FILE: text.default('.local/auth-secret').describe('a file path'),
  AUTH_URL: httpUrl.optional(),
  TRUST_PROXY: int(0, 10).describe('0 (no proxy), or the number of proxies in front of the server (1 behind one load balancer)').default(0),
  AUTH_PROVIDERS: providers.default(['credentials']),
  SIGNIN_MAX_FAILURES_PER_IP: int(1, 1_000_000).default(20),
  SIGNIN_MAX_FAILURES_PER_ACCOUNT: int(1, 1_000_000).default(5),
  SIGNIN_SLOW_AFTER_FAILURES_PER_ACCOUNT: int(1, 1_000_000).default(10),
  SIGNIN_MAX_DELAY_MS: int(0, 3_600_000).default(300_000),
  SIGNIN_WINDOW_SECONDS: int(1, 7 * 24 * 3600).default(900),
  SMTP_URL: smtpUrl.optional(),
  MAIL_FROM: mailbox.optional(),
  MAIL_OUTBOX_DIR: text.default('data/outbox').describe('a folder path'),
  MAIL_RETRY_SECONDS: int(1, 3600).default(30),
  ACCOUNT_LIMIT_PER_IP: int(1, 1_000_000).default(20),
  ACCOUNT_LIMIT_PER_EMAIL: int(1, 1_000_000).default(5),
  ACCOUNT_LIMIT_WINDOW_SECONDS: int(1, 7 * 24 * 3600).default(3600),
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'not a Stripe secret key')
    .optional()
    .describe('a Stripe secret key, sk_test_... or sk_live_...'),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, 'not a webhook signing secret')
    .optional()
    .describe('a webhook signing secret, whsec_...'),
  STRIPE_PRICE_MONTHLY: z
    .string()
    .trim()
    .regex(/^price_\w+$/, 'not a price id')
    .optional()
    .describe('a Stripe price id, price_...'),
  STRIPE_PRICE_ANNUAL: z
    .string()
    .trim()
    .regex(/^price_\w+$/, 'not a price id')
    .optional()
    .describe('a Stripe price id, price_...'),
  STRIPE_API_URL: httpUrl.optional(),
  FEED_BASE_URL: feedBaseUrl.optional(),
  BILLING_TEST_PROVIDER: flag.default(false),
  PLAN_MONTHLY_CENTS: int(50, 100_000).default(800),
  PLAN_ANNUAL_CENTS: int(50, 1_000_000).default(7_500),
  PLAN_CURRENCY: z
    .string()
    .trim()
    .regex(/^[a-z]{3}$/, 'not a currency code')
    .default('usd')
    .describe('a lower-case ISO currency code, e.g. usd'),
  PLAN_TRIAL_DAYS: int(0, 90).default(7),
  TRIAL_SWEEP_SECONDS: int(1, 24 * 3600).default(600),
  SHUTDOWN_GRACE_MS: int(0, 120_000).default(10_000),
  WORKER_THREAD_NICENESS: int(0, 19).default(10),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'not a log level')
    .default('info')
    .describe('fatal, error, warn, info, debug, trace or silent'),
  METRICS_TOKEN: z.string().trim().min(16, 'shorter than 16 characters').optional().describe('a secret of at least 16 characters'),
  PORT: int(0, 65_535).default(4321),
  HOST: text.default('0.0.0.0').describe('a host name or address to listen on'),
  DIST_DIR: text.default('dist').describe('a folder path'),
  NODE_ENV: z.enum(['development', 'production', 'test'], 'not one of development, production, test').optional().describe('development, production or test'),
  STATS_DB_LOG: flag.default(false),
  STATS_DB_LOG_FULL: flag.default(false),
} satisfies Record<string, z.ZodType>;

export type ConfigVariable = keyof typeof SCHEMA;
type Values = { [K in ConfigVariable]: z.output<(typeof SCHEMA)[K]> };

/** One variable as the configuration reference lists it: its default as it would be written in the environment. */
export interface VariableDoc {
  name: ConfigVariable;
  /** undefined: no default (unset unless given) */
  default: string | undefined;
  expected: string;
}

/** Every variable of SCHEMA, in its order, with its default and what it expects (the reference's generated table). */
export function describeVariables(): VariableDoc[] {
  return (Object.entries(SCHEMA) as [ConfigVariable, z.ZodType][]).map(([name, schema]) => {
    const def = (schema as unknown as { _zod: { def: { type: string; defaultValue?: unknown } } })._zod.def;
    const value = def.type === 'default' ? def.defaultValue : undefined;
    const shown = value === undefined ? undefined : typeof value === 'boolean' ? (value ? '1' : '0') : Array.isArray(value) ? value.join(',') : String(value);
    const expected = schema.description ?? (schema as { unwrap?: () => z.ZodType }).unwrap?.().description ?? '';
    return { name, default: shown, expected };
  });
}

/** A bad environment variable: the message is the one line printed at start-up. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The default accounts database (a missing file there is created; anywhere else it is a start-up error). */
export const DEFAULT_ACCOUNTS_DB_PATH = 'data/accounts.sqlite';

function parseVariables(env: NodeJS.ProcessEnv): Values {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(SCHEMA) as [ConfigVariable, z.ZodType][]) {
    const raw = env[name];
    const result = schema.safeParse(raw === undefined || raw === '' ? undefined : raw);
    if (!result.success) {
      const expected = schema.description ?? (schema as { unwrap?: () => z.ZodType }).unwrap?.().description ?? 'a valid value';
      const why = result.error.issues[0]?.message ?? 'invalid';
      throw new ConfigError(name, `${name}=${JSON.stringify(raw)} is not valid (${why}): expected ${expected}.`);
    }
    out[name] = result.data;
  }
  return out as Values;
}

/** Rules between variables, checked once each is valid on its own. */
function checkTogether(v: Values): void {
  if (v.STATS_HEAVY_SLOTS >= v.STATS_DB_CONNECTIONS) {
    throw new ConfigError(
      'STATS_HEAVY_SLOTS',
      `STATS_HEAVY_SLOTS=${v.STATS_HEAVY_SLOTS} is not valid (not below STATS_DB_CONNECTIONS=${v.STATS_DB_CONNECTIONS}, which would leave cheap queries no connection): expected a whole number from 1 to ${v.STATS_DB_CONNECTIONS - 1}.`,
    );
  }
  // What is at the two paths the server writes to (the rules and examples: sqliteFile.ts, outboxDir.ts).
  const accountsDb = path.resolve(v.ACCOUNTS_DB_PATH ?? DEFAULT_ACCOUNTS_DB_PATH);
  const accountsProblem = v.DATABASE_URL ? null : accountsFileProblem(accountsDb);
  if (accountsProblem) {
    throw new ConfigError(
      'ACCOUNTS_DB_PATH',
      `ACCOUNTS_DB_PATH=${JSON.stringify(accountsDb)} is not valid (${accountsProblem}): expected an accounts database of this server (at the default path, no file yet is fine too).`,
    );
  }
  const outboxProblem = v.SMTP_URL ? null : outboxDirProblem(v.MAIL_OUTBOX_DIR);
  if (outboxProblem) {
    throw new ConfigError(
      'MAIL_OUTBOX_DIR',
      `MAIL_OUTBOX_DIR=${JSON.stringify(path.resolve(v.MAIL_OUTBOX_DIR))} is not valid (${outboxProblem}): expected a folder path.`,
    );
  }
  const secret = v.AUTH_SECRET;
  if (v.NODE_ENV === 'production' && secret !== undefined && Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES) {
    throw new ConfigError(
      'AUTH_SECRET',
      `AUTH_SECRET=(${Buffer.byteLength(secret, 'utf8')} bytes, hidden) is not valid (too short to be secret): expected at least ${MIN_SECRET_BYTES} random bytes in production, e.g. AUTH_SECRET="$(openssl rand -base64 33)".`,
    );
  }
}

/** The shortest AUTH_SECRET production accepts. */
export const MIN_SECRET_BYTES = 32;

/** The configuration of an environment (throws ConfigError naming the first bad variable). */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const v = parseVariables(env);
  checkTogether(v);
  return {
    /** Folder of the raw play-by-play data (read by the ingest and the data tests). */
    nbaDataDir: path.resolve(v.NBA_DATA_DIR),
    /** The stats database built by `npm run ingest` (read-only for the server). */
    statsDbPath: path.resolve(v.STATS_DB_PATH),
    /** Stats API: bytes of compressed /api/data answers kept in the in-memory LRU cache. */
    apiCacheBytes: v.API_CACHE_BYTES,
    /** Stats API: DuckDB connections kept open on the read-only stats database (= computations at once). */
    statsDbConnections: v.STATS_DB_CONNECTIONS,
    /** DuckDB's worker threads for the whole stats instance (shared by every connection): the node's cores. */
    statsDbThreads: v.STATS_DB_THREADS,
    /** DuckDB's memory_limit for the stats instance (its buffer pool and the queries' working memory), e.g. 1GB. */
    statsDbMemoryLimit: v.STATS_DB_MEMORY_LIMIT.replace(/\s+/g, ''),
    /** Stats API: how many of those connections heavy (costly) computations may hold at once. */
    statsHeavySlots: v.STATS_HEAVY_SLOTS,
    /** Stats API: heavy uncached computations one client (session or IP) may have waiting or running. */
    statsHeavyPerClient: v.STATS_HEAVY_PER_CLIENT,
    /** Stats API: an uncached computation still running after this many ms is interrupted (503). */
    statsQueryTimeoutMs: v.STATS_QUERY_TIMEOUT_MS,
    /** Stats API: the most lineup (or unit) rows one answer lists, counted once per metric set; more is a 400 before any row is built (views/lineupViews.ts). */
    statsMaxLineupRows: v.STATS_MAX_LINEUP_ROWS,
    /** Developer API (/api/v1) quotas: requests per key and per anonymous client (IP), by minute and by day; a heavy query counts apiHeavyCost. */
    apiQuota: {
      key: { minute: v.API_KEY_PER_MINUTE, day: v.API_KEY_PER_DAY },
      anonymous: { minute: v.API_ANON_PER_MINUTE, day: v.API_ANON_PER_DAY },
      heavyCost: v.API_HEAVY_COST,
    },
    /** Log every stats SQL statement with its time (STATS_DB_LOG=1). */
    statsDbLog: v.STATS_DB_LOG,
    /** With STATS_DB_LOG: print whole statements rather than their first 160 characters. */
    statsDbLogFull: v.STATS_DB_LOG_FULL,
    /** The accounts database (users, subscriptions, sessions) when DATABASE_URL is not set: an embedded SQLite file. */
    accountsDbPath: path.resolve(v.ACCOUNTS_DB_PATH ?? DEFAULT_ACCOUNTS_DB_PATH),
    /**
     * PostgreSQL connection URL (postgres://user:password@host:5432/db); when set, accounts, plans, sessions and
     * sign-in failure counters live there, shared by every web node, instead of in ACCOUNTS_DB_PATH.
     */
    databaseUrl: v.DATABASE_URL ?? '',
    /** PostgreSQL: the longest a connect, a wait for a pooled connection or a statement may take, ms (then 503). */
    accountsDbTimeoutMs: v.ACCOUNTS_DB_TIMEOUT_MS,
    /** True when ACCOUNTS_DB_PATH was set: the server then refuses to start if the file is missing. */
    accountsDbPathIsExplicit: v.ACCOUNTS_DB_PATH !== undefined,
    /**
     * AUTH_SECRET, read when used (never at build time): the project's server resolves the effective secret at
     * start-up (src/server/auth/secret.ts: the variable, else a generated local one) and puts it back into the
     * environment, which is how Astro's bundle, a separate module graph, receives it.
     */
    get authSecret(): string | undefined {
      return env.AUTH_SECRET || undefined;
    },
    /** Where a local AUTH_SECRET is generated once and kept when AUTH_SECRET is not set outside production. */
    authSecretFile: path.resolve(v.AUTH_SECRET_FILE),
    /** Public URL of the site (optional, no trailing slash). An https:// AUTH_URL forces Secure cookies and HSTS. */
    authUrl: v.AUTH_URL ?? '',
    /**
     * The number of reverse proxies in front (0: none). Above 0: X-Forwarded-Proto is trusted (Secure cookies), and
     * the client's address is the X-Forwarded-For entry that many hops from the right (the one the outermost
     * trusted proxy appended), never an entry the client wrote itself.
     */
    trustProxy: v.TRUST_PROXY,
    /** The sign-in providers switched on (empty: sign-in is off). */
    authProviders: v.AUTH_PROVIDERS,
    /** Failed sign-ins per client IP within the window after which the address is busy: guesses slowed, then refused (auth/signInGuard.ts). */
    signInMaxFailuresPerIp: v.SIGNIN_MAX_FAILURES_PER_IP,
    /** Failed sign-ins allowed per account from one IP within the window before 429. */
    signInMaxFailuresPerAccount: v.SIGNIN_MAX_FAILURES_PER_ACCOUNT,
    /** Failed sign-ins on an account (all IPs) within the window after which it takes one attempt per growing delay. */
    signInSlowAfterFailuresPerAccount: v.SIGNIN_SLOW_AFTER_FAILURES_PER_ACCOUNT,
    /** The longest delay between the checked attempts of an account past its threshold. */
    signInMaxDelayMs: v.SIGNIN_MAX_DELAY_MS,
    /** The sliding window of the sign-in limits, in seconds. */
    signInWindowSeconds: v.SIGNIN_WINDOW_SECONDS,
    /** Outgoing mail server (smtp:// or smtps://); unset outside production: messages go to mailOutboxDir. */
    smtpUrl: v.SMTP_URL ?? '',
    /** The From of every message; default "Courtvision <no-reply@{AUTH_URL's host, else localhost}>". */
    mailFrom: v.MAIL_FROM ?? `Courtvision <no-reply@${v.AUTH_URL ? new URL(v.AUTH_URL).hostname : 'localhost'}>`,
    /** Where messages are written as .eml files when no SMTP_URL is set (development, `npm start`). */
    mailOutboxDir: path.resolve(v.MAIL_OUTBOX_DIR),
    /** A failed send is retried after this many seconds, doubling each time up to an hour. */
    mailRetrySeconds: v.MAIL_RETRY_SECONDS,
    /** Sign-ups, password-reset and verification requests per client IP in the window (then 429). */
    accountLimitPerIp: v.ACCOUNT_LIMIT_PER_IP,
    /** The same per email address typed (then 429, whether or not the address has an account). */
    accountLimitPerEmail: v.ACCOUNT_LIMIT_PER_EMAIL,
    /** The sliding window of those limits, in seconds. */
    accountLimitWindowSeconds: v.ACCOUNT_LIMIT_WINDOW_SECONDS,
    /** Stripe: the secret key; unset, payments go to the local test provider (no money moves). */
    stripeSecretKey: v.STRIPE_SECRET_KEY ?? '',
    /** Stripe: the webhook endpoint's signing secret (required with a secret key). */
    stripeWebhookSecret: v.STRIPE_WEBHOOK_SECRET ?? '',
    /** Stripe: the recurring prices of the Stats plan (required with a secret key). */
    stripePriceMonthly: v.STRIPE_PRICE_MONTHLY ?? '',
    stripePriceAnnual: v.STRIPE_PRICE_ANNUAL ?? '',
    /** Stripe's API at another address (a Stripe-compatible server: the tests' stand-in); unset: Stripe itself. */
    stripeApiUrl: v.STRIPE_API_URL ?? '',
    /**
     * Where `npm run fetch-games` and `npm run nightly` read the league's live feeds: FEED_BASE_URL, else the
     * league's CDN in production and the recorded responses (file:recorded-feed, no network) everywhere else.
     */
    feedBaseUrl: v.FEED_BASE_URL ?? (v.NODE_ENV === 'production' ? LEAGUE_CDN_BASE_URL : RECORDED_FEED_BASE_URL),
    /** Allow the local test payment provider in production (a staging site). */
    billingTestProvider: v.BILLING_TEST_PROVIDER,
    /** The Stats plan's prices as shown on /pricing (Stripe's prices are what is charged), and its free trial. */
    planMonthlyCents: v.PLAN_MONTHLY_CENTS,
    planAnnualCents: v.PLAN_ANNUAL_CENTS,
    planCurrency: v.PLAN_CURRENCY,
    planTrialDays: v.PLAN_TRIAL_DAYS,
    /** How often each node looks for trials ending in 3 days (their reminder) and, in test mode, trials that ended. */
    trialSweepSeconds: v.TRIAL_SWEEP_SECONDS,
    /** The least important level the log writes (request lines are info). */
    logLevel: v.LOG_LEVEL,
    /** The bearer token /metrics asks for; empty: /metrics is off (404). */
    metricsToken: v.METRICS_TOKEN ?? '',
    /** On SIGTERM/SIGINT: how long requests under way may take to finish before they are cut, ms. */
    shutdownGraceMs: v.SHUTDOWN_GRACE_MS,
    /** The nice value of every thread of the server but the main one (http/threadPriority.ts); 0 leaves them alone. */
    workerThreadNiceness: v.WORKER_THREAD_NICENESS,
    /** `npm run serve`: where to listen and which build to serve. */
    port: v.PORT,
    host: v.HOST,
    distDir: path.resolve(v.DIST_DIR),
    production: v.NODE_ENV === 'production',
  };
}

export type Config = ReturnType<typeof readConfig>;

function configOrExit(): Config {
  try {
    return readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // One line, no stack trace: the process cannot run with this environment.
    console.error(`Courtvision cannot start: ${error.message}`);
    process.exit(1);
  }
}

export const config: Config = configOrExit();
