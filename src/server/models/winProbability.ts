/**
 * The win-probability model: the home team's chance of winning at the start of every possession,
 * a logistic regression fitted on this database's own possessions, and each possession's leverage (how much its
 * outcome can move that chance; src/lib/filters/leverage.ts). Built by the ingest (src/server/models/registry.ts) after
 * the possession tables exist and before the derived tables copy possessions.leverage.
 *
 * Inputs of a possession, all known at its start (no future information):
 * - margin: home points minus away points;
 * - time left: seconds to the end of regulation, or of the current overtime;
 * - ball: +1 when the home team has it, -1 when the away team has it;
 * - strength: the home team's pre-game rating minus the away team's, each the point differential per game over
 *   the team's earlier games of the season, shrunk toward its previous regular season's (halved) with the weight
 *   of STRENGTH_PRIOR_GAMES games: (sum of earlier margins + 10 x prior) / (earlier games + 10).
 * Features (Brownian-motion reasoning: the rest of the game adds a margin with mean proportional to the time
 * left and spread proportional to its square root): intercept, margin / sqrt(t + c), ball / sqrt(t + c),
 * sqrt(t / 2880) (home court over the time left), strength x sqrt(t / 2880), margin; c = TIME_OFFSET seconds.
 * The baseline uses margin and time only: margin / sqrt(t + c), margin.
 *
 * Fitted (with a tiny ridge penalty, RIDGE) on half of the finished seasons (splitSeasons, finishedSeasons), checked on the
 * others; the stored coefficients are the fit's, so every figure of the held-out seasons is out of sample. The season in
 * progress is neither fitted nor checked: it gets the stored coefficients, so the nightly update of its games
 * neither fits the model again nor changes another season's figures (buildWinProbability's `changed`). Deterministic: Newton's method from zero
 * (logistic.ts), coefficients rounded to 9 significant digits so that the order of DuckDB's parallel sums
 * cannot change a stored value.
 *
 * Tables written (comments as in schema.sql):
 *   wp_model: model VARCHAR ('wp' | 'baseline'), position TINYINT (feature order), feature VARCHAR,
 *     coefficient DOUBLE, fit_seasons SMALLINT[], test_seasons SMALLINT[], fit_rows BIGINT, iterations TINYINT
 *   win_probability: possession_id INTEGER (possessions.possession_id), game_id INTEGER, home_wp REAL (home team's
 *     win probability at the possession's start, 0..1), leverage REAL (percentage points, src/lib/filters/leverage.ts),
 *     strength REAL (the home team's pre-game rating minus the away team's, points per game); sorted by possession_id
 *   possessions.leverage TINYINT: the leverage level, 1 low .. 4 very high (src/lib/filters/leverage.ts LEVERAGE_LIMITS)
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { LEVERAGE_LEVELS, LEVERAGE_LIMITS, LEVERAGE_POSSESSION_SECONDS, CLUTCH } from '../../lib/filters/leverage';
import { FULL_SEASON_GAMES } from '../../lib/tables/percentilePolicy';
import { fitLogistic, type LogisticSums } from './logistic';

/** Seconds added to the time left under the square roots (keeps the last seconds finite). */
export const TIME_OFFSET = 15;
/**
 * The fit's small ridge penalty (logistic.ts): keeps a fit on a few games (a test's data folder) finite; on a
 * season's 250,000 possessions it changes no coefficient in its first four digits.
 */
export const RIDGE = 0.01;
/** Weight, in games, of the previous season's rating in a team's pre-game strength. */
export const STRENGTH_PRIOR_GAMES = 10;
/** Share of the previous season's point differential per game carried into the next season's prior. */
export const STRENGTH_PRIOR_CARRY = 0.5;

/** A game state as SQL expressions (over a table's columns, or bound values). */
export interface StateSql {
  margin: string;
  timeLeft: string;
  ball: string;
  strength: string;
}

interface Feature {
  name: string;
  sql: (s: StateSql) => string;
}

const sqrtTime = (s: StateSql) => `sqrt((${s.timeLeft}) + ${TIME_OFFSET})`;
const timeShare = (s: StateSql) => `sqrt((${s.timeLeft}) / 2880.0)`;

export const MODEL_FEATURES: Record<'wp' | 'baseline', Feature[]> = {
  wp: [
    { name: 'intercept', sql: () => '1.0' },
    { name: 'margin / sqrt(t + c)', sql: (s) => `(${s.margin}) / ${sqrtTime(s)}` },
    { name: 'ball / sqrt(t + c)', sql: (s) => `(${s.ball}) / ${sqrtTime(s)}` },
    { name: 'sqrt(t / 2880)', sql: (s) => timeShare(s) },
    { name: 'strength x sqrt(t / 2880)', sql: (s) => `(${s.strength}) * ${timeShare(s)}` },
    { name: 'margin', sql: (s) => `(${s.margin})::DOUBLE` },
  ],
  baseline: [
    { name: 'margin / sqrt(t + c)', sql: (s) => `(${s.margin}) / ${sqrtTime(s)}` },
    { name: 'margin', sql: (s) => `(${s.margin})::DOUBLE` },
  ],
};
export type ModelName = keyof typeof MODEL_FEATURES;

/** The columns of wp_inputs as a state. */
const INPUT_STATE: StateSql = { margin: 'margin', timeLeft: 'time_left', ball: 'ball', strength: 'strength' };

/** The linear predictor b·x of a model at a state, the coefficients bound as $<prefix><i>. */
function linearSql(model: ModelName, s: StateSql, prefix: string): string {
  return MODEL_FEATURES[model].map((f, i) => `$${prefix}${i} * (${f.sql(s)})`).join(' + ');
}

/** The model's home win probability at a state, as SQL (coefficients bound as $<prefix><i>). */
export function wpSql(model: ModelName, s: StateSql, prefix = 'b'): string {
  return `(1.0 / (1.0 + exp(-(${linearSql(model, s, prefix)}))))`;
}

/** Bound values of a model's coefficients for wpSql. */
export function coefficientParams(coefficients: readonly number[], prefix = 'b'): Record<string, number> {
  return Object.fromEntries(coefficients.map((c, i) => [`${prefix}${i}`, c]));
}

/**
 * The seasons the model is fitted on and those it is checked on: every other season in order, the first, third...
 * fitted, the second, fourth... held out (two seasons: fit on the first, check on the second). Playoffs go with
 * their season.
 */
export function splitSeasons(seasons: readonly number[]): { fit: number[]; test: number[] } {
  const sorted = [...seasons].sort((a, b) => a - b);
  return { fit: sorted.filter((_, i) => i % 2 === 0), test: sorted.filter((_, i) => i % 2 === 1) };
}

/**
 * The seasons the model may be fitted on: every season held but the season in progress. Rule (the site's, src/lib/
 * seasons.ts `inProgress`): the season in progress is the latest season held when none of its games is a playoff
 * game and no team has played FULL_SEASON_GAMES (82) regular-season games in it; a season is finished once its
 * playoffs began (in the archive: every season). A database holding only a season in progress (a replay's start)
 * has no finished season: the model is then fitted on the seasons it holds, and again once the season ends.
 * Example: 2003-04 to 2022-23 and 2023-24 through 2023-12-01 -> the 20 seasons to 2022-23 (fitted on 2003-04,
 * 2005-06, ..., 2021-22; checked on 2004-05, ..., 2022-23); 2023-24 gets the stored coefficients.
 */
export async function finishedSeasons(connection: DuckDBConnection): Promise<{ held: number[]; finished: number[] }> {
  const held = (await connection.runAndReadAll('SELECT DISTINCT season FROM games ORDER BY season')).getRowObjectsJS().map((r) => Number(r.season));
  const latest = held.at(-1);
  if (latest === undefined) return { held, finished: [] };
  const [r] = (
    await connection.runAndReadAll(
      `SELECT (SELECT count(*) FROM games WHERE season = $s AND season_type = 'playoffs')::INTEGER AS playoffs,
            (SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM team_games WHERE season = $s AND season_type = 'regular' GROUP BY team_id))::INTEGER AS most`,
      { s: latest },
    )
  ).getRowObjectsJS();
  const inProgress = Number(r!.playoffs) === 0 && Number(r!.most) < FULL_SEASON_GAMES;
  return { held, finished: inProgress ? held.slice(0, -1) : held };
}

/** Pre-game ratings: team_ratings(game_id, team_id, rating), from earlier games only (see the module comment). */
const RATINGS_SQL = `
  WITH tg AS (SELECT game_id, season, team_id, date, (pts - opp_pts)::DOUBLE AS diff FROM team_games),
  prior AS (
    SELECT season + 1 AS season, team_id, ${STRENGTH_PRIOR_CARRY} * avg(pts - opp_pts) AS prior
      FROM team_games WHERE season_type = 'regular' GROUP BY season, team_id),
  running AS (
    SELECT game_id, season, team_id,
           coalesce(sum(diff) OVER w, 0) AS sum_before, count(diff) OVER w AS n_before
      FROM tg
    WINDOW w AS (PARTITION BY season, team_id ORDER BY date, game_id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING))
  SELECT r.game_id, r.team_id,
         (r.sum_before + ${STRENGTH_PRIOR_GAMES} * coalesce(p.prior, 0)) / (r.n_before + ${STRENGTH_PRIOR_GAMES}) AS rating
    FROM running r LEFT JOIN prior p USING (season, team_id)`;

/** Round to 9 significant digits (see the module comment). */
const round9 = (v: number) => Number(v.toPrecision(9));

/**
 * The fitting rows: one possession in FIT_EVERY of the fit seasons (by possession id). A game's possessions share
 * one outcome, so the information is in the games: a quarter of the possessions of every game fits the model as
 * well as all of them (the held-out figures say how well) in a quarter of the time. The fit starts from the answer
 * on one possession in SAMPLE_EVERY.
 */
export const FIT_EVERY = 4;
const SAMPLE_EVERY = 64;

/**
 * Sum of the log-likelihood, gradient and Hessian of `model` over the fitting rows of wp_inputs (one possession in
 * FIT_EVERY of the fit seasons, or one in SAMPLE_EVERY), in one SQL aggregate per call. The features of the fitting rows
 * are computed once into temporary tables (wp_fit_rows, wp_fit_sample), so that each Newton iteration only
 * multiplies and adds.
 */
async function sqlSums(connection: DuckDBConnection, model: ModelName, fitSeasons: number[]) {
  const features = MODEL_FEATURES[model].map((f) => f.sql(INPUT_STATE));
  const k = features.length;
  await connection.run(
    `CREATE OR REPLACE TEMP TABLE wp_fit_rows AS
     SELECT possession_id % ${SAMPLE_EVERY} = 0 AS in_sample, home_won::DOUBLE AS y, ${features.map((f, i) => `(${f})::DOUBLE AS x${i}`).join(', ')}
       FROM wp_inputs WHERE is_possession AND possession_id % ${FIT_EVERY} = 0 AND list_contains($seasons::JSON::SMALLINT[], season)`,
    { seasons: JSON.stringify(fitSeasons) },
  );
  await connection.run('CREATE OR REPLACE TEMP TABLE wp_fit_sample AS SELECT * FROM wp_fit_rows WHERE in_sample');
  const pairs: [number, number][] = [];
  for (let i = 0; i < k; i++) for (let j = 0; j <= i; j++) pairs.push([i, j]);
  const sql = (table: string) => `
    WITH z AS (SELECT *, ${features.map((_, i) => `$b${i} * x${i}`).join(' + ')} AS eta FROM ${table}),
    p AS (SELECT *, 1.0 / (1.0 + exp(-eta)) AS p,
                 -- log(1 + e^-|eta|): log p = -(max(-eta, 0) + it), log(1 - p) = -(max(eta, 0) + it)
                 ln(1 + exp(-abs(eta))) AS soft
            FROM z)
    SELECT count(*) AS n, -sum(y * (greatest(-eta, 0) + soft) + (1 - y) * (greatest(eta, 0) + soft)) AS ll,
           ${features.map((_, i) => `sum((y - p) * x${i}) AS g${i}`).join(', ')},
           ${pairs.map(([i, j]) => `sum(p * (1 - p) * x${i} * x${j}) AS h${i}_${j}`).join(', ')}
      FROM p`;
  return (sample: boolean) =>
    async (b: number[]): Promise<LogisticSums> => {
      const reader = await connection.runAndReadAll(sql(sample ? 'wp_fit_sample' : 'wp_fit_rows'), coefficientParams(b));
      const row = reader.getRowObjectsJS()[0]!;
      const num = (key: string) => Number(row[key] ?? 0);
      const hessian = Array.from({ length: k }, () => new Array<number>(k).fill(0));
      for (const [i, j] of pairs) hessian[i]![j] = hessian[j]![i] = num(`h${i}_${j}`);
      return { gradient: features.map((_, i) => num(`g${i}`)), hessian, logLik: num('ll'), rows: num('n') };
    };
}

/** Build wp_inputs (temporary): one row per possession (of `seasons`, default every one) with the model's inputs and the game's result. */
async function buildInputs(connection: DuckDBConnection, seasons?: readonly number[]): Promise<void> {
  await connection.run(`
    CREATE OR REPLACE TEMP TABLE wp_inputs AS
    WITH ratings AS (${RATINGS_SQL})
    SELECT p.possession_id, p.game_id, p.season, p.possessions = 1 AS is_possession,
           (CASE WHEN p.off_is_home THEN p.score_diff ELSE -p.score_diff END)::INTEGER AS margin,
           greatest(CASE WHEN p.period <= 4 THEN 2880 ELSE 2880 + (p.period - 4) * 300 END - p.start_time, 0)::INTEGER AS time_left,
           CASE WHEN p.off_is_home THEN 1 ELSE -1 END AS ball,
           hr.rating - ar.rating AS strength,
           (g.home_pts > g.away_pts)::INTEGER AS home_won
      FROM possessions p
      JOIN games g USING (game_id)
      JOIN ratings hr ON hr.game_id = p.game_id AND hr.team_id = g.home_team_id
      JOIN ratings ar ON ar.game_id = p.game_id AND ar.team_id = g.away_team_id
     ${seasons ? `WHERE list_contains([${seasons.map(Number).join(',')}]::INTEGER[], p.season)` : ''}`);
}

/** What buildWinProbability did: fitted the model (every possession's figures written) or applied the stored one. */
export interface WinProbabilityRun {
  fitted: boolean;
  /** the seasons whose win_probability rows and possessions.leverage were written */
  seasons: number[];
}

/**
 * Fit both models on the finished seasons, store wp_model, win_probability and possessions.leverage (the build).
 * `changed` (the update): the seasons whose games were written again. The stored model is kept when the seasons to
 * fit and check are the stored ones and no fitted season's possessions changed (a changed season, or the season
 * after it: its ratings' prior); then only the changed seasons and the seasons after them get their rows, from the
 * stored coefficients. Example: 2023-24 in progress, a night of its games -> 2023-24's rows alone, no fit.
 */
export async function buildWinProbability(
  connection: DuckDBConnection,
  log: (m: string) => void = () => {},
  changed?: readonly number[],
): Promise<WinProbabilityRun> {
  const { held, finished } = await finishedSeasons(connection);
  const { fit, test } = splitSeasons(finished.length ? finished : held);
  if (changed) {
    const stored = await storedSeasons(connection);
    const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
    if (stored && same(stored.fit, fit) && same(stored.test, test) && !changed.some((c) => fit.includes(c) || fit.includes(c + 1))) {
      const seasons = held.filter((s) => changed.includes(s) || changed.includes(s - 1));
      await applyStored(connection, seasons);
      log(`win probability: stored model applied to ${seasons.join(', ')}`);
      return { fitted: false, seasons };
    }
  }
  await buildInputs(connection);
  await connection.run('DROP TABLE IF EXISTS wp_model');
  await connection.run(`CREATE TABLE wp_model (model VARCHAR NOT NULL, position TINYINT NOT NULL, feature VARCHAR NOT NULL,
    coefficient DOUBLE NOT NULL, fit_seasons SMALLINT[] NOT NULL, test_seasons SMALLINT[] NOT NULL, fit_rows BIGINT NOT NULL, iterations TINYINT NOT NULL)`);
  const coefficients: Partial<Record<ModelName, number[]>> = {};
  for (const model of ['wp', 'baseline'] as const) {
    // Newton's method on the sample first, then on every fitting row from the sample's answer (a few iterations).
    const sums = await sqlSums(connection, model, fit);
    const k = MODEL_FEATURES[model].length;
    const start = await fitLogistic(k, sums(true), { ridge: (RIDGE * FIT_EVERY) / SAMPLE_EVERY, tolerance: 1e-4 });
    const result = await fitLogistic(k, sums(false), { ridge: RIDGE, tolerance: 1e-6, start: start.coefficients });
    const rounded = result.coefficients.map(round9);
    coefficients[model] = rounded;
    for (const [i, f] of MODEL_FEATURES[model].entries()) {
      // The season lists are bound as JSON text: an empty list has no item type to bind.
      await connection.run('INSERT INTO wp_model VALUES ($model, $pos, $feature, $coef, $fit::JSON::SMALLINT[], $test::JSON::SMALLINT[], $rows, $it)', {
        model,
        pos: i,
        feature: f.name,
        coef: rounded[i]!,
        fit: JSON.stringify(fit),
        test: JSON.stringify(test),
        rows: result.rows,
        it: result.iterations,
      });
    }
  }
  await connection.run('DROP TABLE IF EXISTS wp_fit_rows');
  await connection.run('DROP TABLE IF EXISTS wp_fit_sample');
  await connection.run('DROP TABLE IF EXISTS win_probability');
  await connection.run(`CREATE TABLE win_probability AS ${probabilitySql()}`, coefficientParams(coefficients.wp!));
  await connection.run(
    `COMMENT ON COLUMN win_probability.home_wp IS 'home team''s win probability at the possession''s start, 0..1 (win-probability model, wp_model)'`,
  );
  await connection.run(
    `COMMENT ON COLUMN win_probability.leverage IS 'percentage points of win probability between the offense scoring 2 and not scoring (src/lib/filters/leverage.ts)'`,
  );
  await connection.run(
    `COMMENT ON COLUMN win_probability.strength IS 'home team''s pre-game rating minus the away team''s, points per game (the model''s strength input)'`,
  );
  await connection.run('ALTER TABLE possessions ADD COLUMN IF NOT EXISTS leverage TINYINT');
  await writeLeverage(connection, 'TRUE');
  await connection.run(
    `COMMENT ON COLUMN possessions.leverage IS 'leverage level at the start: 1 low, 2 medium, 3 high, 4 very high (src/lib/filters/leverage.ts, win_probability.leverage)'`,
  );
  await connection.run('DROP TABLE wp_inputs');
  return { fitted: true, seasons: held };
}

/** win_probability's rows for the possessions of wp_inputs, the wp coefficients bound (coefficientParams). */
function probabilitySql(): string {
  // The state after the possession: the other team's ball, LEVERAGE_POSSESSION_SECONDS later, with or without 2 points.
  const after = (points: string): StateSql => ({
    margin: `margin + ${points} * ball`,
    timeLeft: `greatest(time_left - ${LEVERAGE_POSSESSION_SECONDS}, 0)`,
    ball: '-ball',
    strength: 'strength',
  });
  return `SELECT possession_id::INTEGER AS possession_id, game_id::INTEGER AS game_id,
            ${wpSql('wp', INPUT_STATE)}::REAL AS home_wp,
            (100 * abs(${wpSql('wp', after('2'))} - ${wpSql('wp', after('0'))}))::REAL AS leverage,
            strength::REAL AS strength
       FROM wp_inputs ORDER BY possession_id`;
}

/** possessions.leverage (the level) from win_probability, for the possessions meeting `where`. */
async function writeLeverage(connection: DuckDBConnection, where: string): Promise<void> {
  const [l1, l2, l3] = LEVERAGE_LIMITS;
  await connection.run(
    `UPDATE possessions SET leverage = CASE WHEN w.leverage >= $l3 THEN 4 WHEN w.leverage >= $l2 THEN 3 WHEN w.leverage >= $l1 THEN 2 ELSE 1 END
       FROM win_probability w WHERE w.possession_id = possessions.possession_id AND ${where}`,
    { l1, l2, l3 },
  );
}

/** The stored model's fitted and checked seasons, or null when there is no stored model. */
async function storedSeasons(connection: DuckDBConnection): Promise<{ fit: number[]; test: number[] } | null> {
  const exists = await connection.runAndReadAll(
    `SELECT 1 FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main' AND table_name = 'wp_model'`,
  );
  if (exists.getRowObjectsJS().length === 0) return null;
  const rows = (await connection.runAndReadAll(`SELECT DISTINCT fit_seasons AS fit, test_seasons AS test FROM wp_model WHERE model = 'wp'`)).getRowObjectsJS();
  if (rows.length !== 1) return null;
  const list = (v: unknown) => ((v as unknown[] | null) ?? []).map(Number);
  return { fit: list(rows[0]!.fit), test: list(rows[0]!.test) };
}

/** The stored coefficients applied to the possessions of `seasons`: their win_probability rows and possessions.leverage written again. */
async function applyStored(connection: DuckDBConnection, seasons: readonly number[]): Promise<void> {
  if (seasons.length === 0) return;
  const list = `[${seasons.map(Number).join(',')}]::INTEGER[]`;
  await buildInputs(connection, seasons);
  await connection.run(`DELETE FROM win_probability WHERE list_contains(${list}, (2000 + (game_id // 100000) % 100)::INTEGER)`);
  await connection.run(`INSERT INTO win_probability ${probabilitySql()}`, coefficientParams(await storedCoefficients(connection, 'wp')));
  await writeLeverage(connection, `list_contains(${list}, possessions.season)`);
  await connection.run('DROP TABLE wp_inputs');
}

/** Stored coefficients of a model, in feature order. */
export async function storedCoefficients(connection: DuckDBConnection, model: ModelName): Promise<number[]> {
  const reader = await connection.runAndReadAll('SELECT coefficient FROM wp_model WHERE model = $model ORDER BY position', { model });
  return reader.getRowObjectsJS().map((r) => Number(r.coefficient));
}

export interface CalibrationBin {
  /** lower edge of the predicted probability's tenth, 0 .. 0.9 */
  from: number;
  possessions: number;
  predicted: number;
  actual: number;
}

export interface HeldOutFigures {
  fitSeasons: number[];
  testSeasons: number[];
  possessions: number;
  games: number;
  brier: Record<ModelName, number>;
  logLoss: Record<ModelName, number>;
  calibration: CalibrationBin[];
  coefficients: { feature: string; coefficient: number }[];
  leverageShares: { level: string; share: number }[];
  clutchShare: number;
}

/** The held-out figures: Brier score, log loss of both models, calibration by tenth of predicted probability. */
export async function heldOutFigures(connection: DuckDBConnection): Promise<HeldOutFigures> {
  const meta = (
    await connection.runAndReadAll(
      `SELECT feature, coefficient, fit_seasons::INTEGER[] AS fit, test_seasons::INTEGER[] AS test FROM wp_model WHERE model = 'wp' ORDER BY position`,
    )
  ).getRowObjectsJS();
  const fitSeasons = (meta[0]?.fit as number[] | undefined)?.map(Number) ?? [];
  const testSeasons = (meta[0]?.test as number[] | undefined)?.map(Number) ?? [];
  const baseline = await storedCoefficients(connection, 'baseline');
  await buildInputs(connection);
  const params = { ...coefficientParams(baseline, 'c'), seasons: JSON.stringify(testSeasons) };
  const rows = `
    SELECT i.game_id, i.home_won::DOUBLE AS y, greatest(least(w.home_wp::DOUBLE, 1 - 1e-12), 1e-12) AS p_wp,
           greatest(least(${wpSql('baseline', INPUT_STATE, 'c')}, 1 - 1e-12), 1e-12) AS p_base
      FROM wp_inputs i JOIN win_probability w USING (possession_id)
     WHERE i.is_possession AND list_contains($seasons::JSON::SMALLINT[], i.season)`;
  const [s] = (
    await connection.runAndReadAll(
      `SELECT count(*) AS n, count(DISTINCT game_id) AS games,
            avg((p_wp - y) ^ 2) AS brier_wp, avg((p_base - y) ^ 2) AS brier_base,
            -avg(y * ln(p_wp) + (1 - y) * ln(1 - p_wp)) AS ll_wp, -avg(y * ln(p_base) + (1 - y) * ln(1 - p_base)) AS ll_base
       FROM (${rows})`,
      params,
    )
  ).getRowObjectsJS();
  const bins = (
    await connection.runAndReadAll(
      `SELECT least(floor(p_wp * 10), 9)::INTEGER AS bin, count(*) AS n, avg(p_wp) AS predicted, avg(y) AS actual
       FROM (${rows}) GROUP BY bin ORDER BY bin`,
      params,
    )
  ).getRowObjectsJS();
  const shares = (
    await connection.runAndReadAll(
      `SELECT leverage, count(*) / sum(count(*)) OVER () AS share FROM possessions WHERE possessions = 1 GROUP BY leverage ORDER BY leverage`,
    )
  ).getRowObjectsJS();
  const [clutch] = (
    await connection.runAndReadAll(
      `SELECT avg((start_time >= $from AND abs(score_diff) <= $margin)::INTEGER) AS share FROM possessions WHERE possessions = 1`,
      { from: CLUTCH.fromTimeIntoGame, margin: CLUTCH.maxMargin },
    )
  ).getRowObjectsJS();
  await connection.run('DROP TABLE wp_inputs');
  return {
    fitSeasons,
    testSeasons,
    possessions: Number(s!.n),
    games: Number(s!.games),
    brier: { wp: Number(s!.brier_wp), baseline: Number(s!.brier_base) },
    logLoss: { wp: Number(s!.ll_wp), baseline: Number(s!.ll_base) },
    calibration: bins.map((r) => ({ from: Number(r.bin) / 10, possessions: Number(r.n), predicted: Number(r.predicted), actual: Number(r.actual) })),
    coefficients: meta.map((r) => ({ feature: String(r.feature), coefficient: Number(r.coefficient) })),
    leverageShares: shares.map((r) => ({ level: LEVERAGE_LEVELS[Number(r.leverage) - 1] ?? String(r.leverage), share: Number(r.share) })),
    clutchShare: Number(clutch!.share),
  };
}

const seasonList = (seasons: number[]) => seasons.map((y) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`).join(', ');
const pct = (v: number) => `${(100 * v).toFixed(1)} %`;

/** The model's report in Markdown (npm run verify:models). */
export async function verifyWinProbability(connection: DuckDBConnection): Promise<string> {
  const f = await heldOutFigures(connection);
  const lines = [
    '## Win probability',
    '',
    `Fitted on ${seasonList(f.fitSeasons)}; checked on ${seasonList(f.testSeasons)} (${f.possessions.toLocaleString('en-US')} possessions of ${f.games.toLocaleString('en-US')} games).`,
    '',
    '| Model (held-out seasons) | Brier score | Log loss |',
    '|---|---:|---:|',
    `| Win probability (margin, time, ball, home court, strength) | ${f.brier.wp.toFixed(4)} | ${f.logLoss.wp.toFixed(4)} |`,
    `| Baseline (margin and time only) | ${f.brier.baseline.toFixed(4)} | ${f.logLoss.baseline.toFixed(4)} |`,
    '',
    '| Predicted home WP | Possessions | Mean predicted | Home won |',
    '|---|---:|---:|---:|',
    ...f.calibration.map(
      (b) =>
        `| ${Math.round(b.from * 100)}-${Math.round(b.from * 100) + 10} % | ${b.possessions.toLocaleString('en-US')} | ${pct(b.predicted)} | ${pct(b.actual)} |`,
    ),
    '',
    '| Feature | Coefficient |',
    '|---|---:|',
    ...f.coefficients.map((c) => `| ${c.feature} | ${c.coefficient.toPrecision(6)} |`),
    '',
    `Leverage levels over every possession: ${f.leverageShares.map((s) => `${s.level} ${pct(s.share)}`).join(', ')}; clutch: ${pct(f.clutchShare)}.`,
    '',
  ];
  return lines.join('\n');
}

/**
 * The calibration plot as a standalone SVG (the article's figure): mean predicted against actual home win rate per
 * tenth of predicted probability, the diagonal for perfect calibration, the dots sized by possessions.
 */
export function calibrationSvg(f: HeldOutFigures): string {
  const size = 360;
  const m = { left: 48, right: 14, top: 14, bottom: 42 };
  const inner = size - m.left - m.right;
  const x = (v: number) => m.left + v * inner;
  const y = (v: number) => m.top + (1 - v) * inner;
  const most = Math.max(...f.calibration.map((b) => b.possessions));
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${m.top + inner + m.bottom}" width="${size}" height="${m.top + inner + m.bottom}" role="img" aria-labelledby="t d" font-family="sans-serif" font-size="11">`,
    `<title id="t">Win probability calibration, held-out seasons</title>`,
    `<desc id="d">Mean predicted home win probability against the share of those possessions whose home team won, by tenth of predicted probability; the diagonal is perfect calibration.</desc>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    ...ticks.flatMap((t) => [
      `<line x1="${x(0)}" x2="${x(1)}" y1="${y(t)}" y2="${y(t)}" stroke="#e3e6ea"/>`,
      `<line x1="${x(t)}" x2="${x(t)}" y1="${y(0)}" y2="${y(1)}" stroke="#e3e6ea"/>`,
      `<text x="${x(0) - 6}" y="${y(t)}" dy="0.32em" text-anchor="end" fill="#444">${Math.round(t * 100)}%</text>`,
      `<text x="${x(t)}" y="${y(0) + 16}" text-anchor="middle" fill="#444">${Math.round(t * 100)}%</text>`,
    ]),
    `<line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(1)}" stroke="#888" stroke-dasharray="4 3"/>`,
    `<polyline fill="none" stroke="#1d4f91" stroke-width="1.5" points="${f.calibration.map((b) => `${x(b.predicted).toFixed(1)},${y(b.actual).toFixed(1)}`).join(' ')}"/>`,
    ...f.calibration.map(
      (b) =>
        `<circle cx="${x(b.predicted).toFixed(1)}" cy="${y(b.actual).toFixed(1)}" r="${(2.5 + 4 * Math.sqrt(b.possessions / most)).toFixed(1)}" fill="#1d4f91"/>`,
    ),
    `<text x="${x(0.5)}" y="${y(0) + 34}" text-anchor="middle" fill="#222">Predicted home win probability</text>`,
    `<text transform="translate(12 ${y(0.5)}) rotate(-90)" text-anchor="middle" fill="#222">Home team won</text>`,
    '</svg>',
  ];
  return `${parts.join('\n')}\n`;
}
