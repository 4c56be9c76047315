/**
 * Errors the stats API turns into HTTP responses: 400 bad parameter, 403 gated filter, 404 unknown id.
 * Anything else is a 500.
 */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 503,
    message: string,
    /** the query parameter at fault, when there is one */
    readonly param?: string,
  ) {
    super(message);
  }
}
