/**
 * Out-of-sample check of RAPM (guide: src/content/guides/rapm.md, "Validation"): each season's stint margins
 * predicted from the ratings of the season before (and of the three-season window ending the season before),
 * against an on-court plus-minus baseline from the same season before and against home court alone.
 *
 * A margin stint is the ten players of one game on both sides: the home five's and away five's possessions
 * and points summed, kept when both teams had the ball. Its margin is the net rating, home points per 100
 * possessions minus away points per 100; a model predicts each side's points per 100, mu + home court (home
 * side) + the offense's five offensive values + the defense's five defensive values (points allowed), and the
 * margin as their difference. Correlation and RMSE are weighted by the stint's possessions (both teams). A
 * player the model has no value for counts 0. (Margins in points, not per 100, would mostly measure which team
 * had one possession more.)
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { weightedFit } from './ridge.ts';

/** A model's ratings: per player points per 100 added on offense and allowed on defense; mu and home court. */
export interface Ratings {
  mu: number;
  home: number;
  off: Map<number, number>;
  allowed: Map<number, number>;
}

/** Players with fewer possessions than this on a side count 0 (average) in the plus-minus baseline. */
export const BASELINE_MIN_POSSESSIONS = 500;

interface MarginStints {
  n: number;
  homeFive: Int32Array;
  awayFive: Int32Array;
  homePoss: Float64Array;
  awayPoss: Float64Array;
  margin: Float64Array;
}

async function marginStints(connection: DuckDBConnection, season: number): Promise<MarginStints> {
  const five = (side: 'o' | 'd') => `[${side}1, ${side}2, ${side}3, ${side}4, ${side}5]`;
  const reader = await connection.runAndReadAll(
    `SELECT game_id,
            list_sort(CASE WHEN off_is_home THEN ${five('o')} ELSE ${five('d')} END) AS home_five,
            list_sort(CASE WHEN off_is_home THEN ${five('d')} ELSE ${five('o')} END) AS away_five,
            SUM(CASE WHEN off_is_home THEN possessions ELSE 0 END)::INTEGER AS home_poss,
            SUM(CASE WHEN off_is_home THEN pts ELSE 0 END)::INTEGER AS home_pts,
            SUM(CASE WHEN off_is_home THEN 0 ELSE possessions END)::INTEGER AS away_poss,
            SUM(CASE WHEN off_is_home THEN 0 ELSE pts END)::INTEGER AS away_pts
       FROM possessions
      WHERE NOT is_filtered_out AND season = $season
      GROUP BY ALL
     HAVING SUM(possessions) FILTER (WHERE off_is_home) > 0 AND SUM(possessions) FILTER (WHERE NOT off_is_home) > 0
      ORDER BY game_id, home_five, away_five`,
    { season },
  );
  const rows = reader.getRowObjectsJS() as {
    home_five: number[];
    away_five: number[];
    home_poss: number;
    home_pts: number;
    away_poss: number;
    away_pts: number;
  }[];
  const n = rows.length;
  const out: MarginStints = {
    n,
    homeFive: new Int32Array(5 * n),
    awayFive: new Int32Array(5 * n),
    homePoss: new Float64Array(n),
    awayPoss: new Float64Array(n),
    margin: new Float64Array(n),
  };
  rows.forEach((r, i) => {
    out.homeFive.set(r.home_five, 5 * i);
    out.awayFive.set(r.away_five, 5 * i);
    out.homePoss[i] = r.home_poss;
    out.awayPoss[i] = r.away_poss;
    out.margin[i] = (100 * r.home_pts) / r.home_poss - (100 * r.away_pts) / r.away_poss;
  });
  return out;
}

function predictMargins(stints: MarginStints, ratings: Ratings): Float64Array {
  const value = (map: Map<number, number>, five: Int32Array, i: number) => {
    let s = 0;
    for (let k = 5 * i; k < 5 * i + 5; k++) s += map.get(five[k]!) ?? 0;
    return s;
  };
  return Float64Array.from({ length: stints.n }, (_, i) => {
    const homeRate = ratings.mu + ratings.home + value(ratings.off, stints.homeFive, i) + value(ratings.allowed, stints.awayFive, i);
    const awayRate = ratings.mu + value(ratings.off, stints.awayFive, i) + value(ratings.allowed, stints.homeFive, i);
    return homeRate - awayRate;
  });
}

/** The ratings of a RAPM fit (rapm and rapm_fits), or null when the database has no such fit. */
export async function rapmRatings(connection: DuckDBConnection, from: number, to: number): Promise<Ratings | null> {
  const fit = (
    await connection.runAndReadAll('SELECT intercept, home FROM rapm_fits WHERE season_from = $from AND season_to = $to', { from, to })
  ).getRowObjectsJS()[0];
  if (!fit) return null;
  const rows = (
    await connection.runAndReadAll('SELECT player_id, off, def FROM rapm WHERE season_from = $from AND season_to = $to', { from, to })
  ).getRowObjectsJS();
  return {
    mu: Number(fit.intercept),
    home: Number(fit.home),
    off: new Map(rows.map((r) => [Number(r.player_id), Number(r.off)])),
    allowed: new Map(rows.map((r) => [Number(r.player_id), -Number(r.def)])),
  };
}

/**
 * The baseline: each player's on-court ratings of `season` (team points per 100 possessions scored with him on
 * offense, allowed with him on defense, outside garbage time) minus the league's, divided by five (each of the
 * five on the floor shares the unit's rating); under BASELINE_MIN_POSSESSIONS on a side, 0. mu is the away
 * offenses' points per 100, home the home offenses' minus it.
 */
export async function plusMinusRatings(connection: DuckDBConnection, season: number): Promise<Ratings> {
  const league = (
    await connection.runAndReadAll(
      `SELECT 100 * SUM(pts) / SUM(possessions) AS all_rate,
              100 * SUM(pts) FILTER (WHERE off_is_home) / SUM(possessions) FILTER (WHERE off_is_home) AS home_rate,
              100 * SUM(pts) FILTER (WHERE NOT off_is_home) / SUM(possessions) FILTER (WHERE NOT off_is_home) AS away_rate
         FROM possessions WHERE NOT is_filtered_out AND season = $season`,
      { season },
    )
  ).getRowObjectsJS()[0]!;
  const allRate = Number(league.all_rate);
  const rows = (
    await connection.runAndReadAll(
      `WITH u AS (
         SELECT unnest([o1, o2, o3, o4, o5]) AS player_id, TRUE AS is_offense, possessions, pts FROM possessions WHERE NOT is_filtered_out AND season = $season
         UNION ALL
         SELECT unnest([d1, d2, d3, d4, d5]) AS player_id, FALSE AS is_offense, possessions, pts FROM possessions WHERE NOT is_filtered_out AND season = $season)
       SELECT player_id, is_offense, SUM(possessions)::INTEGER AS poss, (100 * SUM(pts) / SUM(possessions))::DOUBLE AS rate
         FROM u GROUP BY ALL HAVING SUM(possessions) >= $min`,
      { season, min: BASELINE_MIN_POSSESSIONS },
    )
  ).getRowObjectsJS();
  const off = new Map<number, number>();
  const allowed = new Map<number, number>();
  for (const r of rows) (r.is_offense ? off : allowed).set(Number(r.player_id), (Number(r.rate) - allRate) / 5);
  return { mu: Number(league.away_rate), home: Number(league.home_rate) - Number(league.away_rate), off, allowed };
}

export interface ValidationRow {
  season: number;
  stints: number;
  possessions: number;
  models: { name: string; correlation: number; rmse: number }[];
}

/** Model names in the order of the report. */
export const VALIDATION_MODELS = ['RAPM, season before', 'RAPM, 3 seasons before', 'On-court +/- per 100, season before', 'Home court only'] as const;

/** Each season with a season before in the database: its stint margins predicted by each model. */
export async function validateRapm(connection: DuckDBConnection): Promise<ValidationRow[]> {
  const seasons = (await connection.runAndReadAll('SELECT DISTINCT season_to::INTEGER AS s FROM rapm_fits WHERE season_from = season_to ORDER BY s'))
    .getRowObjectsJS()
    .map((r) => Number(r.s));
  const out: ValidationRow[] = [];
  for (const season of seasons) {
    if (!seasons.includes(season - 1)) continue;
    const stints = await marginStints(connection, season);
    const weight = Float64Array.from({ length: stints.n }, (_, i) => stints.homePoss[i]! + stints.awayPoss[i]!);
    const single = (await rapmRatings(connection, season - 1, season - 1))!;
    const window = await rapmRatings(connection, season - 3, season - 1);
    const baseline = await plusMinusRatings(connection, season - 1);
    const home: Ratings = { mu: single.mu, home: single.home, off: new Map(), allowed: new Map() };
    const models: [string, Ratings | null][] = [
      [VALIDATION_MODELS[0], single],
      [VALIDATION_MODELS[1], window],
      [VALIDATION_MODELS[2], baseline],
      [VALIDATION_MODELS[3], home],
    ];
    out.push({
      season,
      stints: stints.n,
      possessions: weight.reduce((s, w) => s + w, 0),
      models: models
        .filter((m): m is [string, Ratings] => m[1] !== null)
        .map(([name, ratings]) => ({ name, ...pick(weightedFit(stints.margin, predictMargins(stints, ratings), weight)) })),
    });
  }
  return out;
}

const pick = (f: { correlation: number; rmse: number }) => ({ correlation: f.correlation, rmse: f.rmse });

/** Possession-weighted means over seasons of each model's correlation and RMSE (seasons where it exists). */
export function pooled(rows: readonly ValidationRow[]): { name: string; seasons: number; correlation: number; rmse: number }[] {
  return VALIDATION_MODELS.map((name) => {
    let w = 0;
    let c = 0;
    let e = 0;
    let n = 0;
    for (const row of rows) {
      const m = row.models.find((x) => x.name === name);
      if (!m) continue;
      w += row.possessions;
      c += row.possessions * m.correlation;
      e += row.possessions * m.rmse ** 2;
      n++;
    }
    return { name, seasons: n, correlation: w ? c / w : NaN, rmse: w ? Math.sqrt(e / w) : NaN };
  }).filter((m) => m.seasons > 0);
}

const fmt = (v: number, digits = 2) => {
  if (!Number.isFinite(v)) return '-';
  const text = v.toFixed(digits);
  return Number(text) === 0 ? text.replace('-', '') : text;
};
const seasonName = (s: number) => `${s}-${String((s + 1) % 100).padStart(2, '0')}`;
const fitName = (from: number, to: number) => (from === to ? seasonName(from) : `${seasonName(from)} to ${seasonName(to)}`);

/** The markdown report of `npm run verify:models`: the fits, the out-of-sample check, the leaders. */
export async function rapmReport(connection: DuckDBConnection): Promise<string> {
  const [table] = (await connection.runAndReadAll(`SELECT COUNT(*)::INTEGER AS n FROM duckdb_tables() WHERE table_name = 'rapm_fits'`)).getRowObjectsJS();
  if (!Number(table?.n))
    return '## RAPM\n\nThis database has no RAPM tables (built before schema 8): run `npm run verify:models -- --db FILE --build` or the ingest.\n';
  const fits = (await connection.runAndReadAll('SELECT * FROM rapm_fits ORDER BY season_to - season_from, season_to')).getRowObjectsJS();
  const lines: string[] = ['## RAPM', ''];
  if (fits.length === 0) return [...lines, 'No fits: the database has no possessions.', ''].join('\n');
  const totalSeconds = fits.reduce((s, f) => s + Number(f.seconds), 0);
  lines.push(
    `${fits.length} fits (${fits.filter((f) => f.season_from === f.season_to).length} seasons, ${fits.filter((f) => f.season_from !== f.season_to).length} three-season windows), ${fmt(totalSeconds, 1)} s of fitting in the build (wall clock, the sum of rapm_fits.seconds).`,
    '',
    "Cross-validation (5 folds over games, seed 29): possession-weighted RMSE of held-out stints' points per 100, at the penalty chosen and for the intercept alone.",
    '',
    '| Fit | Lambda | CV RMSE | Intercept-only RMSE | Home court | Players | Stints | Possessions | Seconds |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const f of fits) {
    lines.push(
      `| ${fitName(Number(f.season_from), Number(f.season_to))} | ${Number(f.penalty)} | ${fmt(Number(f.cv_rmse), 3)} | ${fmt(Number(f.cv_null_rmse), 3)} | ${fmt(Number(f.home))} | ${Number(f.players)} | ${Number(f.stints)} | ${Number(f.possessions)} | ${fmt(Number(f.seconds), 1)} |`,
    );
  }
  const validation = await validateRapm(connection);
  lines.push('', "### Out of sample: next season's stint margins", '');
  if (validation.length === 0) {
    lines.push('No season has the season before it in this database.');
  } else {
    lines.push(
      "Each season's stints (the same ten players in a game, both teams with the ball) predicted from the season before: margin = home minus away points per 100 possessions; r and RMSE weighted by possessions. Home court only predicts the same margin everywhere (r 0 by definition).",
      '',
      `| Season | Stints | ${VALIDATION_MODELS.map((m) => `${m}: r / RMSE`).join(' | ')} |`,
      `|---|---:|${VALIDATION_MODELS.map(() => '---:').join('|')}|`,
    );
    for (const row of validation) {
      const cells = VALIDATION_MODELS.map((name) => {
        const m = row.models.find((x) => x.name === name);
        return m ? `${fmt(m.correlation, 3)} / ${fmt(m.rmse, 1)}` : '-';
      });
      lines.push(`| ${seasonName(row.season)} | ${row.stints} | ${cells.join(' | ')} |`);
    }
    lines.push('', '| Model | Seasons | r | RMSE |', '|---|---:|---:|---:|');
    for (const m of pooled(validation)) lines.push(`| ${m.name} | ${m.seasons} | ${fmt(m.correlation, 3)} | ${fmt(m.rmse, 2)} |`);
    const common = validation.filter((v) => v.models.length === VALIDATION_MODELS.length);
    if (common.length > 0 && common.length < validation.length) {
      lines.push('', `Over the ${common.length} seasons where every model exists:`, '', '| Model | r | RMSE |', '|---|---:|---:|');
      for (const m of pooled(common)) lines.push(`| ${m.name} | ${fmt(m.correlation, 3)} | ${fmt(m.rmse, 2)} |`);
    }
  }
  const latest = fits.filter((f) => f.season_from === f.season_to).at(-1)!;
  const leaders = (
    await connection.runAndReadAll(
      `SELECT p.name, r.off, r.def, r.total, r.possessions FROM rapm r JOIN players p USING (player_id)
        WHERE r.season_from = $s AND r.season_to = $s AND r.possessions >= 2000 ORDER BY r.total DESC, r.player_id LIMIT 10`,
      { s: Number(latest.season_to) },
    )
  ).getRowObjectsJS();
  lines.push(
    '',
    `### Leaders ${seasonName(Number(latest.season_to))} (2,000 possessions or more)`,
    '',
    '| Player | Off | Def | Total | Possessions |',
    '|---|---:|---:|---:|---:|',
  );
  for (const r of leaders)
    lines.push(`| ${String(r.name)} | ${fmt(Number(r.off))} | ${fmt(Number(r.def))} | ${fmt(Number(r.total))} | ${Number(r.possessions)} |`);
  lines.push('');
  return lines.join('\n');
}
