/**
 * The Salaries tab's payroll: the total of the salaries shown, one per season (a team's payroll is the sum of its
 * players' salaries that season), and what the tab says about the seasons it shows. The salary data covers
 * 2003-04 to 2019-20 (LAST_SALARY_SEASON), so the tab opens on 2019-20 and says so. Isomorphic.
 */
import { seasonLabel } from '../filters/filterDefinitions';
import { LAST_SALARY_SEASON } from '../site/site';

export interface Payroll {
  /** "2019-20" */
  season: string;
  seasonStart: number;
  /** US dollars */
  total: number;
  players: number;
}

/** One payroll per season of the rows (`season`, `season_start`, `salary`), newest first. */
export function payrollTotals(rows: readonly Record<string, unknown>[]): Payroll[] {
  const by = new Map<number, Payroll>();
  for (const r of rows) {
    const start = Number(r.season_start);
    const salary = typeof r.salary === 'number' ? r.salary : Number(r.salary);
    if (!Number.isFinite(start) || !Number.isFinite(salary)) continue;
    const p = by.get(start) ?? { season: typeof r.season === 'string' ? r.season : seasonLabel(start), seasonStart: start, total: 0, players: 0 };
    p.total += salary;
    p.players += 1;
    by.set(start, p);
  }
  return [...by.values()].sort((a, b) => b.seasonStart - a.seasonStart);
}

/**
 * The line above the salaries: which seasons the table shows, and which asked-for seasons it cannot (after
 * 2019-20). "2019-20 salaries (the latest season with salary data: it stops after 2019-20)."
 */
export function salarySeasonsLine(asked: readonly number[]): string {
  const shown = [...asked].filter((s) => s <= LAST_SALARY_SEASON).sort((a, b) => a - b);
  const missing = [...asked].filter((s) => s > LAST_SALARY_SEASON).sort((a, b) => a - b);
  const last = seasonLabel(LAST_SALARY_SEASON);
  const noData = missing.length > 0 ? ` No salary data for ${missing.map(seasonLabel).join(', ')}: it stops after ${last}.` : '';
  if (shown.length === 0) return `No salary data for ${missing.map(seasonLabel).join(', ')}: the salary data covers 2003-04 to ${last}.`;
  const latest =
    shown.length === 1 && shown[0] === LAST_SALARY_SEASON && missing.length === 0 ? ` (the latest season with salary data: it stops after ${last})` : '';
  return `${shown.map(seasonLabel).join(', ')} salaries${latest}.${noData}`;
}
