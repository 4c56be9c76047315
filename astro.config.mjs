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
  // scripts that would need a hash (src/server/http/securityHeaders.ts).
  vite: { build: { assetsInlineLimit: 0 } },
});
