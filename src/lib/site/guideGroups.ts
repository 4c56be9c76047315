/** Sections of the guides index (/stats/guides), in display order. */
export const GUIDE_GROUPS = ['League', 'Player', 'Totals and context', 'Team and opponent', 'On/off', 'Tools', 'Models'] as const;
export type GuideGroup = (typeof GUIDE_GROUPS)[number];

/** A metric set's guide page (/stats/guides/{id}), as a column's definition links to it. */
export interface GuideRef {
  id: string;
  title: string;
}
