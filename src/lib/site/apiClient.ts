/**
 * The client's HTTP instance for the stats API (spec section 7): ky, JSON in and out.
 * - retries once for safe methods (GET, HEAD, OPTIONS, TRACE) on 408, 409, 425, 429, 500, 502, 503, 504;
 * - JSON bodies go out with a JSON content type (ky's `json` option sets it), answers are asked for as JSON;
 * - an error answer's `{ error }` message becomes the thrown error's message.
 * In the browser requests go to the page's origin; code running without a page (tests, scripts) calls
 * configureApiClient({ baseUrl }) first.
 */
import ky, { isHTTPError, type KyInstance, type Options } from 'ky';

export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504] as const;
export const SAFE_METHODS = ['get', 'head', 'options', 'trace'] as const;

/**
 * An API failure with the HTTP status (0 when no answer came), the server's message and, for a bad value, the
 * parameter its 400 names (`{ error, param }`).
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param: string | null = null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

function options(extra: Options = {}): Options {
  return {
    retry: {
      limit: 1,
      methods: [...SAFE_METHODS],
      statusCodes: [...RETRY_STATUS_CODES],
      afterStatusCodes: [429, 503],
      maxRetryAfter: 5_000,
      backoffLimit: 1_000,
    },
    timeout: 60_000,
    headers: { accept: 'application/json' },
    ...extra,
  };
}

let instance: KyInstance = ky.create(options());

/** Point the client elsewhere (tests) or give it another fetch. */
export function configureApiClient(extra: Pick<Options, 'baseUrl' | 'fetch' | 'timeout'>): void {
  instance = ky.create(options(extra));
}

/** The message of a failed request: the server's `{ error }` when it sent one. */
async function toApiError(err: unknown): Promise<unknown> {
  if (isHTTPError(err)) {
    const data = err.data as { error?: unknown; param?: unknown } | undefined;
    const message = typeof data?.error === 'string' ? data.error : `HTTP ${err.response.status}`;
    return new ApiRequestError(err.response.status, message, typeof data?.param === 'string' ? data.param : null);
  }
  if (err instanceof Error && err.name === 'AbortError') return err;
  return new ApiRequestError(0, err instanceof Error ? err.message : String(err));
}

/** GET a JSON document. Throws ApiRequestError (or the AbortError of a cancelled request). */
export async function getJson<T>(path: string, searchParams?: URLSearchParams, signal?: AbortSignal): Promise<T> {
  try {
    return await instance.get(path, { searchParams, signal }).json<T>();
  } catch (err) {
    throw await toApiError(err);
  }
}

/** The ky instance itself, for other calls (POST with `json`). */
export function apiClient(): KyInstance {
  return instance;
}
