/**
 * `npm run verify:data -- [--db path] [--lineup-games N]`: correctness report of a built stats database
 * (default STATS_DB_PATH) against the official box scores, the lineup-changes files and the possession
 * rules; exits 1 when a threshold of issue 3 is missed. See src/server/ingest/verify.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { config } from '../src/server/config.ts';
import {
  THRESHOLDS, checkLineupChanges, checkLineups, checkPossessions, checkTeamBox,
} from '../src/server/ingest/verify.ts';

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
console.log(`database ${dbPath}: seasons ${meta?.seasons} (${meta?.season_types}), ${meta?.games_parsed} games, ${meta?.games_skipped} skipped, ${meta?.warnings} warnings`);

console.log('\n1. Team-game totals vs the official team box scores');
const box = await checkTeamBox(conn, config.nbaDataDir);
if (!box || box.seasons.length === 0) console.log('   no season of the database has official box scores (2003-04..2012-13): skipped');
else {
  console.log(`   seasons ${box.seasons.join(', ')}`);
  for (const s of box.stats) {
    const note = s.explained ? ` (+${s.explained} with a known data cause = ${pct(s.shareExplained)})` : '';
    console.log(`   ${s.stat.padEnd(5)} ${String(s.matched).padStart(6)} / ${s.total} exact = ${pct(s.share)}${note}  ${verdict(s.shareExplained >= THRESHOLDS.teamBox)}`);
  }
  const tovOmitted = box.mismatches.filter((m) => m.stat === 'tov' && m.cause?.startsWith('official box leaves out'));
  if (tovOmitted.length) {
    const games = [...new Set(tovOmitted.map((m) => m.gameId))];
    console.log(`   ${tovOmitted.length} tov mismatches (games ${games[0]}..${games[games.length - 1]}): ${tovOmitted[0]!.cause}`);
  }
  for (const m of box.mismatches.filter((x) => !tovOmitted.includes(x))) {
    console.log(`   mismatch game ${m.gameId} team ${m.teamId} ${m.stat}: ours ${m.ours}, official ${m.official} — ${m.cause ?? 'cause unknown (no running counter for this stat)'}`);
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
console.log(`   games with both teams within 2 possessions: ${p.balanced} / ${p.games}; the ${p.games - p.balanced} others are overtime games whose every period is within 1: ${p.explainedByPeriods}  ${verdict(p.balanced + p.explainedByPeriods === p.games)}`);
for (const u of p.unbalanced.slice(0, 20)) console.log(`   unbalanced game ${u.gameId}: home ${u.home}, away ${u.away}`);
const [lo, hi] = THRESHOLDS.possessionsPerTeamGame;
for (const s of p.perSeason) {
  console.log(`   ${s.season} ${s.seasonType.padEnd(8)} possessions per team-game ${s.perTeamGame.toFixed(1)}  ${verdict(s.perTeamGame >= lo && s.perTeamGame <= hi)}`);
}

console.log('\n4. Agreement with the lineup-changes files (third-party reconstruction)');
const seasons = String(meta?.seasons ?? '').split(',').map(Number).filter(Boolean);
const lc = await checkLineupChanges(config.nbaDataDir, seasons, lineupGames);
if (!lc) console.log('   no lineup-changes season (2010-11..2014-15) in the database: skipped');
else {
  console.log(`   seasons ${lc.seasons.join(', ')}: ${lc.agree} / ${lc.events} events agree = ${pct(lc.share)}  ${verdict(lc.share >= THRESHOLDS.lineupChanges)}`);
  console.log(`   their rows with a null player: ${lc.theirNulls} events`);
  console.log(`   in disagreements, an acting player is on our court only: ${lc.actorSupportsOurs}; on theirs only: ${lc.actorSupportsTheirs}`);
  for (const x of lc.examples) console.log(`   e.g. game ${x.gameId} #${x.eventNum}: ours ${x.ours} | theirs ${x.theirs}`);
}

conn.closeSync();
instance.closeSync();
console.log(failed ? `\n${failed} check(s) FAILED` : '\nall checks passed');
process.exit(failed ? 1 : 0);
