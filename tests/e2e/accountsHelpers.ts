/** Helpers for the accounts e2e specs: demo accounts (seeded with the real CLI) and signing in through the form. */
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { packageScript, scriptEnv } from '../support/packageScripts';

export { DEMO } from './demoAccounts';

/** The entry of `npm run users` (package.json: `tsx <entry>`), run by the project's node with tsx's loader. */
const USERS_ENTRY = packageScript('users').replace(/^tsx /, '');

const users = (env: NodeJS.ProcessEnv, args: string[]): string =>
  execFileSync('node', ['--import', 'tsx', USERS_ENTRY, ...args], { encoding: 'utf8', env: scriptEnv(env) });

/** `npm run users -- <args>` against the same ACCOUNTS_DB_PATH as the server under test. */
export const usersCli = (...args: string[]): string => users(process.env, args);

/** `npm run users -- <args>` against another SQLite accounts file (a server of the test's own). */
export const usersCliOn = (accountsDb: string, ...args: string[]): string => users({ ...process.env, ACCOUNTS_DB_PATH: accountsDb, DATABASE_URL: '' }, args);

let seeded = false;
export function seedDemoAccounts(): void {
  if (seeded) return;
  usersCli('seed-demo');
  seeded = true;
}

/** Fills and submits the sign-in form on the current /signin page. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens /signin (optionally with a callback) and signs in; waits for the redirect away from /signin. */
export async function signIn(page: Page, who: { email: string; password: string }, callbackUrl = '/'): Promise<void> {
  await page.goto(`/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await submitSignIn(page, who.email, who.password);
  await expect(page).not.toHaveURL(/\/signin/);
}

export function accountNav(page: Page) {
  return page.locator('header .account-nav');
}
