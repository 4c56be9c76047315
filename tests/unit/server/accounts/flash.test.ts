/**
 * One-time flash messages (POST-redirect-GET on the account page), on both accounts stores: the redirect sets a
 * short-lived HttpOnly cookie holding only a random id; the next GET shows the message once and clears the
 * cookie; a second read, another user, an expired entry or a forged id get nothing; and the store never holds
 * the secret a flash carries in readable form.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountStore, UserRecord } from '../../../../src/server/auth/store/types.ts';
import { STORE_KINDS, freshLocation, openStoreAt, type StoreKind } from '../../../support/accountStores.ts';
import { FLASH_TTL_SECONDS, redirectWithFlash, takeFlash } from '../../../../src/server/accounts/flash.ts';
import { sha256Hex } from '../../../../src/server/auth/digest.ts';
import { nowSeconds } from '../../../../src/server/auth/store/rows.ts';

const SECRET = 'cv_live_THISISTHENEWKEYSSECRETPART0123456789';
const flash = { form: 'api-key', result: { ok: true as const, message: 'Your key is ready.', secret: SECRET } };

/** A page request as the account pages see it (a real Request and response headers). */
function page(cookie?: string) {
  const url = new URL('http://127.0.0.1:4321/profile');
  return { request: new Request(url, { headers: cookie ? { cookie } : {} }), url, clientAddress: '127.0.0.1', response: { headers: new Headers() } };
}

describe.each(STORE_KINDS)('flash messages on the %s store', (kind: StoreKind) => {
  let store: AccountStore;
  let user: UserRecord;
  let other: UserRecord;

  beforeEach(async () => {
    store = openStoreAt(kind, await freshLocation(kind));
    await store.schemaVersion();
    user = await store.createUser({ email: 'flash@example.com', name: 'Fay Flash', passwordHash: 'x' });
    other = await store.createUser({ email: 'other@example.com', name: 'Oz Other', passwordHash: 'x' });
  });
  afterEach(async () => {
    await store.close();
  });

  async function redirect(forUser = user) {
    const response = await redirectWithFlash(page(), store, forUser.id, flash, '/profile#api-keys');
    const setCookie = response.headers.get('set-cookie')!;
    return { response, setCookie, id: /^cv-flash=([^;]+);/.exec(setCookie)?.[1] ?? '' };
  }

  it('a 303 whose cookie (an id only, short-lived, HttpOnly) shows the message once; the cookie is cleared', async () => {
    const { response, setCookie, id } = await redirect();
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/profile#api-keys');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(setCookie).toMatch(new RegExp(`; Max-Age=${FLASH_TTL_SECONDS}; HttpOnly; SameSite=Lax$`));
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookie).not.toContain(SECRET);
    expect(response.headers.get('location')).not.toContain(SECRET);

    const first = page(`cv-flash=${id}`);
    expect(await takeFlash(first, store, user.id)).toEqual(flash);
    expect(first.response.headers.get('set-cookie')).toMatch(/^cv-flash=; Path=\/; Max-Age=0; HttpOnly/);
    // Reloading with the same cookie (or replaying it): nothing.
    expect(await takeFlash(page(`cv-flash=${id}`), store, user.id)).toBeNull();
    expect(await takeFlash(page(), store, user.id)).toBeNull();
  });

  it('another user, a forged id or an expired entry get nothing', async () => {
    const { id } = await redirect();
    expect(await takeFlash(page(`cv-flash=${id}`), store, other.id)).toBeNull();
    // Taken by the wrong user: gone for the right one too (single use).
    expect(await takeFlash(page(`cv-flash=${id}`), store, user.id)).toBeNull();
    expect(await takeFlash(page(`cv-flash=${'A'.repeat(43)}`), store, user.id)).toBeNull();
    expect(await takeFlash(page('cv-flash=not-an-id'), store, user.id)).toBeNull();
    await store.putFlash({ digest: sha256Hex('B'.repeat(43)), userId: user.id, body: 'x', expiresAt: nowSeconds() - 1 });
    expect(await takeFlash(page(`cv-flash=${'B'.repeat(43)}`), store, user.id)).toBeNull();
  });

  it('the store keeps the entry encrypted: its body does not contain the secret, and a tampered body reads as nothing', async () => {
    const { id } = await redirect();
    const body = await store.takeFlash(sha256Hex(id), user.id, nowSeconds());
    expect(body).not.toBeNull();
    expect(body).not.toContain(SECRET);
    expect(Buffer.from(body!, 'base64url').toString('latin1')).not.toContain(SECRET);
    const again = await redirect();
    const stored = (await store.takeFlash(sha256Hex(again.id), user.id, nowSeconds()))!;
    const flipped = Buffer.from(stored, 'base64url');
    flipped[flipped.length - 1]! ^= 1;
    await store.putFlash({ digest: sha256Hex(again.id), userId: user.id, body: flipped.toString('base64url'), expiresAt: nowSeconds() + 60 });
    expect(await takeFlash(page(`cv-flash=${again.id}`), store, user.id)).toBeNull();
  });

  it('deleting the account deletes its entries', async () => {
    const { id } = await redirect();
    await store.deleteAccount(user.id, null);
    expect(await store.takeFlash(sha256Hex(id), user.id, nowSeconds())).toBeNull();
  });
});
