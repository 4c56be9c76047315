/**
 * The query string the page was opened with. Gated filters in it are dropped for an anonymous user (spec
 * section 5), but the "Sign in to use" links return to it, so a shared permalink keeps all of its filters once
 * the user has signed in.
 */
import { atom } from 'nanostores';

export const $entryQuery = atom<string>('');
