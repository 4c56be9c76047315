/**
 * Weighted ridge regression on a sparse design, solved by preconditioned conjugate gradient on the normal
 * equations (X'WX + diag(penalty)) b = X'Wy. Rows are stored compressed (CSR): a RAPM stint has 12 nonzeros
 * (intercept, home court, five offensive and five defensive players). X'WX is accumulated from them once (dense:
 * a season has about 1,100 columns, three seasons about 2,000) so that each iteration is one pass over a dense
 * matrix instead of two over every stint, and cross-validation gets each fold's training equations as
 * all rows' minus the fold's. The preconditioner is the diagonal of X'WX + penalty (Jacobi), which evens out
 * players with many and few possessions. Pure functions over Float64Arrays; no I/O.
 */

/** A sparse design matrix: row r's nonzeros are colIndex/value[rowStart[r] .. rowStart[r + 1]). */
export interface SparseRows {
  rows: number;
  cols: number;
  rowStart: Int32Array;
  colIndex: Int32Array;
  value: Float64Array;
}

/** Builds a SparseRows from per-row lists of (column, value) pairs (tests and small problems). */
export function sparseRowsOf(cols: number, rows: readonly (readonly [number, number])[][]): SparseRows {
  const rowStart = new Int32Array(rows.length + 1);
  const nnz = rows.reduce((n, r) => n + r.length, 0);
  const colIndex = new Int32Array(nnz);
  const value = new Float64Array(nnz);
  let k = 0;
  rows.forEach((row, r) => {
    rowStart[r] = k;
    for (const [c, v] of row) {
      if (c < 0 || c >= cols) throw new Error(`column ${c} outside 0..${cols - 1}`);
      colIndex[k] = c;
      value[k++] = v;
    }
  });
  rowStart[rows.length] = k;
  return { rows: rows.length, cols, rowStart, colIndex, value };
}

/** X v: one number per row. */
export function multiply(x: SparseRows, v: Float64Array, out = new Float64Array(x.rows)): Float64Array {
  for (let r = 0; r < x.rows; r++) {
    let s = 0;
    for (let k = x.rowStart[r]!; k < x.rowStart[r + 1]!; k++) s += x.value[k]! * v[x.colIndex[k]!]!;
    out[r] = s;
  }
  return out;
}

/**
 * The normal equations of weighted least squares on a sparse design: gram = X'WX (dense, n x n, row-major) and
 * rhs = X'Wy. Built in one pass over the rows' nonzeros (a RAPM stint adds 12 x 12 products); `include` keeps
 * only some rows (a fold). Normal equations of disjoint row sets add up (and subtract: training = all - fold).
 */
export interface NormalEquations {
  n: number;
  gram: Float64Array;
  rhs: Float64Array;
}

export function normalEquations(x: SparseRows, y: Float64Array, weight: Float64Array, include?: (row: number) => boolean): NormalEquations {
  const n = x.cols;
  const gram = new Float64Array(n * n);
  const rhs = new Float64Array(n);
  const { rowStart, colIndex, value } = x;
  for (let r = 0; r < x.rows; r++) {
    const w = weight[r]!;
    if (w === 0 || (include && !include(r))) continue;
    const start = rowStart[r]!;
    const end = rowStart[r + 1]!;
    for (let a = start; a < end; a++) {
      const ca = colIndex[a]!;
      const wa = w * value[a]!;
      rhs[ca]! += wa * y[r]!;
      const base = ca * n;
      for (let b = start; b < end; b++) gram[base + colIndex[b]!]! += wa * value[b]!;
    }
  }
  return { n, gram, rhs };
}

/** a - b, written into `into` (a fresh pair when absent). */
export function subtractEquations(a: NormalEquations, b: NormalEquations, into?: NormalEquations): NormalEquations {
  const out = into ?? { n: a.n, gram: new Float64Array(a.gram.length), rhs: new Float64Array(a.n) };
  for (let i = 0; i < a.gram.length; i++) out.gram[i] = a.gram[i]! - b.gram[i]!;
  for (let i = 0; i < a.n; i++) out.rhs[i] = a.rhs[i]! - b.rhs[i]!;
  return out;
}

export interface RidgeOptions {
  /** stop when |residual| <= tolerance * |X'Wy| (default 1e-8) */
  tolerance?: number;
  /** at most this many iterations (default 10 x columns) */
  maxIterations?: number;
  /** start from this solution (a warm start: the solution for a neighbouring penalty) */
  start?: Float64Array;
}

export interface RidgeSolution {
  coef: Float64Array;
  iterations: number;
  /** |residual| / |X'Wy| at the end */
  relativeResidual: number;
}

/**
 * Solves (gram + diag(penalty)) b = rhs by conjugate gradient with the diagonal as preconditioner (Jacobi).
 * A penalty of 0 leaves a column unpenalised (an intercept, home court); the system must then still be positive
 * definite. A column with a zero diagonal (no row touches it, no penalty) keeps coefficient 0.
 */
export function solveNormalEquations(eq: NormalEquations, penalty: Float64Array, options: RidgeOptions = {}): RidgeSolution {
  const { n, gram, rhs } = eq;
  if (penalty.length !== n) throw new Error('penalty needs one value per column');
  const tolerance = options.tolerance ?? 1e-8;
  const maxIterations = options.maxIterations ?? 10 * n;
  const diagonal = Float64Array.from({ length: n }, (_, c) => gram[c * n + c]! + penalty[c]!);
  const product = new Float64Array(n);
  const multiply = (v: Float64Array) => {
    for (let i = 0; i < n; i++) {
      const base = i * n;
      let s = penalty[i]! * v[i]!;
      for (let j = 0; j < n; j++) s += gram[base + j]! * v[j]!;
      product[i] = s;
    }
  };
  const coef = options.start ? Float64Array.from(options.start) : new Float64Array(n);
  const residual = new Float64Array(n);
  multiply(coef);
  for (let c = 0; c < n; c++) residual[c] = rhs[c]! - product[c]!;
  const norm2 = (v: Float64Array) => {
    let s = 0;
    for (let c = 0; c < n; c++) s += v[c]! * v[c]!;
    return Math.sqrt(s);
  };
  const rhsNorm = norm2(rhs) || 1;
  const z = new Float64Array(n);
  const precondition = () => {
    for (let c = 0; c < n; c++) z[c] = diagonal[c]! > 0 ? residual[c]! / diagonal[c]! : 0;
  };
  precondition();
  const direction = Float64Array.from(z);
  let rz = 0;
  for (let c = 0; c < n; c++) rz += residual[c]! * z[c]!;
  let norm = norm2(residual);
  let iterations = 0;
  while (norm > tolerance * rhsNorm && iterations < maxIterations) {
    multiply(direction);
    let dAd = 0;
    for (let c = 0; c < n; c++) dAd += direction[c]! * product[c]!;
    if (!(dAd > 0)) break;
    const step = rz / dAd;
    for (let c = 0; c < n; c++) {
      coef[c]! += step * direction[c]!;
      residual[c]! -= step * product[c]!;
    }
    precondition();
    let rzNext = 0;
    for (let c = 0; c < n; c++) rzNext += residual[c]! * z[c]!;
    const beta = rzNext / rz;
    rz = rzNext;
    for (let c = 0; c < n; c++) direction[c] = z[c]! + beta * direction[c]!;
    norm = norm2(residual);
    iterations++;
  }
  return { coef, iterations, relativeResidual: norm / rhsNorm };
}

/**
 * Minimises sum_r weight_r (y_r - x_r b)^2 + sum_c penalty_c b_c^2: the normal equations of the sparse rows,
 * then conjugate gradient. Rows of weight 0 take no part.
 */
export function ridgeSolve(x: SparseRows, y: Float64Array, weight: Float64Array, penalty: Float64Array, options: RidgeOptions = {}): RidgeSolution {
  if (y.length !== x.rows || weight.length !== x.rows) throw new Error('y and weight need one value per row');
  return solveNormalEquations(normalEquations(x, y, weight), penalty, options);
}

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same sequence in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Weighted Pearson correlation and root mean squared error of predictions against actual values. */
export function weightedFit(
  actual: ArrayLike<number>,
  predicted: ArrayLike<number>,
  weight: ArrayLike<number>,
): { correlation: number; rmse: number; weight: number } {
  let sw = 0;
  let ma = 0;
  let mp = 0;
  for (let i = 0; i < actual.length; i++) {
    sw += weight[i]!;
    ma += weight[i]! * actual[i]!;
    mp += weight[i]! * predicted[i]!;
  }
  if (sw === 0) return { correlation: NaN, rmse: NaN, weight: 0 };
  ma /= sw;
  mp /= sw;
  let caa = 0;
  let cpp = 0;
  let cap = 0;
  let se = 0;
  for (let i = 0; i < actual.length; i++) {
    const w = weight[i]!;
    const da = actual[i]! - ma;
    const dp = predicted[i]! - mp;
    caa += w * da * da;
    cpp += w * dp * dp;
    cap += w * da * dp;
    se += w * (actual[i]! - predicted[i]!) ** 2;
  }
  return { correlation: caa > 0 && cpp > 0 ? cap / Math.sqrt(caa * cpp) : 0, rmse: Math.sqrt(se / sw), weight: sw };
}
