/**
 * The security headers of every response (pages, API, static files, prerendered pages, errors), set by the
 * project's server before anything else answers:
 * - Content-Security-Policy: HTML pages load only the site's own scripts, styles, fonts and images, and inline
 *   scripts only by hash (Astro's island loader and directive scripts, our own inline guards: cspHashes.ts);
 *   no 'unsafe-inline' for scripts. Other responses (JSON, files) get a policy that allows nothing.
 *   frame-ancestors 'none' everywhere.
 * - X-Content-Type-Options nosniff, X-Frame-Options DENY, Referrer-Policy, Permissions-Policy,
 *   Cross-Origin-Opener-Policy; Strict-Transport-Security when the site is served over https (AUTH_URL).
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';

export interface SecurityHeaderOptions {
  /** the 'sha256-…' sources of the inline scripts pages may run */
  scriptHashes: readonly string[];
  /** AUTH_URL is https: add HSTS */
  https: boolean;
}

/** The policy of HTML pages. Styles may be inline (Astro inlines small stylesheets; islands set style attributes). */
export function pagePolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.map((h) => `'${h}'`).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of everything that is not a page (JSON, static files, plain-text errors): nothing may run. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function securityHeaders({ scriptHashes, https }: SecurityHeaderOptions) {
  const common: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const page = pagePolicy(scriptHashes);
  return {
    common,
    page,
    /**
     * Sets the headers on a response before it is written. The CSP is chosen when the head is written, from
     * the response's content type (HTML gets the page policy), whoever writes it (our static files, Astro).
     */
    apply(res: ServerResponse): void {
      for (const [name, value] of Object.entries(common)) res.setHeader(name, value);
      const writeHead = res.writeHead;
      res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
        const headers = args.find((a, i) => i > 0 && a && typeof a === 'object' && !Array.isArray(a)) as Record<string, unknown> | undefined;
        // A page that set its own policy (Astro's pages: src/middleware.ts; prerendered pages) keeps it.
        if (!this.hasHeader('content-security-policy') && !headers?.['content-security-policy']) {
          const type = String(headers?.['content-type'] ?? this.getHeader('content-type') ?? '');
          this.setHeader('Content-Security-Policy', type.startsWith('text/html') ? page : NON_PAGE_POLICY);
        }
        return writeHead.apply(this, args);
      } as typeof writeHead;
    },
  };
}

/** The CSP source of a script's text: 'sha256-…' (base64 of the SHA-256 of its UTF-8 bytes). */
export function scriptHash(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/**
 * The hashes of the inline scripts of an HTML document (scripts without src whose type runs as JavaScript).
 * Used on the prerendered pages, which are build output: what they contain is what we shipped.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    hashes.add(scriptHash(m[2] ?? ''));
  }
  return [...hashes];
}
