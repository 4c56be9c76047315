/**
 * Component tests (tests/unit/components/*.test.ts): .astro components rendered with Astro's container API,
 * which needs Astro's Vite plugins (getViteConfig). A project of vitest.config.ts.
 */
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    name: 'components',
    include: ['tests/unit/components/**/*.test.ts'],
  },
});
