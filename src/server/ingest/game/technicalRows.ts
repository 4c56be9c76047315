/**
 * Technical free throws in the possession table (docs/explanation/ingest.md, "Plus/minus").
 *
 * A technical free throw's points count for the shooting team's possession: the one under way, else its last,
 * else its next (possessionTracker.ts). They belong to the ten on the floor when the technical was called
 * (lineupTracker.ts), which is not always that possession's ten (fixed at its first action): a substitution
 * between the foul and the shot, or a technical called in an earlier possession, puts other players there.
 *
 * When the foul's ten are the possession's, the points and free throws are the possession's. When they are not,
 * they go to a technical row: a copy of the possession's context (game, period, clock, score, start type,
 * garbage time) with the foul's ten, the free throws and their points, no seconds, and `possessions = 0`. Team
 * totals and possession counts are unchanged; lineup, on/off and every on-court number credit the points to the
 * foul's ten, as plus/minus does.
 */
import { Possession, type TechnicalCredit } from './possession.ts';

const sameFive = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((id) => b.includes(id));

function credit(target: Possession, t: TechnicalCredit): void {
  const pc = target.player(t.shooter, target.offense);
  target.c.fta++;
  pc.fta++;
  if (t.made) {
    target.c.ftm++;
    target.c.pts++;
    pc.ftm++;
    pc.pts++;
  }
}

/** A technical row of possession p for the ten of t (see the module comment). */
function technicalRow(p: Possession, t: TechnicalCredit): Possession {
  const row = new Possession(p.period, p.startClock, p.offense, p.defense, p.startType, p.scoreDiff);
  row.technicalOf = p;
  row.off5 = t.off5.slice();
  row.def5 = t.def5.slice();
  row.isGarbageTime = p.isGarbageTime;
  return row;
}

/**
 * Credit every possession's technical free throws to it, or to a technical row of it for another ten (one row
 * per possession and ten). Returns the technical rows in the order of their possessions.
 */
export function settleTechnicals(possessions: readonly Possession[]): Possession[] {
  const rows: Possession[] = [];
  for (const p of possessions) {
    const byTen: Possession[] = [];
    for (const t of p.technicals.splice(0)) {
      const own = !p.off5 || !p.def5 || (sameFive(t.off5, p.off5) && sameFive(t.def5, p.def5));
      let target = p;
      if (!own) {
        target = byTen.find((r) => sameFive(t.off5, r.off5!) && sameFive(t.def5, r.def5!)) ?? technicalRow(p, t);
        if (!byTen.includes(target)) {
          byTen.push(target);
          rows.push(target);
        }
      }
      credit(target, t);
    }
  }
  return rows;
}
