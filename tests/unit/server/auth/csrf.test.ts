import { describe, expect, it } from 'vitest';
import { safeCallbackPath } from '../../../../src/server/auth/csrf.ts';
import { clientIpOf, rateLimitKeyForIp } from '../../../../src/server/auth/clientIp.ts';
import { sha256Hex } from '../../../../src/server/auth/digest.ts';

describe('safeCallbackPath (no open redirects)', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeCallbackPath('/stats/players?season=2022')).toBe('/stats/players?season=2022');
    expect(safeCallbackPath('/profile')).toBe('/profile');
  });
  it('refuses other origins and script URLs', () => {
    for (const bad of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '', null, undefined]) {
      expect(safeCallbackPath(bad)).toBe('/');
    }
  });
});

describe('clientIpOf', () => {
  const req = new Request('http://x/', { headers: { 'x-forwarded-for': '203.0.113.9, 10.0.0.1' } });
  it('ignores X-Forwarded-For unless proxies are trusted, and then takes the entry the outermost one appended', () => {
    expect(clientIpOf(req, '127.0.0.1', 0)).toBe('127.0.0.1');
    // One load balancer (the socket): it appended the address it saw, the last entry; the first is the client's own words.
    expect(clientIpOf(req, '127.0.0.1', 1)).toBe('10.0.0.1');
    expect(clientIpOf(req, '127.0.0.1', 2)).toBe('203.0.113.9');
    expect(clientIpOf(req, '127.0.0.1', 5)).toBe('203.0.113.9');
    expect(clientIpOf(new Request('http://x/'), '198.51.100.4', 1)).toBe('198.51.100.4');
  });
  it('a client rotating its own X-Forwarded-For entries stays one address behind a load balancer', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const forged = new Request('http://x/', { headers: { 'x-forwarded-for': `10.9.${i}.1, 198.51.100.77` } });
      seen.add(clientIpOf(forged, '10.0.0.2', 1));
    }
    expect([...seen]).toEqual(['198.51.100.77']);
  });
});

describe('rateLimitKeyForIp', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6, and groups IPv6 by /64', () => {
    expect(rateLimitKeyForIp('203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitKeyForIp('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitKeyForIp('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKeyForIp('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKeyForIp('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKeyForIp('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKeyForIp('unknown')).toBe('unknown');
  });
});

describe('sha256Hex', () => {
  it('is the standard SHA-256 digest (the form session ids are stored in)', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
