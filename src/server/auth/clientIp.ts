/**
 * The client's IP for rate limiting. The socket address by default; with TRUST_PROXY=1 (behind a reverse proxy
 * that sets it) the first X-Forwarded-For entry. Without TRUST_PROXY the header is ignored: clients could forge it.
 */
import { config } from '../config.ts';

export function clientIpOf(request: Request, socketAddress: string, trustProxy = config.trustProxy): string {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress || 'unknown';
}
