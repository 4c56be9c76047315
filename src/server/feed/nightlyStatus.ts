/**
 * What the last nightly run did, kept beside the stats file it updates ({STATS_DB_PATH}.nightly.json), so the
 * server can say so in its metrics (a failed run changes nothing in the stats file, whose own record only
 * tells of successes) and the operator can read it:
 *   {"at":"2026-11-29T09:00:41.120Z","outcome":"failed","error":"update exited 1: ...","dates":["2026-11-27","2026-11-28"], ...}
 * outcome: 'ok' (every final game in, the update all in, the server switched or not asked to), 'partial' (some
 * game skipped or refused: exit 2), 'failed' (the run stopped: exit 1, the served file as it was);
 * lastSuccessAt: the last run that was not 'failed', carried over by failed runs.
 */
import fs from 'node:fs/promises';
import { writeAtomically } from './gameFile.ts';

export type NightlyOutcome = 'ok' | 'partial' | 'failed';

export interface NightlyStatus {
  /** When the run ended (ISO, UTC). */
  at: string;
  outcome: NightlyOutcome;
  /** The first line of why the run stopped (failed only). */
  error?: string;
  /** The league's dates fetched (US Eastern): yesterday and today, and any date caught up (nightly.ts runDates). */
  dates: string[];
  /** Per date: games fetched, replaced, unchanged, skipped and failed (fetchGames.ts). */
  fetch: unknown[];
  /** The update's JSON line ({added, replaced, skipped, seconds, peak_mb}), null when it did not run. */
  update: unknown;
  /** Whether the server switched to the new file: true, false (refused or no answer), null (not asked). */
  switched: boolean | null;
  /** The alert step's JSON line (src/server/alerts/cli.ts), null or absent when it did not run. */
  alerts?: unknown;
  /** When a run last went through (this one, or for a failed run the one before it), null if none has. */
  lastSuccessAt: string | null;
}

export const nightlyStatusPath = (statsDbPath: string) => `${statsDbPath}.nightly.json`;

export async function writeNightlyStatus(statsDbPath: string, status: NightlyStatus): Promise<void> {
  await writeAtomically(nightlyStatusPath(statsDbPath), `${JSON.stringify(status)}\n`);
}

/** The last run's status, or null when there is none (or it cannot be read). */
export async function readNightlyStatus(statsDbPath: string): Promise<NightlyStatus | null> {
  try {
    const parsed = JSON.parse(await fs.readFile(nightlyStatusPath(statsDbPath), 'utf8')) as NightlyStatus;
    return typeof parsed?.at === 'string' && ['ok', 'partial', 'failed'].includes(parsed.outcome) ? parsed : null;
  } catch {
    return null;
  }
}
