/**
 * Gated filters a shared link names that this user cannot use (no Stats plan, or not signed in): shown as locked
 * pills with what they need (src/islands/FilterPills.tsx), kept in the URL so the link stays the one shared
 * (src/stores/statsApp.ts), never sent: the table is the answer without them, as the server allows.
 */
import { atom } from 'nanostores';
import type { LockedFilter } from '../lib/params/queryState';

export const $lockedFilters = atom<readonly LockedFilter[]>([]);
