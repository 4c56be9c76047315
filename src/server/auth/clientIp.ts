/**
 * The client's IP for rate limiting. The socket address by default; with TRUST_PROXY=1 (behind a reverse proxy
 * that sets it) the first X-Forwarded-For entry. Without TRUST_PROXY the header is ignored: clients could forge it.
 */
import { isIPv6 } from 'node:net';
import { config } from '../config.ts';

export function clientIpOf(request: Request, socketAddress: string, trustProxy = config.trustProxy): string {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress || 'unknown';
}

/**
 * The rate-limit bucket of an address: IPv4 as is (IPv4-mapped IPv6 like ::ffff:203.0.113.9 too); IPv6 by its
 * /64 network, since one subscriber line usually gets a whole /64 and could otherwise rotate addresses freely.
 */
export function rateLimitKeyForIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':') + '::/64';
}
