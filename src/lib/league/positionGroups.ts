/**
 * One position vocabulary for the whole site: the five position groups of our estimate (METRICS.md
 * "Presentation"), in lineup-slot order (slot 1 = most point-guard-like). Tables, the positions tab, the bio
 * header and the percentile pools all say these words; the league's listed positions (PG, SF-PF...) are shown
 * only as "listed".
 */
export const POSITION_GROUPS = ['point', 'combo', 'wing', 'forward', 'big'] as const;
export type PositionGroup = (typeof POSITION_GROUPS)[number];

const LABELS: Record<PositionGroup, string> = { point: 'Point', combo: 'Combo', wing: 'Wing', forward: 'Forward', big: 'Big' };

/** 'point' -> 'Point'; anything else as given. */
export function positionLabel(group: string): string {
  return (LABELS as Record<string, string>)[group] ?? group;
}

/** The group of lineup slot 1-5 (the positions tab's rows). */
export function positionOfSlot(slot: number): PositionGroup | null {
  return POSITION_GROUPS[slot - 1] ?? null;
}
