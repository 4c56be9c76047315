/**
 * The ridge solver (src/server/models/ridge.ts): conjugate gradient on the normal equations against closed-form
 * answers, against a dense solve of the same normal equations (Gaussian elimination written here), and its
 * limits (a huge penalty shrinks to 0; no penalty on a well-posed problem recovers the true coefficients).
 */
import { describe, expect, it } from 'vitest';
import {
  multiply,
  normalEquations,
  ridgeSolve,
  seededRandom,
  solveNormalEquations,
  sparseRowsOf,
  subtractEquations,
  weightedFit,
} from '../../../../src/server/models/ridge';

const f64 = (values: number[]) => Float64Array.from(values);

/** Solves A x = b by Gaussian elimination with partial pivoting (A dense, n x n). */
function denseSolve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= m[r]![k]! * x[k]!;
    x[r] = s / m[r]![r]!;
  }
  return x;
}

describe('ridgeSolve', () => {
  it('one column: b = sum(w x y) / (sum(w x^2) + lambda)', () => {
    const x = sparseRowsOf(1, [[[0, 1]], [[0, 2]], [[0, 3]]]);
    const y = f64([2, 3, 7]);
    const w = f64([1, 2, 0.5]);
    // sum w x y = 2 + 12 + 10.5 = 24.5; sum w x^2 = 1 + 8 + 4.5 = 13.5
    expect(ridgeSolve(x, y, w, f64([0]), { tolerance: 1e-12 }).coef[0]).toBeCloseTo(24.5 / 13.5, 10);
    expect(ridgeSolve(x, y, w, f64([10]), { tolerance: 1e-12 }).coef[0]).toBeCloseTo(24.5 / 23.5, 10);
  });

  it('orthogonal columns with an unpenalised one: each coefficient on its own formula', () => {
    // Rows 0-1 touch column 0, rows 2-4 column 1; column 1 is penalised (lambda 3), column 0 is not.
    const x = sparseRowsOf(2, [[[0, 1]], [[0, 1]], [[1, 1]], [[1, 1]], [[1, 1]]]);
    const y = f64([4, 6, 1, 2, 6]);
    const w = f64([1, 1, 1, 1, 1]);
    const { coef } = ridgeSolve(x, y, w, f64([0, 3]), { tolerance: 1e-12 });
    expect(coef[0]).toBeCloseTo(5, 10); // the mean of 4 and 6
    expect(coef[1]).toBeCloseTo(9 / (3 + 3), 10); // sum y / (n + lambda)
  });

  it("agrees with a dense solve of (X'WX + L) b = X'Wy on a random sparse problem", () => {
    const random = seededRandom(7);
    const cols = 12;
    const rows = Array.from({ length: 80 }, () => {
      const picked = new Set<number>();
      while (picked.size < 4) picked.add(Math.floor(random() * cols));
      return [...picked].map((c) => [c, random() * 2 - 1] as [number, number]);
    });
    const x = sparseRowsOf(cols, rows);
    const y = Float64Array.from(rows, () => random() * 10 - 5);
    const w = Float64Array.from(rows, () => 0.5 + random() * 3);
    const penalty = Float64Array.from({ length: cols }, (_, c) => (c === 0 ? 0 : 0.5 + c / 4));
    const a = Array.from({ length: cols }, (_, i) => Array.from({ length: cols }, (_, j) => (i === j ? penalty[i]! : 0)));
    const b = new Array<number>(cols).fill(0);
    rows.forEach((row, r) => {
      for (const [i, vi] of row) {
        b[i]! += vi * w[r]! * y[r]!;
        for (const [j, vj] of row) a[i]![j]! += vi * w[r]! * vj;
      }
    });
    const dense = denseSolve(a, b);
    const { coef, relativeResidual } = ridgeSolve(x, y, w, penalty, { tolerance: 1e-12 });
    expect(relativeResidual).toBeLessThan(1e-10);
    for (let c = 0; c < cols; c++) expect(coef[c]).toBeCloseTo(dense[c]!, 8);
  });

  it('shrinks every penalised coefficient to about 0 under a huge penalty, the unpenalised one to the weighted mean', () => {
    const random = seededRandom(3);
    const rows = Array.from({ length: 200 }, () => [[0, 1] as [number, number], [1 + Math.floor(random() * 5), 1] as [number, number]]);
    const x = sparseRowsOf(6, rows);
    const y = Float64Array.from(rows, (_, i) => 10 + (i % 7));
    const w = Float64Array.from(rows, (_, i) => 1 + (i % 3));
    const { coef } = ridgeSolve(x, y, w, f64([0, 1e12, 1e12, 1e12, 1e12, 1e12]), { tolerance: 1e-12 });
    const mean = y.reduce((s, v, i) => s + v * w[i]!, 0) / w.reduce((s, v) => s + v, 0);
    expect(coef[0]).toBeCloseTo(mean, 6);
    for (let c = 1; c < 6; c++) expect(Math.abs(coef[c]!)).toBeLessThan(1e-6);
  });

  it('recovers the true coefficients of a well-posed noiseless problem as the penalty goes to 0', () => {
    const random = seededRandom(11);
    const truth = f64([3, -1.5, 0.25, 2, -0.75, 1]);
    const rows = Array.from({ length: 300 }, () => truth.map(() => random() * 2 - 1)).map((r) => [...r].map((v, c) => [c, v] as [number, number]));
    const x = sparseRowsOf(truth.length, rows);
    const y = multiply(x, truth);
    const w = Float64Array.from(rows, () => 1 + random());
    const { coef } = ridgeSolve(x, y, w, new Float64Array(truth.length).fill(1e-9), { tolerance: 1e-13 });
    for (let c = 0; c < truth.length; c++) expect(coef[c]).toBeCloseTo(truth[c]!, 6);
  });

  it('starts from a given solution and then needs no iteration', () => {
    const x = sparseRowsOf(2, [
      [
        [0, 1],
        [1, 1],
      ],
      [[0, 1]],
      [[1, 2]],
    ]);
    const y = f64([1, 2, 3]);
    const w = f64([1, 1, 1]);
    const first = ridgeSolve(x, y, w, f64([1, 1]), { tolerance: 1e-12 });
    const again = ridgeSolve(x, y, w, f64([1, 1]), { tolerance: 1e-10, start: first.coef });
    expect(again.iterations).toBe(0);
    expect([...again.coef]).toEqual([...first.coef]);
  });
});

describe('normal equations of a fold', () => {
  it("all rows minus a fold's rows give the equations and the solution of the other rows", () => {
    const random = seededRandom(21);
    const rows = Array.from({ length: 60 }, () => [
      [0, 1] as [number, number],
      [1 + Math.floor(random() * 4), 1] as [number, number],
      [5 + Math.floor(random() * 4), 1] as [number, number],
    ]);
    const x = sparseRowsOf(9, rows);
    const y = Float64Array.from(rows, () => random() * 100);
    const w = Float64Array.from(rows, () => 1 + Math.floor(random() * 5));
    const fold = (r: number) => r % 3 === 0;
    const train = subtractEquations(normalEquations(x, y, w), normalEquations(x, y, w, fold));
    const direct = normalEquations(
      x,
      y,
      Float64Array.from(w, (v, r) => (fold(r) ? 0 : v)),
    );
    for (let i = 0; i < train.gram.length; i++) expect(train.gram[i]).toBeCloseTo(direct.gram[i]!, 9);
    for (let i = 0; i < train.n; i++) expect(train.rhs[i]).toBeCloseTo(direct.rhs[i]!, 9);
    const penalty = Float64Array.from({ length: 9 }, (_, c) => (c === 0 ? 0 : 2));
    const a = solveNormalEquations(train, penalty, { tolerance: 1e-12 }).coef;
    const b = ridgeSolve(
      x,
      y,
      Float64Array.from(w, (v, r) => (fold(r) ? 0 : v)),
      penalty,
      { tolerance: 1e-12 },
    ).coef;
    for (let c = 0; c < 9; c++) expect(a[c]).toBeCloseTo(b[c]!, 8);
  });
});

describe('weightedFit', () => {
  it('gives correlation 1 and RMSE 0 for exact predictions, and the weighted RMSE otherwise', () => {
    expect(weightedFit([1, 2, 3], [1, 2, 3], [1, 1, 1])).toEqual({ correlation: 1, rmse: 0, weight: 3 });
    // errors 1 and -1 with weights 1 and 3: sqrt((1 + 3) / 4) = 1
    expect(weightedFit([0, 0], [1, -1], [1, 3]).rmse).toBeCloseTo(1, 12);
    expect(weightedFit([1, 2, 3], [3, 2, 1], [1, 1, 1]).correlation).toBeCloseTo(-1, 12);
  });
});
