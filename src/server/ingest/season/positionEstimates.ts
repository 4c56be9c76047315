/**
 * Position estimates per player and season (METRICS.md "Presentation": point, combo, wing, forward, big,
 * estimated from the listed position and height).
 *
 * Rule: a score from 1 (point) to 5 (big).
 * - listed position (most frequent POSITION of the player's shots that season): PG 1, SG 2, SF 3, PF 4, C 5;
 *   a combo like 'SF-PF' is the mean of its parts;
 * - height: 6'2" (74 in) or less scores 1, 7'0" (84 in) or more scores 5, linear in between;
 * - both known: 60 % listed position, 40 % height; one known: that one; a season with neither takes the
 *   nearest season that has one, else 3.
 * Labels: score < 1.75 point, < 2.5 combo, < 3.5 wing, < 4.25 forward, else big.
 */
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { fileSource, findDataFile } from '../read/read.ts';

export type PositionLabel = 'point' | 'combo' | 'wing' | 'forward' | 'big';

const LISTED: Record<string, number> = { PG: 1, SG: 2, SF: 3, PF: 4, C: 5, G: 1.5, F: 3.5 };

export function listedScore(listed: string | null): number | null {
  if (!listed) return null;
  const parts = listed
    .split('-')
    .map((p) => LISTED[p.trim().toUpperCase()])
    .filter((v): v is number => v !== undefined);
  return parts.length ? parts.reduce((a, b) => a + b, 0) / parts.length : null;
}

export function heightScore(inches: number | null): number | null {
  if (inches === null || !Number.isFinite(inches) || inches <= 0) return null;
  return Math.min(5, Math.max(1, 1 + ((inches - 74) / 10) * 4));
}

export function positionScore(listed: string | null, inches: number | null): number | null {
  const l = listedScore(listed);
  const h = heightScore(inches);
  if (l !== null && h !== null) return 0.6 * l + 0.4 * h;
  return l ?? h;
}

export function positionLabel(score: number): PositionLabel {
  if (score < 1.75) return 'point';
  if (score < 2.5) return 'combo';
  if (score < 3.5) return 'wing';
  if (score < 4.25) return 'forward';
  return 'big';
}

export interface PlayerSeasonInfo {
  height: number | null;
  listed: string | null;
  score: number;
}

/** What the bios and shot files say of each player-season: height and listed position, by season and player. */
export type PositionFacts = Map<number, Map<number, { height: number | null; listed: string | null }>>;

/** Position facts of every player-season known to the bios and shot files, with nearest-season fallback. */
export class PositionBook {
  private constructor(private readonly bySeason: PositionFacts = new Map()) {}

  /** The facts read by load, to build the same book elsewhere (the ingest's parse worker) with fromFacts. */
  get facts(): PositionFacts {
    return this.bySeason;
  }

  static fromFacts(facts: PositionFacts): PositionBook {
    return new PositionBook(facts);
  }

  static async load(conn: DuckDBConnection, dataDir: string): Promise<PositionBook> {
    const book = new PositionBook();
    const bios = findDataFile(path.join(dataDir, 'player-bios'));
    if (bios) {
      const r = await conn.runAndReadAll(
        `SELECT CAST(PLAYER_ID AS INTEGER) AS p, CAST(substr(CAST(SEASON AS VARCHAR), 1, 4) AS INTEGER) AS s,
                CAST(PLAYER_HEIGHT_INCHES AS DOUBLE) AS h FROM ${fileSource(bios, false)}`,
        { file: bios.path },
      );
      for (const row of r.getRowObjectsJS()) book.entry(Number(row.s), Number(row.p)).height = row.h === null ? null : Number(row.h);
    }
    const glob = path.join(dataDir, 'shots', 'regular', '*.parquet');
    try {
      const r = await conn.runAndReadAll(
        `SELECT CAST(PLAYER_ID AS INTEGER) AS p, CAST(substr(CAST(SEASON AS VARCHAR), 1, 4) AS INTEGER) AS s,
                mode(POSITION) AS pos
           FROM read_parquet($g) WHERE POSITION IS NOT NULL AND POSITION <> 'NA' GROUP BY ALL`,
        { g: glob },
      );
      for (const row of r.getRowObjectsJS()) book.entry(Number(row.s), Number(row.p)).listed = String(row.pos);
    } catch {
      // no shot files: heights only
    }
    return book;
  }

  private entry(season: number, player: number): { height: number | null; listed: string | null } {
    let m = this.bySeason.get(season);
    if (!m) this.bySeason.set(season, (m = new Map()));
    let e = m.get(player);
    if (!e) m.set(player, (e = { height: null, listed: null }));
    return e;
  }

  private cache = new Map<string, PlayerSeasonInfo>();

  /** Height, listed position and score of a player in a season (nearest known season when missing). */
  info(season: number, player: number): PlayerSeasonInfo {
    const key = `${season}:${player}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const seasons = [...this.bySeason.keys()].sort((a, b) => Math.abs(a - season) - Math.abs(b - season) || b - a);
    let height: number | null = null;
    let listed: string | null = null;
    for (const s of seasons) {
      const e = this.bySeason.get(s)!.get(player);
      if (!e) continue;
      height ??= e.height;
      listed ??= e.listed;
      if (height !== null && listed !== null) break;
    }
    const info = { height, listed, score: positionScore(listed, height) ?? 3 };
    this.cache.set(key, info);
    return info;
  }

  score(season: number, player: number): number {
    return this.info(season, player).score;
  }
}
