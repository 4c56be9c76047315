/**
 * auth-astro's configuration file (it loads this default export for the /api/auth endpoints). The configuration
 * itself lives in src/server/auth/authConfig.ts: JWT sessions, the providers, the secret read at run time
 * (AUTH_SECRET) and trustHost (the project's server sits in front). `prefix` and `basePath` are both set there,
 * which is all auth-astro's defineConfig would add.
 */
import { createAuthConfig } from './src/server/auth/authConfig.ts';

export default createAuthConfig();
