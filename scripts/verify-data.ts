/**
 * `npm run verify:data -- [--db path] [--lineup-games N] [--baseline path] [--out file]`: correctness report of
 * a built stats database (default STATS_DB_PATH) against the official box scores, the lineup-changes files, the
 * possession rules and the play-by-play's own oracles in every season (final score, points per period, running
 * counters); exits 1 when a correctness goal is missed. The season x check table is printed and written
 * to --out (default: `<db>.verify.md` next to the database). --baseline names an earlier build whose exact
 * official-box team-game stats must stay exact. See src/server/ingest/verify/verify.ts and oracles.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { config } from '../src/server/config.ts';
import { seasonLabel } from '../src/server/ingest/read/read.ts';
import { checkOracles, checkPlusMinus, oracleTable, plusMinusPasses, seasonPasses } from '../src/server/ingest/verify/oracles.ts';
import { THRESHOLDS, checkLineupChanges, checkLineups, checkPossessions, checkTeamBox } from '../src/server/ingest/verify/verify.ts';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const dbPath = path.resolve(opt('--db') ?? config.statsDbPath);
const lineupGames = Number(opt('--lineup-games') ?? Infinity);
if (!fs.existsSync(dbPath)) {
  console.error(`no database at ${dbPath}: run npm run ingest first (or pass --db)`);
  process.exit(2);
}
const pct = (x: number): string => `${(100 * x).toFixed(3)} %`;
let failed = 0;
const verdict = (ok: boolean): string => {
  if (!ok) failed++;
  return ok ? 'PASS' : 'FAIL';
};

const instance = await DuckDBInstance.create(dbPath, { access_mode: 'READ_ONLY' });
const conn = await instance.connect();
const meta = (await conn.runAndReadAll('SELECT * FROM ingest_meta')).getRowObjectsJS()[0];
console.log(
  `database ${dbPath}: seasons ${meta?.seasons} (${meta?.season_types}), ${meta?.games_parsed} games, ${meta?.games_skipped} skipped, ${meta?.warnings} warnings`,
);

console.log('\n1. Team-game totals vs the official team box scores');
const box = await checkTeamBox(conn, config.nbaDataDir);
if (!box || box.seasons.length === 0) console.log('   no season of the database has official box scores (2003-04..2012-13): skipped');
else {
  console.log(`   seasons ${box.seasons.join(', ')}`);
  for (const s of box.stats) {
    const note = s.explained ? ` (+${s.explained} with a known data cause = ${pct(s.shareExplained)})` : '';
    console.log(
      `   ${s.stat.padEnd(5)} ${String(s.matched).padStart(6)} / ${s.total} exact = ${pct(s.share)}${note}  ${verdict(s.shareExplained >= THRESHOLDS.teamBox)}`,
    );
  }
  const tovOmitted = box.mismatches.filter((m) => m.stat === 'tov' && m.cause?.startsWith('official box leaves out'));
  if (tovOmitted.length) {
    const games = [...new Set(tovOmitted.map((m) => m.gameId))];
    console.log(`   ${tovOmitted.length} tov mismatches (games ${games[0]}..${games[games.length - 1]}): ${tovOmitted[0]!.cause}`);
  }
  for (const m of box.mismatches.filter((x) => !tovOmitted.includes(x))) {
    console.log(
      `   mismatch game ${m.gameId} team ${m.teamId} ${m.stat}: ours ${m.ours}, official ${m.official} — ${m.cause ?? 'cause unknown (no running counter for this stat)'}`,
    );
  }
}

console.log('\n2. Lineups');
const l = await checkLineups(conn);
console.log(`   acting players on our court: ${l.actorOnCourt} / ${l.actorEvents} = ${pct(l.actorShare)}  ${verdict(l.actorShare >= THRESHOLDS.actorOnCourt)}`);
console.log(`   five players per team at every event: ${l.lineupFive} / ${l.lineupEvents}  ${verdict(l.lineupFive === l.lineupEvents)}`);
console.log(`   player seconds = 5 x game length: ${l.teamGamesSecondsOk} / ${l.teamGames} team-games  ${verdict(l.teamGamesSecondsOk === l.teamGames)}`);
console.log(`   period-teams with a starter unknowable from the events (flagged): ${l.unknownStarterPeriods}`);

console.log('\n3. Possessions');
const p = await checkPossessions(conn);
console.log(`   periods with both teams within 1 possession: ${p.periods - p.unbalancedPeriods} / ${p.periods}  ${verdict(p.unbalancedPeriods === 0)}`);
console.log(
  `   games with both teams within 2 possessions: ${p.balanced} / ${p.games}; the ${p.games - p.balanced} others are overtime games whose every period is within 1: ${p.explainedByPeriods}  ${verdict(p.balanced + p.explainedByPeriods === p.games)}`,
);
for (const u of p.unbalanced.slice(0, 20)) console.log(`   unbalanced game ${u.gameId}: home ${u.home}, away ${u.away}`);
const [lo, hi] = THRESHOLDS.possessionsPerTeamGame;
for (const s of p.perSeason) {
  console.log(
    `   ${s.season} ${s.seasonType.padEnd(8)} possessions per team-game ${s.perTeamGame.toFixed(1)}  ${verdict(s.perTeamGame >= lo && s.perTeamGame <= hi)}`,
  );
}

console.log('\n4. Agreement with the lineup-changes files (third-party reconstruction)');
const seasons = String(meta?.seasons ?? '')
  .split(',')
  .map(Number)
  .filter(Boolean);
const lc = await checkLineupChanges(config.nbaDataDir, seasons, lineupGames);
if (!lc) console.log('   no lineup-changes season (2010-11..2014-15) in the database: skipped');
else {
  console.log(
    `   seasons ${lc.seasons.join(', ')}: ${lc.agree} / ${lc.events} events agree = ${pct(lc.share)}  ${verdict(lc.share >= THRESHOLDS.lineupChanges)}`,
  );
  console.log(`   their rows with a null player: ${lc.theirNulls} events`);
  console.log(`   in disagreements, an acting player is on our court only: ${lc.actorSupportsOurs}; on theirs only: ${lc.actorSupportsTheirs}`);
  for (const x of lc.examples) console.log(`   e.g. game ${x.gameId} #${x.eventNum}: ours ${x.ours} | theirs ${x.theirs}`);
}

console.log("\n5. The play-by-play's own oracles, every game of every season");
const baseline = opt('--baseline');
const oracles = await checkOracles(conn, config.nbaDataDir, { baseline: baseline ? path.resolve(baseline) : undefined, sample: 5 });
const table = oracleTable(oracles);
const dropped = oracles.rows.reduce((s, r) => s + (r.duplicatesDropped ?? 0), 0);
console.log(`   duplicated rows dropped by the read step: ${dropped} (per season and type in the table)`);
for (const r of oracles.rows) {
  const below = Object.entries(seasonPasses(r))
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (below.length) console.log(`   ${r.season} ${r.seasonType}: ${below.join(', ')} below goal  ${verdict(false)}`);
}
const finals = oracles.scoreMisses.filter((m) => m.period === 0);
const openFinals = finals.filter((m) => m.cause === null);
console.log(
  `   (a) games whose final score differs from the last non-null SCORE: ${finals.length}, ${finals.length - openFinals.length} of them with a data gap  ${verdict(openFinals.length === 0)}`,
);
for (const m of finals)
  console.log(`       game ${String(m.gameId).padStart(10, '0')}: ours ${m.ours} (away-home), play-by-play ${m.published}${m.cause ? ` — ${m.cause}` : ''}`);
const periods = oracles.scoreMisses.filter((m) => m.period > 0);
console.log(`   (b) team-periods whose points differ from the SCORE movement: ${periods.length}`);
for (const m of periods)
  console.log(
    `       game ${String(m.gameId).padStart(10, '0')} period ${m.period}: ours ${m.ours}, SCORE moved ${m.published}${m.cause ? ` — ${m.cause}` : ''}`,
  );
console.log(`   (c) running counters that differ from our ledger, by season and kind:`);
for (const c of oracles.counterMisses) {
  console.log(`       ${c.season} ${c.seasonType} ${c.kind}: ${c.n}`);
  for (const x of c.examples) console.log(`         ${x}`);
}
if (oracles.boxRegressions) {
  console.log(
    `   (d) official-box team-game stats exact in ${baseline} and not now: ${oracles.boxRegressions.length}  ${verdict(oracles.boxRegressions.length === 0)}`,
  );
  for (const b of oracles.boxRegressions) console.log(`       game ${b.gameId} team ${b.teamId} ${b.stat}: ours ${b.ours}, official ${b.official}`);
} else console.log('   (d) no --baseline given: the official box check is section 1');
console.log('\n6. Plus/minus (technical free throws go to the ten on court at the technical foul)');
const plusMinus = await checkPlusMinus(conn);
for (const r of plusMinus) {
  const ok = plusMinusPasses(r);
  const share = (n: number, d: number): string => (d ? pct(n / d) : '—');
  console.log(
    `   ${seasonLabel(r.season)} ${r.seasonType.padEnd(8)} sum of plus/minus = 5 x margin: ${r.sumOk} / ${r.teamGames} team-games  ${verdict(ok.sum)}`,
  );
  console.log(
    `   ${' '.repeat(13)} technical free throws ${r.technicalFts}: after their foul ${share(r.technicalFtsWithFoul, r.technicalFts)}, shooter on court at the foul ${share(r.technicalShooterAtFoul, r.technicalFts)}  ${verdict(ok.technicals)}`,
  );
  console.log(
    `   ${' '.repeat(13)} player-games whose plus/minus the rule changed: ${r.changedByTechnicals} of ${r.playerGames}; ` +
      `left to the published order within one second (a substitution before a basket at the same clock): ${r.sameSecondSubPlayers} player-games in ${r.sameSecondSubGames} games`,
  );
  console.log(
    `   ${' '.repeat(13)} possession table: team points = final score in ${r.possessionPtsOk} / ${r.teamGames} team-games  ${verdict(ok.possessionPts)}; ` +
      `technical rows (free throws credited to the foul's ten, not their possession's): ${r.technicalRows}, ${r.technicalRowPts} points`,
  );
}
console.log(`\n${table}`);
const LEGEND = [
  '- rows read / dup. dropped / EVENTNUM reused: the read step (a row equal to the one before it, same GAME_ID and EVENTNUM, is dropped; an EVENTNUM reused by a different row is kept).',
  '- (a) games whose final score equals the last non-null SCORE of the play-by-play (goal: all but those with a data gap, listed by verify:data:',
  '  a stale SCORE on a period start/end row while the scoring rows agree with ours, or a SCORE that runs backwards).',
  '- (b) team-periods whose points equal the SCORE movement in that period (goal 99.9 %, data gaps as in (a)).',
  '- (c) running counters "(n PTS)", "(n AST)", "(Off:x Def:y)" equal to our ledger for that player at that event; "off" = unequal,',
  '  "data gaps" = unequal where the published counter itself does not follow from the previous one by that event (or keeps the offset such a jump left);',
  '  goal 99.9 % of counters equal or data gaps, per season and kind; every miss is a row of ingest_report (kind counter_pts, counter_pts_gap, ...).',
  '- (d) team-games of 2003-04..2012-13 exact in all 13 official box stats and team minutes (regressions against a baseline are printed by verify:data).',
].join('\n');
const tableOut = path.resolve(opt('--out') ?? `${dbPath}.verify.md`);
const plusMinusTable = [
  '| season | type | team-games: sum of plus/minus = 5 x margin | technical FTs | after their foul | shooter on court at the foul | player-games the rule changed | player-games left to the published order within one second (games) | team-games: possession-table points = final score | technical rows (points) |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...plusMinus.map(
    (r) =>
      `| ${seasonLabel(r.season)} | ${r.seasonType} | ${r.sumOk} / ${r.teamGames} | ${r.technicalFts} | ${r.technicalFtsWithFoul} | ${r.technicalShooterAtFoul} | ${r.changedByTechnicals} of ${r.playerGames} | ${r.sameSecondSubPlayers} (${r.sameSecondSubGames}) | ${r.possessionPtsOk} / ${r.teamGames} | ${r.technicalRows} (${r.technicalRowPts}) |`,
  ),
].join('\n');
fs.writeFileSync(
  tableOut,
  `# verify:data — the play-by-play's own oracles\n\nDatabase \`${path.basename(dbPath)}\`, built ${meta?.built_at}; ` +
    `checked ${new Date().toISOString()}.\n\n${LEGEND}\n\n${table}\n\n## Plus/minus (section 6)\n\nTechnical free throws go to the ten on court when the technical was called (docs/explanation/ingest.md, "Plus/minus"): in plus/minus, and in the possession table (technical rows).\n\n${plusMinusTable}\n`,
);
console.log(`   table written to ${tableOut}`);

conn.closeSync();
instance.closeSync();
console.log(failed ? `\n${failed} check(s) FAILED` : '\nall checks passed');
process.exit(failed ? 1 : 0);
