/**
 * Every metric column (src/lib/tables/columnRegistry.ts, one formula per key) computed from summed counters (METRICS.md). Percentages are
 * 0-100; per-possession and per-play rates are per 100. A ratio with a zero denominator is null (shown as
 * a dash), never 0 or NaN.
 */
import { PLAYER_COUNTERS, TEAM_COUNTERS, emptySums, type PlayerCounter, type PlayerSums, type TeamCounter, type TeamSums, type Zone } from './counters';

export type Value = number | null;
export type Values = Record<string, Value>;

/** a / b, or null when b is 0. */
const ratio = (a: number, b: number): Value => (b === 0 ? null : a / b);
/** 100 a / b, or null. */
export const pct = (a: number, b: number): Value => (b === 0 ? null : (100 * a) / b);

type ZoneCounts = { [K in `fga_${Zone}` | `fgm_${Zone}`]: number };

/** Each zone's two columns, frequency and accuracy, in their order (names made once: setZoneValues runs per row). */
const ZONE_COLUMNS = ['rim', 'smid', 'lmid', 'mid', 'c3', 'nc3', 'three'].map((z) => [`${z}_freq`, `${z}_acc`] as const);

/**
 * Frequency (share of all FGA) and accuracy (FG%) by zone; mid = short + long mid, three = corner + non-corner.
 * Written into `out` (the values object of the caller), not returned as an object of their own to spread: every
 * answer of thousands of rows (a league's lineups, an on/off pool) computes this per row, and a spread into an
 * object literal is a slow path of V8 where writes into an object of known keys are not (4,421 lineups' values
 * 3-10 ms -> 1.5 ms).
 */
function setZoneValues(out: Values, s: ZoneCounts): void {
  const midA = s.fga_smid + s.fga_lmid;
  const threeA = s.fga_c3 + s.fga_nc3;
  const fga = s.fga_rim + midA + threeA;
  // in the order of ZONE_COLUMNS
  const attempts = [s.fga_rim, s.fga_smid, s.fga_lmid, midA, s.fga_c3, s.fga_nc3, threeA];
  const makes = [s.fgm_rim, s.fgm_smid, s.fgm_lmid, s.fgm_smid + s.fgm_lmid, s.fgm_c3, s.fgm_nc3, s.fgm_c3 + s.fgm_nc3];
  for (let i = 0; i < ZONE_COLUMNS.length; i++) {
    const [freq, acc] = ZONE_COLUMNS[i]!;
    out[freq] = pct(attempts[i]!, fga);
    out[acc] = pct(makes[i]!, attempts[i]!);
  }
}

/** The counters efficiencyValues reads. */
export type EfficiencySums = Pick<TeamSums, 'possessions' | 'pts' | 'fga' | 'fgm' | 'fg3m' | 'ftm' | 'tov' | 'oreb' | 'dreb'>;

/**
 * Efficiency and the four factors of a set of one team's offensive possessions (METRICS.md "Team_ and Opponent_
 * groups"): points per 100 possessions, eFG%, TOV%, ORB%, FT rate. Over a team's defensive possessions the same
 * formulas give its opponents' numbers (the defensive rating is their points per 100 possessions).
 */
export function efficiencyValues(s: EfficiencySums): Values {
  const out: Values = {};
  setEfficiencyValues(out, s);
  return out;
}

/** efficiencyValues written into `out` (setZoneValues says why). */
function setEfficiencyValues(out: Values, s: EfficiencySums): void {
  out.pts_per_poss = pct(s.pts, s.possessions);
  out.efg_pct = pct(s.fgm + 0.5 * s.fg3m, s.fga);
  out.tov_pct = pct(s.tov, s.possessions);
  // ORB% = OREB / (OREB + opponent DREB), player rebounds as in the box score.
  out.orb_pct = pct(s.oreb, s.oreb + s.dreb);
  out.ft_rate = pct(s.ftm, s.fga);
}

/**
 * Team-level quantities over a set of one team's (or a lineup's, or the league's) offensive possessions.
 * `leagueHcPpp` = league points per halfcourt play in the same sample (transition points added).
 * `opp` = the other side's sums over the same games (ShootingTotals +/-).
 */
export function teamValues(s: TeamSums, ctx: TeamContext): Values {
  return fillTeamValues({ ...TEAM_VALUES_SHAPE }, s, ctx);
}

/** What teamValues reads besides the team's sums. */
export interface TeamContext {
  leagueHcPpp: number | null;
  opp?: TeamSums | null;
}

/** teamValues written into `v`. */
function fillTeamValues(v: Values, s: TeamSums, ctx: TeamContext): Values {
  const trPpp = ratio(s.tr_pts, s.tr_plays);
  v.poss = s.possessions;
  setEfficiencyValues(v, s);
  setZoneValues(v, s);
  // Play context: a play ends with an FGA, a free-throw trip or a turnover.
  v.hc_play_pct = pct(s.hc_plays, s.plays);
  v.hc_pts_per_play = pct(s.hc_pts, s.hc_plays);
  v.pb_play_pct = pct(s.pb_plays, s.plays);
  v.pb_pts_per_play = pct(s.pb_pts, s.pb_plays);
  // Transition: at most one transition play per possession (the first play), so plays / possessions.
  v.tr_freq = pct(s.tr_plays, s.possessions);
  v.tr_pts_per_play = trPpp === null ? null : 100 * trPpp;
  v.tr_pts_added = trPpp === null || ctx.leagueHcPpp === null || s.possessions === 0 ? null : ((trPpp - ctx.leagueHcPpp) * s.tr_plays * 100) / s.possessions;
  v.tr_off_steal_pct = pct(s.tr_plays_stl, s.tr_plays);
  v.tr_off_dreb_pct = pct(s.tr_plays_reb, s.tr_plays);
  // Shooting totals; team time = 5 players x the time played, in seconds.
  v.sec = 5 * s.seconds;
  v.fgm = s.fgm;
  v.fga = s.fga;
  v.fg3m = s.fg3m;
  v.fg3a = s.fg3a;
  v.ftm = s.ftm;
  v.fta = s.fta;
  v.pts = s.pts;
  v.plus_minus = ctx.opp ? s.pts - ctx.opp.pts : null;
  return v;
}

/**
 * An object of these keys in their order, each null: the shape of objects made by thousands as its copies and then
 * filled, which V8 keeps with fast properties where an object given its keys one by one past a dozen is a dictionary.
 */
export const nullsOf = (keys: readonly string[]): Values => Object.fromEntries(keys.map((k) => [k, null]));

/**
 * The columns of teamValues and playerValues in their order, each null (taken from the fill functions themselves):
 * every call fills a copy. An object that starts with all its keys (one shape for every row) is filled in place,
 * where one grown key by key is copied as it grows: a league's 4,421 lineups' values took 4.4 ms with spread
 * sub-objects, 7.6 ms grown, 1.1 ms filled.
 */
const TEAM_VALUES_SHAPE = nullsOf(Object.keys(fillTeamValues({}, emptySums(TEAM_COUNTERS), { leagueHcPpp: null })));
const PLAYER_VALUES_SHAPE = nullsOf(Object.keys(fillPlayerValues({}, emptySums(PLAYER_COUNTERS), {})));

/**
 * The team counters each teamValues column is computed from, found by probing the formulas themselves: a column
 * reads a counter when changing that counter alone changes the column, at two unrelated points (so that no
 * formula is flat in a counter at both). Lets a computation that shows only some columns sum only their counters.
 */
const TEAM_VALUE_COUNTERS = columnDependencies(TEAM_COUNTERS, (s) => teamValues(s, { leagueHcPpp: 0.93 }));

/**
 * The counters of each teamValues column that reads the league's points per halfcourt play (transition points
 * added), found by probing as TEAM_VALUE_COUNTERS: the columns whose value changes with the league's alone.
 */
const LEAGUE_HC_PPP_READERS: readonly (readonly TeamCounter[])[] = (() => {
  const base = Object.fromEntries(TEAM_COUNTERS.map((c, i) => [c, 101 + 7 * i])) as TeamSums;
  const [a, b] = [teamValues(base, { leagueHcPpp: 0.93 }), teamValues(base, { leagueHcPpp: 1.07 })];
  return Object.keys(a)
    .filter((key) => a[key] !== b[key])
    .map((key) => [...(TEAM_VALUE_COUNTERS.get(key) ?? [])]);
})();

/**
 * Whether teamValues over sums of only these counters can read the league's points per halfcourt play: a column
 * that reads it needs its own counters too, and without them it is not computed (callers then skip the league's
 * query: a league's lineups of shooting columns do).
 */
export function readsLeagueHcPpp(counters: readonly TeamCounter[]): boolean {
  return LEAGUE_HC_PPP_READERS.some((needs) => needs.every((c) => counters.includes(c)));
}

/** Which counters each column of `values` reads: changing that counter alone changes the column, at two unrelated points. */
function columnDependencies<C extends string>(counters: readonly C[], values: (s: Record<C, number>) => Values): ReadonlyMap<string, ReadonlySet<C>> {
  const deps = new Map<string, Set<C>>();
  for (const [start, step] of [
    [101, 7],
    [57, 13],
  ] as const) {
    const base = Object.fromEntries(counters.map((c, i) => [c, start + step * i])) as Record<C, number>;
    const before = values(base);
    for (const c of counters) {
      const after = values({ ...base, [c]: base[c] + 11 });
      for (const key of Object.keys(before)) {
        if (before[key] === after[key]) continue;
        let set = deps.get(key);
        if (!set) deps.set(key, (set = new Set()));
        set.add(c);
      }
    }
  }
  return deps;
}

/**
 * The team counters the teamValues columns `keys` need, always with possessions (a row's sample size). Columns
 * teamValues does not compute need none.
 */
export function teamCountersFor(keys: Iterable<string>): TeamCounter[] {
  const need = new Set<TeamCounter>(['possessions']);
  for (const key of keys) for (const c of TEAM_VALUE_COUNTERS.get(key) ?? []) need.add(c);
  return TEAM_COUNTERS.filter((c) => need.has(c));
}

/**
 * The player counters each playerValues column is computed from, found by probing the formula as for the team
 * columns (TEAM_VALUE_COUNTERS).
 */
const PLAYER_VALUE_COUNTERS = columnDependencies(PLAYER_COUNTERS, (s) => playerValues(s));

/**
 * The player counters the playerValues columns `keys` need, always with his seconds and offensive possessions on
 * court (every players table keeps the rows with time on court and ranks those with the minimum of possessions).
 */
export function playerCountersFor(keys: Iterable<string>): PlayerCounter[] {
  const need = new Set<PlayerCounter>(['on_seconds', 'off_poss']);
  for (const key of keys) for (const c of PLAYER_VALUE_COUNTERS.get(key) ?? []) need.add(c);
  return PLAYER_COUNTERS.filter((c) => need.has(c));
}

/**
 * Player quantities (the six offensive sets) from his own counters and his team's counters while he was on
 * court. `asTeam`: the row is a whole team summed over its players (team game log): AST% is then AST / FGM.
 */
export function playerValues(s: PlayerSums, opts: { asTeam?: boolean } = {}): Values {
  return fillPlayerValues({ ...PLAYER_VALUES_SHAPE }, s, opts);
}

/** playerValues written into `v`. */
function fillPlayerValues(v: Values, s: PlayerSums, opts: { asTeam?: boolean }): Values {
  const fga = s.fga_rim + s.fga_smid + s.fga_lmid + s.fga_c3 + s.fga_nc3;
  const fgm = s.fgm_rim + s.fgm_smid + s.fgm_lmid + s.fgm_c3 + s.fgm_nc3;
  const fg3a = s.fga_c3 + s.fga_nc3;
  const fg3m = s.fgm_c3 + s.fgm_nc3;
  // Usage% = (FGA + TOV + FT trips) / team plays while on court.
  const usage = pct(fga + s.tov + s.ft_trips, s.team_plays);
  // AST% = AST / team FGM while on court excluding his own.
  const astPct = opts.asTeam ? pct(s.ast, fgm) : pct(s.ast, s.team_fgm - fgm);
  v.sec = s.on_seconds; // seconds on court
  v.poss = s.off_poss;
  v.usage = usage;
  v.psa = pct(s.pts, fga + s.ft_trips); // points per shot attempt x 100
  v.ast_pct = astPct;
  v.ast_usg = astPct === null || usage === null || usage === 0 ? null : astPct / usage;
  v.tov_play_pct = pct(s.tov, fga + s.ft_trips + s.tov); // per play; a team's TOV% (tov_pct) is per possession
  v.pts_per_100 = pct(s.pts, s.off_poss);
  v.efg_pct = pct(fgm + 0.5 * fg3m, fga);
  v.fg2_pct = pct(fgm - fg3m, fga - fg3a);
  v.fg3_pct = pct(fg3m, fg3a);
  v.ft_pct = pct(s.ftm, s.fta);
  // Share of makes that were assisted, by zone.
  v.astd_rim = pct(s.astd_rim, s.fgm_rim);
  v.astd_mid = pct(s.astd_smid + s.astd_lmid, s.fgm_smid + s.fgm_lmid);
  v.astd_three = pct(s.astd_c3 + s.astd_nc3, fg3m);
  setZoneValues(v, s);
  // SFLD% = shooting fouls drawn / (FGA + shooting fouls drawn without an FGA); a fouled miss is no FGA,
  // a fouled make (and-one) is, so "without an FGA" = sfd - and1.
  v.sfld_pct = pct(s.sfd, fga + s.sfd - s.and1);
  // FFLD% = non-shooting fouls drawn / his plays (FGA + FT trips + TOV).
  v.ffld_pct = pct(s.nsfd, fga + s.ft_trips + s.tov);
  v.and1_pct = pct(s.and1, fgm);
  v.fta_rate = pct(s.fta, fga); // FTA / FGA; the four factors' FT rate (ft_rate) is FTM / FGA
  v.blk_pct = pct(s.blk, s.opp_fg2a);
  v.stl_pct = pct(s.stl, s.def_poss);
  // PF per 100 defensive possessions on court.
  v.pf_per_100 = pct(s.pf, s.def_poss);
  v.orb_pct = pct(s.oreb, s.oreb_chances);
  v.drb_pct = pct(s.dreb, s.dreb_chances);
  // Totals
  v.fgm = fgm;
  v.fga = fga;
  v.fg3m = fg3m;
  v.fg3a = fg3a;
  v.ftm = s.ftm;
  v.fta = s.fta;
  v.pts = s.pts;
  v.plus_minus = s.team_pts - s.opp_pts;
  // The rest of a box-score line (game logs).
  v.oreb = s.oreb;
  v.dreb = s.dreb;
  v.reb = s.oreb + s.dreb;
  v.ast = s.ast;
  v.stl = s.stl;
  v.blk = s.blk;
  v.tov = s.tov;
  v.pf = s.pf;
  v.opp_pts = s.opp_pts; // points allowed while on court (a whole team's: the opponent's points)
  return v;
}

/** Two decimals: more than the one the tables show, and the answers stay small. */
export function round(v: Value): Value {
  return v === null || !Number.isFinite(v) ? null : Math.round(v * 100) / 100;
}

/** The league's shooting in a sample (fractions 0-1): what a luck adjustment puts in place of a lineup's own. */
export interface LeagueShooting {
  fg3Pct: number | null;
  ftPct: number | null;
}

/**
 * The spread (standard deviation) of the points of one possession: 1.12 to 1.18 in every season of 2003-04 to
 * 2022-23, 1.15 over all of them (possessions with possessions = 1; the test database's seasons are checked
 * against it in tests/api/lineupSamples.test.ts). The margin of error of a net rating follows from it.
 */
export const POINTS_PER_POSSESSION_SD = 1.15;

/** z of a two-sided 95 % interval. */
const Z95 = 1.96;

/** The counters a net rating and its adjustment read, of one side (the offense's possessions). */
export type NetSums = Pick<TeamSums, 'possessions' | 'pts' | 'fg3a' | 'fg3m' | 'fta' | 'ftm'>;

/**
 * Points with the shooters' three-point and free-throw percentages replaced by the league's: every attempt
 * worth the league's average, every other point as scored. pts - 3 x 3PM - FTM + 3 x 3PA x lg3P% + FTA x lgFT%.
 */
export function luckAdjustedPoints(s: NetSums, league: LeagueShooting): number | null {
  if (league.fg3Pct === null || league.ftPct === null) return null;
  return s.pts - 3 * s.fg3m - s.ftm + 3 * s.fg3a * league.fg3Pct + s.fta * league.ftPct;
}

/**
 * The net rating of a lineup (or a player on or off) from its offensive possessions (`offense`: what it scored)
 * and its defensive ones (`defense`: what its opponents scored): raw, luck-adjusted (both sides' 3P% and FT% at
 * the league's), and the margin of an approximate 95 % interval, 1.96 x SD x 100 x sqrt(1/n_off + 1/n_def),
 * treating possessions as independent draws with the league's spread of points (POINTS_PER_POSSESSION_SD).
 * Null without possessions on either side.
 */
export function netValues(offense: NetSums, defense: NetSums, league: LeagueShooting): Values {
  const poss = offense.possessions + defense.possessions;
  if (offense.possessions <= 0 || defense.possessions <= 0) return { net_poss: poss, net_rtg: null, net_rtg_adj: null, net_rtg_margin: null };
  const per100 = (pts: number, n: number) => (100 * pts) / n;
  const adjFor = luckAdjustedPoints(offense, league);
  const adjAgainst = luckAdjustedPoints(defense, league);
  return {
    net_poss: poss,
    net_rtg: per100(offense.pts, offense.possessions) - per100(defense.pts, defense.possessions),
    net_rtg_adj: adjFor === null || adjAgainst === null ? null : per100(adjFor, offense.possessions) - per100(adjAgainst, defense.possessions),
    net_rtg_margin: Z95 * POINTS_PER_POSSESSION_SD * 100 * Math.sqrt(1 / offense.possessions + 1 / defense.possessions),
  };
}
