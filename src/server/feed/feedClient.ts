/**
 * The feed's HTTP client: how Courtvision asks the league's CDN for a file, politely and without trusting it.
 *
 * - One request at a time and at most one a second (`minIntervalMs`), retries included: a night's two dates are
 *   a few dozen files, so there is no reason to be faster.
 * - Each attempt has 10 s to answer and 10 s more to send its body (`timeoutMs`, ky's per-attempt timeout).
 * - Three tries in all on 429, 5xx, a timeout, a refused or reset connection, or a body cut short, with backoff
 *   doubling from `retryDelayMs` (1 s, 2 s); a 429 or 503 with Retry-After waits what it says, at most
 *   `maxRetryAfterMs` (2 min: a CDN asking for longer is better asked again by the next night's run).
 * - A User-Agent naming the site, and If-None-Match with the ETag remembered from the last time: a 304 is
 *   'unchanged' and nothing is downloaded.
 * - 404 is 'missing' (a game the CDN has not published); any other status is an error naming it.
 *
 * ky (a dependency already) does the retries, the backoff, Retry-After and the timeouts; this file adds the
 * pacing, the conditional request and the body read as one more try.
 */
import ky, { isHTTPError, isTimeoutError } from 'ky';

export type FeedResponse =
  | { status: 'ok'; body: string; etag: string | null; url: string }
  | { status: 'unchanged'; url: string }
  | { status: 'missing'; url: string };

export interface FeedClientOptions {
  /** Per attempt: ms to get the response, and again ms to read its body. */
  timeoutMs?: number;
  /** Tries in all (the first and its retries). */
  tries?: number;
  /** The first backoff; doubles each try. */
  retryDelayMs?: number;
  /** The longest Retry-After honoured as it is. */
  maxRetryAfterMs?: number;
  /** The least time between the starts of two requests. */
  minIntervalMs?: number;
  userAgent?: string;
}

/** The User-Agent: the product, what it does, and where to reach the site (AUTH_URL, the site's public URL, when set). */
export function userAgent(siteUrl: string): string {
  return `Courtvision-stats-update/1.0 (nightly fetch of finished games; one request a second${siteUrl ? `; +${siteUrl}/about` : ''})`;
}

/** A request that failed for good (after its tries): the message names the URL and why. */
export class FeedRequestError extends Error {
  constructor(
    readonly url: string,
    readonly why: string,
  ) {
    super(`${url}: ${why}`);
    this.name = 'FeedRequestError';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class FeedClient {
  /** HTTP requests sent (each try counts). */
  requests = 0;
  private nextStart = 0;
  private readonly o: Required<FeedClientOptions>;

  constructor(options: FeedClientOptions = {}) {
    this.o = {
      timeoutMs: options.timeoutMs ?? 10_000,
      tries: options.tries ?? 3,
      retryDelayMs: options.retryDelayMs ?? 1_000,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 120_000,
      minIntervalMs: options.minIntervalMs ?? 1_000,
      userAgent: options.userAgent ?? userAgent(''),
    };
  }

  /** Waits for the request's turn (at most one start per minIntervalMs), then counts it. */
  private async pace(): Promise<void> {
    const wait = this.nextStart - Date.now();
    if (wait > 0) await sleep(wait);
    this.nextStart = Date.now() + this.o.minIntervalMs;
    this.requests++;
  }

  async get(url: string, etag?: string): Promise<FeedResponse> {
    const tried = { count: 0 };
    for (;;) {
      try {
        return await this.attempt(url, etag, tried);
      } catch (error) {
        // ky retried statuses, timeouts and connection errors itself; a body cut short comes here.
        const why = describe(error);
        if (!why.retry || tried.count >= this.o.tries)
          throw new FeedRequestError(url, `${why.text} (after ${tried.count} ${tried.count === 1 ? 'try' : 'tries'})`);
        await sleep(this.o.retryDelayMs * 2 ** (tried.count - 1));
      }
    }
  }

  private async attempt(url: string, etag: string | undefined, tried: { count: number }): Promise<FeedResponse> {
    let last: Response | undefined;
    const before = async () => {
      tried.count++;
      await this.pace();
    };
    const body = await ky
      .get(url, {
        headers: { 'User-Agent': this.o.userAgent, Accept: 'application/json', ...(etag ? { 'If-None-Match': etag } : {}) },
        timeout: this.o.timeoutMs,
        throwHttpErrors: (status) => status !== 304 && status !== 404,
        retry: {
          limit: Math.max(0, this.o.tries - tried.count - 1),
          methods: ['get'],
          statusCodes: [429, 500, 502, 503, 504],
          afterStatusCodes: [429, 503],
          maxRetryAfter: this.o.maxRetryAfterMs,
          retryOnTimeout: true,
          delay: (n) => this.o.retryDelayMs * 2 ** (n - 1),
          jitter: false,
        },
        hooks: {
          beforeRequest: [before],
          beforeRetry: [before],
          afterResponse: [
            ({ response }) => {
              last = response;
            },
          ],
        },
      })
      .text();
    if (last?.status === 304) return { status: 'unchanged', url };
    if (last?.status === 404) return { status: 'missing', url };
    return { status: 'ok', body, etag: last?.headers.get('etag') ?? null, url };
  }
}

function describe(error: unknown): { text: string; retry: boolean } {
  if (isHTTPError(error)) return { text: `HTTP ${error.response.status}`, retry: false };
  if (isTimeoutError(error)) return { text: 'timed out', retry: true };
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  const text = error instanceof Error ? `${error.message}${cause}` : String(error);
  // The body ended before its Content-Length, or the connection was reset while it came ("terminated").
  const cut = error instanceof TypeError || /terminated|ECONNRESET|other side closed|premature/i.test(text);
  return { text: cut ? `connection cut (${text})` : text, retry: cut };
}
