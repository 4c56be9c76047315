/**
 * The AccountStore on one database, whichever its dialect: each concern's methods, written once over the
 * dialect adapter (db.ts). sqliteStore.ts and postgresStore.ts only open their database and adapt it.
 *   concerns/users.ts        accounts, plans, sign-in failure counters, the admins' log
 *   concerns/selfService.ts  sign-up, emailed links (tokens), password changes, deleting one's account
 *   concerns/sessions.ts     server-side sessions, one-time flash entries
 *   concerns/apiKeys.ts      developer API keys, quota counters
 *   concerns/mail.ts         the mail queue
 *   concerns/billing.ts      customers, subscription states, webhook events, free trials
 *   concerns/savedViews.ts   saved views and their alerts
 */
import { apiKeyMethods } from './concerns/apiKeys.ts';
import { billingMethods } from './concerns/billing.ts';
import { mailMethods } from './concerns/mail.ts';
import { savedViewMethods } from './concerns/savedViews.ts';
import { selfServiceMethods } from './concerns/selfService.ts';
import { sessionMethods } from './concerns/sessions.ts';
import { userMethods } from './concerns/users.ts';
import type { Db } from './db.ts';
import type { AccountStore } from './types.ts';

/** Every AccountStore method on `db` (the object literal's type checks that none is missing). */
function accountStoreOn(db: Db): AccountStore {
  return {
    ...userMethods(db),
    ...selfServiceMethods(db),
    ...sessionMethods(db),
    ...apiKeyMethods(db),
    ...mailMethods(db),
    ...billingMethods(db),
    ...savedViewMethods(db),
    schemaVersion: () => db.schemaVersion(),
    close: () => db.close(),
  };
}

/**
 * The base class of both stores: a new one holds accountStoreOn(db)'s methods as its own properties (so a
 * subclass cannot override one: wrap the store instead).
 */
export const SqlAccountStore = class {
  constructor(db: Db) {
    Object.assign(this, accountStoreOn(db));
  }
} as new (
  db: Db,
) => AccountStore;
