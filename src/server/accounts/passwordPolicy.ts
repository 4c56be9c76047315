/**
 * What a new password must be (NIST SP 800-63B, 5.1.1.2): at least 8 characters and up to 1,024, any characters
 * (spaces and emoji included), no composition rules; refused when it is common or easy to guess (zxcvbn-ts with
 * its common and English dictionaries: a score under MIN_SCORE), or contains the email address or the site's
 * name. The answer says why, in words a person can act on.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { SITE_NAME } from '../../lib/site/site.ts';
import { MIN_PASSWORD_LENGTH } from '../auth/password.ts';

export { MIN_PASSWORD_LENGTH };

export const MAX_PASSWORD_LENGTH = 1024;
/** zxcvbn's 0-4 scale: 2 is "somewhat guessable" (over 10^6 guesses), the least we accept. */
export const MIN_SCORE = 2;
/** zxcvbn's work grows with length; the first characters decide whether a long password is guessable. */
const ANALYSED_LENGTH = 100;

let estimator: ZxcvbnFactory | null = null;
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
  return estimator;
}

export interface PasswordContext {
  email: string;
  name?: string;
}

/** Why the password cannot be used, or null when it can. */
export function passwordProblem(password: string, { email, name }: PasswordContext): string | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH.toLocaleString('en-US')} characters.`;
  const lower = password.toLowerCase();
  if (lower.includes(SITE_NAME.toLowerCase())) return `Choose a password without the site's name (${SITE_NAME}) in it.`;
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  if ((address && lower.includes(address)) || (local.length >= 3 && lower.includes(local))) {
    return 'Choose a password without your email address in it.';
  }
  const inputs = [
    address,
    local,
    SITE_NAME,
    ...(name
      ? name
          .toLowerCase()
          .split(/\s+/)
          .filter((w) => w.length >= 3)
      : []),
  ];
  const result = zxcvbn().check(password.slice(0, ANALYSED_LENGTH), inputs);
  if (result.score >= MIN_SCORE) return null;
  const why = result.feedback.warning ? `${result.feedback.warning.replace(/\.?$/, '.')} ` : 'This password is too easy to guess. ';
  const tip = result.feedback.suggestions[0] ?? 'Add another word or two.';
  return `${why}${tip}`;
}
