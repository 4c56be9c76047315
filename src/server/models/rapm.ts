/**
 * RAPM (regularised adjusted plus-minus), offense and defense apart, per season and over three-season windows.
 * The method is written down for users in src/content/guides/rapm.md; in short:
 *
 * - Stints: the possessions table outside garbage time and heaves (is_filtered_out = false), regular season and
 *   playoffs, summed by game, offense (and whether it is at home) and the ten players o1..o5 / d1..d5
 *   (STINTS_SQL). A stint of one side's possessions with the same ten players; its points per 100 possessions is
 *   the target, its possessions the weight. Least squares over stints weighted this way is least squares over
 *   the single possessions (the within-stint spread does not depend on the coefficients).
 * - Columns: an intercept and home court (offense at home), both unpenalised; per player an offense column (+1
 *   when he is one of the offense's five) and a defense column (+1 when he is one of the defense's five). A
 *   defense coefficient is points allowed: the stored `def` is its negative, so that higher is better on both.
 * - Ridge penalty lambda on the player columns, chosen from LAMBDAS by 5-fold cross-validation over games (the
 *   games of a fit shuffled with a fixed seed, then dealt into folds) minimising the possession-weighted squared
 *   error of held-out stints' points per 100.
 * - Solved by conjugate gradient on the normal equations (ridge.ts), accumulated once from the stints' sparse rows.
 *
 * Tables written by buildRapm (the ingest's post-ingest step, registry.ts):
 *   rapm       one row per player per fit (season_from..season_to)
 *   rapm_fits  one row per fit: the lambda chosen, the cross-validation errors, intercept and home court
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { normalEquations, seededRandom, solveNormalEquations, subtractEquations, type SparseRows } from './ridge.ts';

/** Penalties tried by cross-validation, in possessions (the weight unit). */
export const LAMBDAS = [500, 1000, 2000, 4000, 8000, 16000] as const;
export const FOLDS = 5;
/** The fixed seed of the fold assignment. */
export const SEED = 29;
/** A multi-season window covers this many consecutive seasons, ending at its season_to. */
export const WINDOW_SEASONS = 3;
/**
 * Conjugate gradient stops at this relative residual: the final fit's coefficients then agree with an exact
 * solve to about 0.001 points; the cross-validation solves only rank penalties and stop earlier.
 */
const TOLERANCE = 1e-7;
const CV_TOLERANCE = 1e-4;

/**
 * One side's possessions with the same ten players in a game, outside garbage time: possessions and points
 * summed (technical rows, 0 possessions, included: their points count in the totals, not in the fit).
 * Parameters: $from, $to (season start years).
 */
export const STINTS_SQL = `
  SELECT game_id, season, off_team_id, def_team_id, off_is_home,
         o1, o2, o3, o4, o5, d1, d2, d3, d4, d5,
         SUM(possessions)::INTEGER AS possessions, SUM(pts)::INTEGER AS pts
    FROM possessions
   WHERE NOT is_filtered_out AND season BETWEEN $from AND $to
   GROUP BY game_id, season, off_team_id, def_team_id, off_is_home, o1, o2, o3, o4, o5, d1, d2, d3, d4, d5
   ORDER BY game_id, off_team_id, o1, o2, o3, o4, o5, d1, d2, d3, d4, d5`;

/** Stints as typed arrays: row i's five offensive players are offense[5i .. 5i+4]. */
export interface Stints {
  n: number;
  game: Int32Array;
  home: Uint8Array;
  offense: Int32Array;
  defense: Int32Array;
  possessions: Float64Array;
  points: Float64Array;
}

/** The stints of seasons from..to with at least one possession (the rows a fit uses). */
export async function loadStints(connection: DuckDBConnection, from: number, to: number): Promise<Stints> {
  const reader = await connection.runAndReadAll(`SELECT * FROM (${STINTS_SQL}) WHERE possessions > 0`, { from, to });
  const cols = reader.getColumnsObjectJS() as Record<string, (number | boolean)[]>;
  const n = reader.currentRowCount;
  const stints: Stints = {
    n,
    game: Int32Array.from(cols.game_id as number[]),
    home: Uint8Array.from((cols.off_is_home as boolean[]).map((h) => (h ? 1 : 0))),
    offense: new Int32Array(5 * n),
    defense: new Int32Array(5 * n),
    possessions: Float64Array.from(cols.possessions as number[]),
    points: Float64Array.from(cols.pts as number[]),
  };
  for (let s = 0; s < 5; s++) {
    const o = cols[`o${s + 1}`] as number[];
    const d = cols[`d${s + 1}`] as number[];
    for (let i = 0; i < n; i++) {
      stints.offense[5 * i + s] = o[i]!;
      stints.defense[5 * i + s] = d[i]!;
    }
  }
  return stints;
}

/** Stints of several loads one after the other (a window from its seasons). */
export function concatStints(parts: readonly Stints[]): Stints {
  const n = parts.reduce((s, p) => s + p.n, 0);
  const out: Stints = {
    n,
    game: new Int32Array(n),
    home: new Uint8Array(n),
    offense: new Int32Array(5 * n),
    defense: new Int32Array(5 * n),
    possessions: new Float64Array(n),
    points: new Float64Array(n),
  };
  let at = 0;
  for (const p of parts) {
    out.game.set(p.game, at);
    out.home.set(p.home, at);
    out.offense.set(p.offense, 5 * at);
    out.defense.set(p.defense, 5 * at);
    out.possessions.set(p.possessions, at);
    out.points.set(p.points, at);
    at += p.n;
  }
  return out;
}

/** The design of a fit: columns 0 intercept, 1 home, then 2 + k offense and 2 + P + k defense of players[k]. */
export interface RapmDesign {
  x: SparseRows;
  y: Float64Array;
  weight: Float64Array;
  players: number[];
  penaltyMask: Float64Array;
}

export function rapmDesign(stints: Stints): RapmDesign {
  const players = [...new Set([...stints.offense, ...stints.defense])].sort((a, b) => a - b);
  const column = new Map(players.map((p, k) => [p, k]));
  const P = players.length;
  const rowStart = new Int32Array(stints.n + 1);
  const colIndex = new Int32Array(12 * stints.n);
  const value = new Float64Array(12 * stints.n);
  let k = 0;
  for (let i = 0; i < stints.n; i++) {
    rowStart[i] = k;
    colIndex[k] = 0;
    value[k++] = 1;
    if (stints.home[i]) {
      colIndex[k] = 1;
      value[k++] = 1;
    }
    for (let s = 0; s < 5; s++) {
      colIndex[k] = 2 + column.get(stints.offense[5 * i + s]!)!;
      value[k++] = 1;
    }
    for (let s = 0; s < 5; s++) {
      colIndex[k] = 2 + P + column.get(stints.defense[5 * i + s]!)!;
      value[k++] = 1;
    }
  }
  rowStart[stints.n] = k;
  const penaltyMask = new Float64Array(2 + 2 * P).fill(1);
  penaltyMask[0] = 0;
  penaltyMask[1] = 0;
  return {
    x: { rows: stints.n, cols: 2 + 2 * P, rowStart, colIndex: colIndex.subarray(0, k), value: value.subarray(0, k) },
    y: stints.points.map((pts, i) => (100 * pts) / stints.possessions[i]!),
    weight: Float64Array.from(stints.possessions),
    players,
    penaltyMask,
  };
}

/** Fold 0..folds-1 of each stint: its game's, the games shuffled with `seed` and dealt in turn. */
export function foldsByGame(stints: Stints, folds: number, seed: number): Uint8Array {
  const games = [...new Set(stints.game)].sort((a, b) => a - b);
  const random = seededRandom(seed);
  for (let i = games.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [games[i], games[j]] = [games[j]!, games[i]!];
  }
  const foldOf = new Map(games.map((g, i) => [g, i % folds]));
  return Uint8Array.from(stints.game, (g) => foldOf.get(g)!);
}

export interface RapmPlayer {
  playerId: number;
  /** points per 100 possessions added on offense */
  off: number;
  /** points per 100 possessions saved on defense (the negative of the defense coefficient) */
  def: number;
  offPossessions: number;
  defPossessions: number;
}

export interface RapmFit {
  lambda: number;
  /** possession-weighted root mean squared error of held-out stints' points per 100, per lambda of LAMBDAS */
  cvRmse: number[];
  /** the same for the intercept-only prediction (the training folds' mean) */
  cvNullRmse: number;
  intercept: number;
  home: number;
  iterations: number;
  stints: number;
  possessions: number;
  games: number;
  players: RapmPlayer[];
}

function penaltyVector(design: RapmDesign, lambda: number): Float64Array {
  return design.penaltyMask.map((m) => m * lambda);
}

/** Cross-validates lambda over LAMBDAS (or `lambdas`), then fits all stints with the best one. */
export function fitRapm(stints: Stints, options: { lambdas?: readonly number[]; folds?: number; seed?: number } = {}): RapmFit {
  const lambdas = [...(options.lambdas ?? LAMBDAS)].sort((a, b) => b - a);
  const folds = options.folds ?? FOLDS;
  const design = rapmDesign(stints);
  const fold = foldsByGame(stints, folds, options.seed ?? SEED);
  const squaredError = new Map(lambdas.map((l) => [l, 0]));
  let nullError = 0;
  let totalWeight = 0;
  let iterations = 0;
  const prediction = new Float64Array(stints.n);
  // The normal equations of every stint once; a fold's training equations are those minus the fold's own.
  const all = normalEquations(design.x, design.y, design.weight);
  const train = { n: all.n, gram: new Float64Array(all.gram.length), rhs: new Float64Array(all.n) };
  for (let f = 0; f < folds; f++) {
    subtractEquations(
      all,
      normalEquations(design.x, design.y, design.weight, (r) => fold[r] === f),
      train,
    );
    let trainSum = 0;
    let trainWeight = 0;
    for (let i = 0; i < stints.n; i++) {
      if (fold[i] === f) continue;
      trainSum += design.weight[i]! * design.y[i]!;
      trainWeight += design.weight[i]!;
    }
    // From the largest penalty down, each solve starting from the previous one's solution.
    let start: Float64Array | undefined;
    for (const lambda of lambdas) {
      const solution = solveNormalEquations(train, penaltyVector(design, lambda), { tolerance: CV_TOLERANCE, start });
      iterations += solution.iterations;
      start = solution.coef;
      predict(design.x, solution.coef, prediction);
      let se = 0;
      for (let i = 0; i < stints.n; i++) if (fold[i] === f) se += design.weight[i]! * (design.y[i]! - prediction[i]!) ** 2;
      squaredError.set(lambda, squaredError.get(lambda)! + se);
    }
    for (let i = 0; i < stints.n; i++) {
      if (fold[i] !== f) continue;
      nullError += design.weight[i]! * (design.y[i]! - trainSum / trainWeight) ** 2;
      totalWeight += design.weight[i]!;
    }
  }
  const ordered = [...(options.lambdas ?? LAMBDAS)];
  const cvRmse = ordered.map((l) => Math.sqrt(squaredError.get(l)! / totalWeight));
  const best = ordered[cvRmse.indexOf(Math.min(...cvRmse))]!;
  const final = solveNormalEquations(all, penaltyVector(design, best), { tolerance: TOLERANCE });
  iterations += final.iterations;
  const P = design.players.length;
  const offPossessions = new Float64Array(P);
  const defPossessions = new Float64Array(P);
  const column = new Map(design.players.map((p, k) => [p, k]));
  for (let i = 0; i < stints.n; i++) {
    for (let s = 0; s < 5; s++) {
      offPossessions[column.get(stints.offense[5 * i + s]!)!]! += stints.possessions[i]!;
      defPossessions[column.get(stints.defense[5 * i + s]!)!]! += stints.possessions[i]!;
    }
  }
  return {
    lambda: best,
    cvRmse,
    cvNullRmse: Math.sqrt(nullError / totalWeight),
    intercept: final.coef[0]!,
    home: final.coef[1]!,
    iterations,
    stints: stints.n,
    possessions: design.weight.reduce((s, w) => s + w, 0),
    games: new Set(stints.game).size,
    players: design.players.map((playerId, k) => ({
      playerId,
      off: final.coef[2 + k]!,
      def: -final.coef[2 + P + k]!,
      offPossessions: offPossessions[k]!,
      defPossessions: defPossessions[k]!,
    })),
  };
}

function predict(x: SparseRows, coef: Float64Array, out: Float64Array): void {
  for (let r = 0; r < x.rows; r++) {
    let s = 0;
    for (let k = x.rowStart[r]!; k < x.rowStart[r + 1]!; k++) s += x.value[k]! * coef[x.colIndex[k]!]!;
    out[r] = s;
  }
}

/** The fits one database holds: every season alone, and every window of WINDOW_SEASONS seasons all present. */
export function fitsOf(seasons: readonly number[]): { from: number; to: number }[] {
  const present = new Set(seasons);
  const out = seasons.map((s) => ({ from: s, to: s }));
  for (const s of seasons) {
    const window = Array.from({ length: WINDOW_SEASONS }, (_, i) => s - WINDOW_SEASONS + 1 + i);
    if (window.every((w) => present.has(w))) out.push({ from: s - WINDOW_SEASONS + 1, to: s });
  }
  return out;
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * Builds rapm and rapm_fits from the possessions table (the post-ingest step). Columns (commented as in
 * schema.sql):
 *
 * rapm
 *   player_id INTEGER      -- player
 *   season_from SMALLINT   -- first season of the fit (start year)
 *   season_to SMALLINT     -- last season of the fit (= season_from for a single season)
 *   off DOUBLE             -- offensive RAPM: points per 100 possessions added on offense
 *   def DOUBLE             -- defensive RAPM: points per 100 possessions saved on defense (higher is better)
 *   total DOUBLE           -- off + def
 *   off_poss INTEGER       -- offensive possessions of his in the fit
 *   def_poss INTEGER       -- defensive possessions of his in the fit
 *   possessions INTEGER    -- off_poss + def_poss
 *   team_id INTEGER        -- his main team of the last season of the fit he played (player_seasons, regular first)
 *   position VARCHAR       -- his estimated position that season (player_seasons.position)
 *
 * rapm_fits
 *   season_from, season_to SMALLINT -- the fit
 *   penalty DOUBLE         -- ridge penalty lambda chosen by cross-validation (possessions)
 *   cv_rmse DOUBLE         -- its held-out possession-weighted RMSE of stint points per 100
 *   cv_null_rmse DOUBLE    -- the same for the intercept alone
 *   cv_rmse_by_lambda VARCHAR -- 'lambda:rmse' pairs of every penalty tried
 *   intercept DOUBLE       -- points per 100 of an average away offense against an average defense
 *   home DOUBLE            -- home court: points per 100 added to the offense at home
 *   stints, games, players, possessions INTEGER -- size of the fit
 *   iterations INTEGER     -- conjugate-gradient iterations over every solve of the fit
 *   seconds DOUBLE         -- time the fit took
 */
async function createRapmTables(connection: DuckDBConnection): Promise<void> {
  await connection.run('DROP TABLE IF EXISTS rapm');
  await connection.run('DROP TABLE IF EXISTS rapm_fits');
  await connection.run(`CREATE TABLE rapm (player_id INTEGER NOT NULL, season_from SMALLINT NOT NULL, season_to SMALLINT NOT NULL,
    off DOUBLE NOT NULL, def DOUBLE NOT NULL, total DOUBLE NOT NULL, off_poss INTEGER NOT NULL, def_poss INTEGER NOT NULL,
    possessions INTEGER NOT NULL, team_id INTEGER, position VARCHAR)`);
  await connection.run(`CREATE TABLE rapm_fits (season_from SMALLINT NOT NULL, season_to SMALLINT NOT NULL, penalty DOUBLE NOT NULL,
    cv_rmse DOUBLE NOT NULL, cv_null_rmse DOUBLE NOT NULL, cv_rmse_by_lambda VARCHAR NOT NULL, intercept DOUBLE NOT NULL, home DOUBLE NOT NULL,
    stints INTEGER NOT NULL, games INTEGER NOT NULL, players INTEGER NOT NULL, possessions INTEGER NOT NULL, iterations INTEGER NOT NULL, seconds DOUBLE NOT NULL)`);
}

/**
 * Builds rapm and rapm_fits (see above). `changedSeasons` (the update): the tables are kept and only the fits
 * that hold one of these seasons, or that the database lacks, are fitted again.
 */
export async function buildRapm(
  connection: DuckDBConnection,
  log: (message: string) => void = () => {},
  options: { changedSeasons?: readonly number[] } = {},
): Promise<void> {
  const seasons = (await connection.runAndReadAll('SELECT DISTINCT season::INTEGER AS season FROM possessions ORDER BY season'))
    .getRowObjectsJS()
    .map((r) => Number(r.season));
  let fits = fitsOf(seasons);
  if (options.changedSeasons) {
    // The update (src/server/ingest/update/): only the fits whose seasons changed, and those the database did not
    // hold, are fitted again; the other fits' rows are kept as they are (a fit reads only its own seasons).
    const changed = new Set(options.changedSeasons);
    const held = (await connection.runAndReadAll('SELECT season_from::INTEGER AS f, season_to::INTEGER AS t FROM rapm_fits'))
      .getRowObjectsJS()
      .map((r) => `${Number(r.f)}-${Number(r.t)}`);
    const keep = new Set(
      fits.filter((f) => held.includes(`${f.from}-${f.to}`) && ![...changed].some((s) => s >= f.from && s <= f.to)).map((f) => `${f.from}-${f.to}`),
    );
    for (const table of ['rapm', 'rapm_fits']) {
      await connection.run(`DELETE FROM ${table} WHERE NOT list_contains($keep::VARCHAR[], season_from::VARCHAR || '-' || season_to::VARCHAR)`, {
        keep: `[${[...keep].map((k) => `'${k}'`).join(',')}]`,
      });
    }
    fits = fits.filter((f) => !keep.has(`${f.from}-${f.to}`));
  } else {
    await createRapmTables(connection);
  }
  const bySeason = new Map<number, Stints>();
  for (const { from, to } of fits) for (let s = from; s <= to; s++) if (!bySeason.has(s)) bySeason.set(s, await loadStints(connection, s, s));
  for (const { from, to } of fits) {
    const started = Date.now();
    const parts: Stints[] = [];
    for (let s = from; s <= to; s++) parts.push(bySeason.get(s)!);
    const fit = fitRapm(parts.length === 1 ? parts[0]! : concatStints(parts));
    const seconds = (Date.now() - started) / 1000;
    await writeFit(connection, from, to, fit, seconds);
    log(`rapm ${from}-${to}: lambda ${fit.lambda}, ${fit.players.length} players, ${fit.stints} stints, ${fit.iterations} iterations, ${seconds.toFixed(1)} s`);
  }
  // Team and position: the last season of the fit he played, its regular-season row first.
  await connection.run(`
    UPDATE rapm SET team_id = t.team_id, position = t.position
      FROM (
        SELECT r.player_id, r.season_from, r.season_to,
               arg_max(ps.team_id, ps.season * 10 + CASE ps.season_type WHEN 'regular' THEN 1 ELSE 0 END) AS team_id,
               arg_max(ps.position, ps.season * 10 + CASE ps.season_type WHEN 'regular' THEN 1 ELSE 0 END) AS position
          FROM rapm r JOIN player_seasons ps ON ps.player_id = r.player_id AND ps.season BETWEEN r.season_from AND r.season_to
         GROUP BY ALL) t
     WHERE rapm.player_id = t.player_id AND rapm.season_from = t.season_from AND rapm.season_to = t.season_to`);
}

async function writeFit(connection: DuckDBConnection, from: number, to: number, fit: RapmFit, seconds: number): Promise<void> {
  const appender = await connection.createAppender('rapm');
  for (const p of fit.players) {
    appender.appendInteger(p.playerId);
    appender.appendSmallInt(from);
    appender.appendSmallInt(to);
    appender.appendDouble(round(p.off, 4));
    appender.appendDouble(round(p.def, 4));
    appender.appendDouble(round(p.off + p.def, 4));
    appender.appendInteger(p.offPossessions);
    appender.appendInteger(p.defPossessions);
    appender.appendInteger(p.offPossessions + p.defPossessions);
    appender.appendNull();
    appender.appendNull();
    appender.endRow();
  }
  appender.closeSync();
  const lambdas = [...LAMBDAS];
  await connection.run(
    `INSERT INTO rapm_fits VALUES ($from, $to, $lambda, $cv, $cvNull, $byLambda, $intercept, $home, $stints, $games, $players, $poss, $iterations, $seconds)`,
    {
      from,
      to,
      lambda: fit.lambda,
      cv: fit.cvRmse[lambdas.indexOf(fit.lambda as (typeof LAMBDAS)[number])]!,
      cvNull: fit.cvNullRmse,
      byLambda: lambdas.map((l, i) => `${l}:${fit.cvRmse[i]!.toFixed(3)}`).join(' '),
      intercept: fit.intercept,
      home: fit.home,
      stints: fit.stints,
      games: fit.games,
      players: fit.players.length,
      poss: fit.possessions,
      iterations: fit.iterations,
      seconds,
    },
  );
}
