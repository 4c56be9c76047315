/**
 * Which way is good, for every metric column of src/lib/metricColumns.ts (one place; a unit test requires an
 * entry for every column key). Percentile colours and tooltips follow it:
 *   higher   a high value is good (eFG%, AST%, STL%...)
 *   lower    a low value is good (TOV%, PF/100)
 *   style    describes how, not how well (shot shares, assisted shares, pace, minutes): coloured by no one's
 *            judgement, so no colour; the percentile still shows on hover and focus
 * A set of the Opponent group shows what the opponents did (the defense's view): there higher and lower swap,
 * so a low opponent eFG% is good for the team or lineup on defense.
 */
import type { MetricGroup } from './metricSets';

export type Better = 'higher' | 'lower' | 'style';

const ZONE_KEYS = ['rim', 'smid', 'lmid', 'mid', 'c3', 'nc3', 'three'] as const;

export const BETTER: Readonly<Record<string, Better>> = {
  // Offensive overview
  sec: 'style',
  poss: 'style',
  usage: 'higher',
  psa: 'higher',
  ast_pct: 'higher',
  ast_usg: 'higher',
  tov_pct: 'lower',
  pts_per_100: 'higher',
  // Shooting
  efg_pct: 'higher',
  fg2_pct: 'higher',
  fg3_pct: 'higher',
  ft_pct: 'higher',
  astd_rim: 'style',
  astd_mid: 'style',
  astd_three: 'style',
  ...Object.fromEntries(ZONE_KEYS.map((z) => [`${z}_freq`, 'style'])),
  ...Object.fromEntries(ZONE_KEYS.map((z) => [`${z}_acc`, 'higher'])),
  // Foul drawing
  sfld_pct: 'higher',
  ffld_pct: 'higher',
  and1_pct: 'higher',
  ft_rate: 'higher',
  // Defense and rebounding
  blk_pct: 'higher',
  stl_pct: 'higher',
  pf_per_100: 'lower',
  orb_pct: 'higher',
  drb_pct: 'higher',
  // Totals
  fgm: 'higher',
  fga: 'style',
  fg3m: 'higher',
  fg3a: 'style',
  ftm: 'higher',
  fta: 'higher',
  pts: 'higher',
  plus_minus: 'higher',
  // The rest of a box-score line
  oreb: 'higher',
  dreb: 'higher',
  reb: 'higher',
  ast: 'higher',
  stl: 'higher',
  blk: 'higher',
  tov: 'lower',
  pf: 'lower',
  opp_pts: 'lower',
  // Team efficiency and play context
  pts_per_poss: 'higher',
  hc_play_pct: 'style',
  hc_pts_per_play: 'higher',
  pb_play_pct: 'style',
  pb_pts_per_play: 'higher',
  tr_freq: 'style',
  tr_pts_per_play: 'higher',
  tr_pts_added: 'higher',
  tr_off_steal_pct: 'style',
  tr_off_dreb_pct: 'style',
  // Net rating and its sample (lineup and on/off tables)
  net_poss: 'style',
  net_rtg: 'higher',
  net_rtg_adj: 'higher',
  net_rtg_margin: 'style',
  // League summary
  games: 'style',
  pace: 'style',
  home_win_pct: 'style',
  // Salaries
  salary: 'style',
};

/** Columns that read the same on either side: the net rating is the lineup's (or player's) own, offense and defense together. */
const SAME_ON_BOTH_SIDES: ReadonlySet<string> = new Set(['net_poss', 'net_rtg', 'net_rtg_adj', 'net_rtg_margin']);

/** Which way is good for a column of a set in `group` (Opponent sets swap higher and lower, except the net rating's). */
export function betterOf(key: string, group: MetricGroup): Better {
  const b = BETTER[key] ?? 'style';
  if (group !== 'Opponent' || b === 'style' || SAME_ON_BOTH_SIDES.has(key)) return b;
  return b === 'higher' ? 'lower' : 'higher';
}

/** One line for the definition popover and the percentile tooltip. */
export function betterText(b: Better): string {
  return b === 'higher' ? 'Higher is better.' : b === 'lower' ? 'Lower is better.' : 'Describes style: neither better nor worse.';
}
