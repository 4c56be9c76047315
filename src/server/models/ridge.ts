/**
 * Weighted ridge regression on a sparse design, solved by preconditioned conjugate gradient on the normal
 * equations (X'WX + diag(penalty)) b = X'Wy. Rows are stored compressed (CSR): a RAPM stint has 12 nonzeros
 * (intercept, home court, five offensive and five defensive players), so one product with X'WX costs two passes
 * over the nonzeros and the Gram matrix is never formed. The preconditioner is the diagonal of X'WX + penalty
 * (Jacobi), which evens out players with many and few possessions. Pure functions over Float64Arrays; no I/O.
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

/** (X'WX + diag(penalty)) v, computed as X'(W(Xv)) + penalty * v without forming X'WX. */
function normalProduct(x: SparseRows, weight: Float64Array, penalty: Float64Array, v: Float64Array, out: Float64Array): void {
  const { rowStart, colIndex, value } = x;
  for (let c = 0; c < x.cols; c++) out[c] = penalty[c]! * v[c]!;
  for (let r = 0; r < x.rows; r++) {
    const w = weight[r]!;
    if (w === 0) continue;
    const start = rowStart[r]!;
    const end = rowStart[r + 1]!;
    let s = 0;
    for (let k = start; k < end; k++) s += value[k]! * v[colIndex[k]!]!;
    s *= w;
    for (let k = start; k < end; k++) out[colIndex[k]!]! += value[k]! * s;
  }
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
 * Minimises sum_r weight_r (y_r - x_r b)^2 + sum_c penalty_c b_c^2. A penalty of 0 leaves a column unpenalised
 * (an intercept, home court); the system must then still be positive definite (the column not a combination
 * of the others over rows of positive weight). Rows of weight 0 take no part (held-out rows of a fold).
 */
export function ridgeSolve(x: SparseRows, y: Float64Array, weight: Float64Array, penalty: Float64Array, options: RidgeOptions = {}): RidgeSolution {
  const n = x.cols;
  if (y.length !== x.rows || weight.length !== x.rows) throw new Error('y and weight need one value per row');
  if (penalty.length !== n) throw new Error('penalty needs one value per column');
  const tolerance = options.tolerance ?? 1e-8;
  const maxIterations = options.maxIterations ?? 10 * n;
  // Right-hand side X'Wy and the Jacobi preconditioner diag(X'WX) + penalty.
  const rhs = new Float64Array(n);
  const diagonal = Float64Array.from(penalty);
  for (let r = 0; r < x.rows; r++) {
    const w = weight[r]!;
    if (w === 0) continue;
    for (let k = x.rowStart[r]!; k < x.rowStart[r + 1]!; k++) {
      const c = x.colIndex[k]!;
      rhs[c]! += x.value[k]! * w * y[r]!;
      diagonal[c]! += x.value[k]! * x.value[k]! * w;
    }
  }
  const coef = options.start ? Float64Array.from(options.start) : new Float64Array(n);
  const residual = new Float64Array(n);
  normalProduct(x, weight, penalty, coef, residual);
  for (let c = 0; c < n; c++) residual[c] = rhs[c]! - residual[c]!;
  const rhsNorm = Math.sqrt(rhs.reduce((s, v) => s + v * v, 0)) || 1;
  const z = new Float64Array(n);
  const direction = new Float64Array(n);
  const product = new Float64Array(n);
  // A column no row touches and no penalty holds has a zero diagonal: its coefficient stays 0.
  const precondition = () => {
    for (let c = 0; c < n; c++) z[c] = diagonal[c]! > 0 ? residual[c]! / diagonal[c]! : 0;
  };
  precondition();
  direction.set(z);
  let rz = 0;
  for (let c = 0; c < n; c++) rz += residual[c]! * z[c]!;
  let norm = Math.sqrt(residual.reduce((s, v) => s + v * v, 0));
  let iterations = 0;
  while (norm > tolerance * rhsNorm && iterations < maxIterations) {
    normalProduct(x, weight, penalty, direction, product);
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
    norm = Math.sqrt(residual.reduce((s, v) => s + v * v, 0));
    iterations++;
  }
  return { coef, iterations, relativeResidual: norm / rhsNorm };
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
export function weightedFit(actual: ArrayLike<number>, predicted: ArrayLike<number>, weight: ArrayLike<number>): { correlation: number; rmse: number; weight: number } {
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
