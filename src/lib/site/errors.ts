/**
 * Error page wording (spec sections 2 and 8): 404 shows "Page not found", any other status shows
 * "Internal Server Error"; the message shown is the error's own, else the status message.
 */
const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The page heading for an error status; unknown or missing statuses are treated as 500. */
export function errorHeading(status: number | undefined): string {
  return status === 404 ? 'Page not found' : 'Internal Server Error';
}

/** The standard reason phrase of a status ("Not Found"), "Internal Server Error" when unknown. */
export function statusMessage(status: number | undefined): string {
  return (status !== undefined && STATUS_MESSAGES[status]) || 'Internal Server Error';
}

/** The message for a path that matched no route or failed validation (spec section 8). */
export function notFoundMessage(path: string): string {
  return `Page Not Found: ${path}`;
}
