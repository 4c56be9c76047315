// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import auth from 'auth-astro';

export default defineConfig({
  output: 'server',
  // Middleware mode: the project's own server (src/server/http/server.ts, `npm run serve`) serves static files
  // and prerendered pages itself (with the session checks) and hands everything else to Astro.
  adapter: node({ mode: 'middleware' }),
  // auth-astro injects the Auth.js endpoints under /api/auth; its configuration is ./auth.config.ts.
  integrations: [react(), auth()],
  server: { port: 4321, host: true },
  // Processed <script>s always become files under /_astro (allowed by the CSP's script-src 'self'), never inline
  // scripts that would need a hash (src/server/http/securityHeaders.ts); images and fonts stay files too.
  // Stylesheets under 20 KB are inlined in the page (the CSP allows inline styles): a phone then paints without
  // waiting a round trip for each of up to 8 small render-blocking sheets (Lighthouse mobile: 300-800 ms of
  // first paint). The one larger sheet, the stats app's (stats.css, ~24 KB), stays a file: inlined it would weigh on
  // every stats page (/stats/players must stay under 150 KB), and as a file it is cached from page to page.
  vite: { build: { assetsInlineLimit: (file, content) => (file.endsWith('.css') ? content.length < 20_000 : false) } },
});
