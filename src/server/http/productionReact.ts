/**
 * The server renders pages with React's production build, whatever NODE_ENV says. React chooses its build when it
 * is first loaded, from process.env.NODE_ENV, and the embedded default runs without NODE_ENV=production (that
 * setting makes the production secrets required: src/server/config.ts), so Astro's build, which loads React from
 * node_modules, rendered with the development build and its checks (a box-score page asked 200 times: 22 ms a
 * page with it, 16.6 ms with the production build). React is loaded here, before Astro's build, with NODE_ENV set to "production" for that
 * moment only (the configuration has already read it); every later import of React, by Astro's renderer or a
 * component library, gets these same modules. `reactBuild()` says which build the process holds.
 */
import { createRequire } from 'node:module';

/** The React entry points Astro's server build imports (dist/server/entry.mjs and its chunks). */
const REACT_ENTRIES = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server'];

const require = createRequire(import.meta.url);

export function loadProductionReact(): void {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    for (const entry of REACT_ENTRIES) require(entry);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

/** 'production' or 'development': the React build loaded in this process (null before React is loaded). */
export function reactBuild(): 'production' | 'development' | null {
  const loaded = Object.keys(require.cache).filter((file) => /[\\/]react[\\/]cjs[\\/]react\.(production|development)\.js$/.test(file));
  if (loaded.some((file) => file.endsWith('development.js'))) return 'development';
  return loaded.length ? 'production' : null;
}
