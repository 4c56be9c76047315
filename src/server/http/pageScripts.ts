/**
 * The inline scripts Astro's server-rendered pages may carry, for their CSP hashes: Astro's island loader and
 * client directive scripts (the very modules Astro inlines, from the installed astro package) and our own inline
 * chunk-reload guard (src/components/StatsAppMount.astro). Imported by src/middleware.ts, so it is computed in
 * the same bundle that renders the pages: the guard's text is byte for byte what the page carries.
 */
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
import idleDirective from 'astro/runtime/client/idle.prebuilt.js';
import loadDirective from 'astro/runtime/client/load.prebuilt.js';
import mediaDirective from 'astro/runtime/client/media.prebuilt.js';
import onlyDirective from 'astro/runtime/client/only.prebuilt.js';
import visibleDirective from 'astro/runtime/client/visible.prebuilt.js';
import { chunkReloadGuardScript } from '../../lib/site/chunkReload';
import { scriptHash } from './securityHeaders';

export const PAGE_INLINE_SCRIPTS: readonly string[] = [
  islandScript,
  idleDirective,
  loadDirective,
  mediaDirective,
  onlyDirective,
  visibleDirective,
  chunkReloadGuardScript(),
];

export const PAGE_SCRIPT_HASHES: readonly string[] = PAGE_INLINE_SCRIPTS.map(scriptHash);
