/**
 * Logistic regression by Newton's method (iteratively reweighted least squares), written here because the
 * problems are tiny (a handful of coefficients) while the data can be millions of rows: the caller supplies the
 * sums over its rows (gradient, Hessian, log-likelihood at a coefficient vector), e.g. as one SQL aggregate over
 * a DuckDB table, so the rows never have to leave the database. `inMemorySums` is the same sums over rows held
 * in JavaScript (tests, small problems).
 *
 * Model: P(y = 1 | x) = 1 / (1 + exp(-b·x)). Newton step: b <- b + H^-1 g with g = sum (y - p) x and
 * H = sum p (1 - p) x x^T (the negative Hessian of the log-likelihood). Deterministic: no randomness, the start is
 * all zeros.
 */

export interface LogisticSums {
  /** sum over rows of (y - p) x: the log-likelihood's gradient */
  gradient: number[];
  /** sum over rows of p (1 - p) x x^T: minus the log-likelihood's Hessian (symmetric, k x k) */
  hessian: number[][];
  /** sum over rows of y log p + (1 - y) log (1 - p) */
  logLik: number;
  /** rows summed */
  rows: number;
}

export interface LogisticFit {
  coefficients: number[];
  iterations: number;
  /** the objective at the answer: the log-likelihood, less the ridge penalty if any */
  logLik: number;
  rows: number;
}

/** Solve A x = b for a symmetric positive definite A by Cholesky factorisation; throws if A is not. */
export function solveSpd(a: readonly (readonly number[])[], b: readonly number[]): number[] {
  const n = b.length;
  const l: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i]![j]!;
      for (let k = 0; k < j; k++) s -= l[i]![k]! * l[j]![k]!;
      if (i === j) {
        if (!(s > 0)) throw new Error('matrix is not positive definite (collinear features or separated data)');
        l[i]![i] = Math.sqrt(s);
      } else l[i]![j] = s / l[j]![j]!;
    }
  }
  const y = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[i]![k]! * y[k]!;
    y[i] = s / l[i]![i]!;
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k]![i]! * x[k]!;
    x[i] = s / l[i]![i]!;
  }
  return x;
}

/**
 * Fit by Newton's method from b = 0 (or `start`, e.g. the answer on a sample of the rows). Stops when the largest step is below `tolerance` (absolute, in
 * coefficient units) or after `maxIterations` (then throws: a fit that does not converge is not used).
 * A step that lowers the objective is halved until it does not (at most 30 times).
 *
 * `ridge` (default 0) maximises log-likelihood - ridge/2 |b|^2 instead: with a small ridge the problem always has
 * one finite answer, even on a handful of games where a feature is constant or the outcomes are separated; on
 * hundreds of thousands of rows a ridge of 1 moves no coefficient visibly.
 */
export async function fitLogistic(
  features: number,
  sumsAt: (coefficients: number[]) => Promise<LogisticSums> | LogisticSums,
  opts: { tolerance?: number; maxIterations?: number; ridge?: number; start?: readonly number[] } = {},
): Promise<LogisticFit> {
  const tolerance = opts.tolerance ?? 1e-9;
  const maxIterations = opts.maxIterations ?? 50;
  const ridge = opts.ridge ?? 0;
  const penalised = async (b: number[]): Promise<LogisticSums> => {
    const s = await sumsAt(b);
    if (ridge === 0) return s;
    return {
      gradient: s.gradient.map((g, i) => g - ridge * b[i]!),
      hessian: s.hessian.map((row, i) => row.map((h, j) => (i === j ? h + ridge : h))),
      logLik: s.logLik - (ridge / 2) * b.reduce((sum, v) => sum + v * v, 0),
      rows: s.rows,
    };
  };
  let b = opts.start ? [...opts.start] : new Array<number>(features).fill(0);
  let sums = await penalised(b);
  for (let it = 1; it <= maxIterations; it++) {
    const step = solveSpd(sums.hessian, sums.gradient);
    let scale = 1;
    let next = b.map((v, i) => v + step[i]!);
    let nextSums = await penalised(next);
    for (let halvings = 0; nextSums.logLik < sums.logLik - 1e-9 * Math.abs(sums.logLik) && halvings < 30; halvings++) {
      scale /= 2;
      next = b.map((v, i) => v + scale * step[i]!);
      nextSums = await penalised(next);
    }
    b = next;
    sums = nextSums;
    if (Math.max(...step.map((s) => Math.abs(s * scale))) < tolerance) {
      return { coefficients: b, iterations: it, logLik: sums.logLik, rows: sums.rows };
    }
  }
  throw new Error(`logistic fit did not converge in ${maxIterations} iterations`);
}

/** The logistic function, computed without overflow for large |z|. */
export function logistic(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** LogisticSums over rows held in memory: x[i] the features of row i, y[i] its outcome (0 or 1), w[i] its weight (default 1). */
export function inMemorySums(x: readonly (readonly number[])[], y: readonly number[], w?: readonly number[]): (b: number[]) => LogisticSums {
  return (b) => {
    const k = b.length;
    const gradient = new Array<number>(k).fill(0);
    const hessian = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    let logLik = 0;
    for (let r = 0; r < x.length; r++) {
      const row = x[r]!;
      const weight = w?.[r] ?? 1;
      let z = 0;
      for (let i = 0; i < k; i++) z += b[i]! * row[i]!;
      const p = logistic(z);
      const yr = y[r]!;
      // log p = -log(1 + e^-z), log(1 - p) = -log(1 + e^z), both without overflow
      const logP = -softplus(-z);
      const log1mP = -softplus(z);
      logLik += weight * (yr * logP + (1 - yr) * log1mP);
      for (let i = 0; i < k; i++) {
        gradient[i]! += weight * (yr - p) * row[i]!;
        for (let j = 0; j <= i; j++) hessian[i]![j]! += weight * p * (1 - p) * row[i]! * row[j]!;
      }
    }
    for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) hessian[i]![j] = hessian[j]![i]!;
    return { gradient, hessian, logLik, rows: x.length };
  };
}

/** log(1 + e^z) without overflow. */
export function softplus(z: number): number {
  return z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
}
