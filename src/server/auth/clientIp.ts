/**
 * The client's IP for rate limiting. The socket address by default. Behind TRUST_PROXY=N proxies, each appends
 * the address it received the request from to X-Forwarded-For, so the client's address is the entry N hops from
 * the right of [...X-Forwarded-For, socket address]; entries further left were written by the client itself and
 * are never trusted (a client that rotates them gets nothing). Without TRUST_PROXY the header is ignored.
 */
import { isIPv6 } from 'node:net';
import { config } from '../config.ts';

export function clientIpOf(request: Request, socketAddress: string, trustedProxies = config.trustProxy): string {
  if (trustedProxies > 0) {
    const forwarded = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const chain = [...forwarded, socketAddress || 'unknown'];
    // Fewer entries than proxies: the request did not come through all of them; the leftmost hop is all we have.
    return chain[Math.max(0, chain.length - 1 - trustedProxies)]!;
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
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The rate-limit bucket of a request (its client address as above, IPv6 by /64). The adapter's clientAddress
 * throws when it cannot tell (tests calling a handler directly): then one shared bucket.
 */
export function rateLimitKeyOf(context: { request: Request; readonly clientAddress?: string }): string {
  let socketAddress = '';
  try {
    socketAddress = context.clientAddress ?? '';
  } catch {
    // unknown
  }
  return rateLimitKeyForIp(clientIpOf(context.request, socketAddress));
}
