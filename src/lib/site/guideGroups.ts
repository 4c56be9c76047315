/** Sections of the guides index (/stats/guides), in display order. */
export const GUIDE_GROUPS = ['League', 'Player', 'Totals and context', 'Team and opponent', 'On/off', 'Tools', 'Models'] as const;
export type GuideGroup = (typeof GUIDE_GROUPS)[number];
