/**
 * The two-man with/without matrix of a team: the sums of src/server/stats/sql/wowySums.ts turned
 * into the answer of GET /api/team_wowy (src/lib/views/wowy.ts has its shape), and its CSV.
 *
 * How the numbers are counted (the guide "With/without", src/content/guides/wowy.md, says the same):
 * - possessions: the team's offensive possessions (off_poss) and defensive possessions (def_poss) in the state;
 * - offensive rating: the team's points per 100 offensive possessions; defensive rating: its opponents' points per
 *   100 defensive possessions; net rating: offensive minus defensive;
 * - four factors: METRICS.md, through formulas.ts efficiencyValues (the team's over its offensive possessions, its
 *   opponents' over its defensive ones).
 */
import type { WowyAnswer, WowyCell, WowyFactors, WowyPair, WowyPlayer, WowyQuery, WowyStateName } from '../../../lib/views/wowy';
import { WOWY_FACTORS, WOWY_STATE_LABELS, cellOf, pairIndex } from '../../../lib/views/wowy';
import type { Side } from '../../../lib/params/apiParams';
import { seasonTypesWithData } from '../sql/filterSql';
import { efficiencyValues } from '../metrics/formulas';
import { WOWY_COUNTERS, WOWY_STATES, wowySums, type WowySums, type WowySumsRow } from '../sql/wowySums';
import type { StatsDb } from '../../db/statsDb';
import { encodeCsv } from '../base/csvText';

const empty = (): WowySums => Object.fromEntries(WOWY_COUNTERS.map((c) => [c, 0])) as WowySums;

function add(into: WowySums, row: WowySums): void {
  for (const c of WOWY_COUNTERS) into[c] += row[c];
}

function factors(s: WowySums): WowyFactors {
  const v = efficiencyValues(s);
  return { efg_pct: v.efg_pct ?? null, tov_pct: v.tov_pct ?? null, orb_pct: v.orb_pct ?? null, ft_rate: v.ft_rate ?? null };
}

/** One state's cell from its offensive and defensive sums. */
function cellFrom(off: WowySums, def: WowySums, fourFactors: boolean): WowyCell {
  const ortg = efficiencyValues(off).pts_per_poss ?? null;
  const drtg = efficiencyValues(def).pts_per_poss ?? null;
  const cell: WowyCell = {
    off_poss: off.possessions,
    def_poss: def.possessions,
    minutes: Math.round(((off.seconds + def.seconds) / 60) * 10) / 10,
    pts_for: off.pts,
    pts_against: def.pts,
    ortg,
    drtg,
    net: ortg === null || drtg === null ? null : ortg - drtg,
  };
  if (fourFactors) {
    cell.off = factors(off);
    cell.def = factors(def);
  }
  return cell;
}

/** The answer of a parsed and gated /api/team_wowy query, in one SQL statement. */
export async function wowyView(db: StatsDb, q: WowyQuery): Promise<WowyAnswer> {
  const base = { team: q.team, n: q.n, four_factors: q.fourFactors };
  const none: WowyAnswer = { ...base, players: [], team_total: cellFrom(empty(), empty(), q.fourFactors), pairs: [] };
  if (seasonTypesWithData(q.filters).length === 0) {
    return { ...none, note: 'There is no preseason data: the league publishes no preseason play-by-play in this data set.' };
  }
  const rows = await wowySums(db, q.filters, q.teamId, q.n);
  if (rows.length === 0) return { ...none, note: 'The team has no possessions under these filters.' };

  // Sums per pair and state, each side apart.
  const sums = new Map<string, { a: number; b: number; off: Record<string, WowySums>; def: Record<string, WowySums> }>();
  const players = new Map<number, WowyPlayer>();
  for (const r of rows) {
    const key = `${r.a_id}|${r.b_id}`;
    let s = sums.get(key);
    if (!s) {
      s = { a: r.a_id, b: r.b_id, off: {}, def: {} };
      for (const st of WOWY_STATES) {
        s.off[st] = empty();
        s.def[st] = empty();
      }
      sums.set(key, s);
    }
    add((r.is_offense ? s.off : s.def)[r.state]!, r);
    if (r.a_id === r.b_id) players.set(r.a_id, playerOf(r));
  }
  const pairs: WowyPair[] = [...sums.values()].map((s) => {
    const cell = (st: WowyStateName) => cellFrom(s.off[st]!, s.def[st]!, q.fourFactors);
    return { a: s.a, b: s.b, both: cell('both'), a_only: cell('a_only'), b_only: cell('b_only'), neither: cell('neither') };
  });
  // The team over the whole sample: any pair's four states together (the first player's on + off).
  const first = [...sums.values()].find((s) => s.a === s.b)!;
  const totalOff = empty();
  const totalDef = empty();
  for (const st of WOWY_STATES) {
    add(totalOff, first.off[st]!);
    add(totalDef, first.def[st]!);
  }
  return {
    ...base,
    players: [...players.values()].sort((x, y) => x.rank - y.rank),
    team_total: cellFrom(totalOff, totalDef, q.fourFactors),
    pairs,
  };
}

function playerOf(r: WowySumsRow): WowyPlayer {
  return { player_id: r.a_id, name: r.a_name, minutes: Math.round((r.a_seconds / 60) * 10) / 10, rank: r.a_rank };
}

const round1 = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 10) / 10);

/**
 * The CSV of an answer: one line per pair of different players (a ranked above b), and per state the
 * possessions of both sides, the ratings, and with four factors the shown side's factors.
 */
export function wowyCsv(answer: WowyAnswer, side: Side): { text: string; fileName: string } {
  const names = new Map(answer.players.map((p) => [p.player_id, p.name]));
  const index = pairIndex(answer);
  const who = side === 'offense' ? 'Team' : 'Opponent';
  const header = ['Player A', 'Player A ID', 'Player B', 'Player B ID'];
  for (const st of Object.keys(WOWY_STATE_LABELS) as WowyStateName[]) {
    const l = WOWY_STATE_LABELS[st];
    header.push(`${l} Off Poss`, `${l} Def Poss`, `${l} Minutes`, `${l} ORtg`, `${l} DRtg`, `${l} Net`);
    if (answer.four_factors) header.push(...WOWY_FACTORS.map((f) => `${l} ${who} ${f.label}`));
  }
  const records: unknown[][] = [];
  for (const a of answer.players) {
    for (const b of answer.players) {
      if (b.rank <= a.rank) continue;
      const line: unknown[] = [a.name, a.player_id, names.get(b.player_id), b.player_id];
      for (const st of Object.keys(WOWY_STATE_LABELS) as WowyStateName[]) {
        const c = cellOf(index, a.player_id, b.player_id, st)!;
        line.push(c.off_poss, c.def_poss, c.minutes, round1(c.ortg), round1(c.drtg), round1(c.net));
        if (answer.four_factors) {
          const f = side === 'offense' ? c.off : c.def;
          line.push(...WOWY_FACTORS.map(({ key }) => round1(f?.[key])));
        }
      }
      records.push(line);
    }
  }
  return { text: encodeCsv(header, records), fileName: `${answer.team}-with-without.csv` };
}
