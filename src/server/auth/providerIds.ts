/** The sign-in providers the site knows (providers.ts builds each; AUTH_PROVIDERS chooses among them). */
export const PROVIDER_IDS = ['credentials'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];
