import { parseDataQuery, rawQueryFromSearchParams } from '../src/lib/apiParams.ts';
import { withScope } from '../src/server/db/statsDb.ts';
import { computeData } from '../src/server/stats/answers/dispatch.ts';
import { useReferencePaths } from '../src/server/stats/sql/plan.ts';
const lp = (db: any, q: any): any => computeData(db, q, lp);
const seasons = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => `season=${a + i}`).join('&');
const urls = process.argv.slice(2).length ? process.argv.slice(2) : [
  `page=Players&side=offense&metric_set=OffensiveOverview&${seasons(2003, 2022)}&period=4`,
  `page=Players&side=offense&metric_set=OffensiveOverview&${seasons(2007, 2022)}&score_diff_low=-5&score_diff_high=5`,
  `page=TeamPlayers&entity=POR&side=offense&metric_set=OffensiveOverview&${seasons(2007, 2022)}&score_diff_low=-10&score_diff_high=10`,
  `page=Players&side=offense&metric_set=OnOff_ShootingAccuracy&${seasons(2010, 2019)}&period=1`,
  `page=Players&side=offense&metric_set=OnOff_ShootingAccuracy&${seasons(2010, 2019)}&off_court=2544`,
  `page=Lineups&side=offense&metric_set=Team_EfficiencyFourFactors&${seasons(2010, 2022)}`,
];
for (const u of urls) {
  const q = parseDataQuery(rawQueryFromSearchParams(new URLSearchParams(u)));
  for (const ref of [false, true]) {
    if (ref && process.env.NOREF) continue;
    const t0 = performance.now();
    await withScope(async (db) => { if (ref) useReferencePaths(db); return computeData(db, q, lp); });
    console.log(`${ref ? 'ref ' : 'fast'} ${(performance.now() - t0).toFixed(0).padStart(6)} ms  ${u.replace(/&season=\d+/g, '').slice(0, 140)}`);
  }
}
process.exit(0);
