/**
 * The logistic-regression solver (src/server/models/logistic.ts) on problems whose answer is known in closed form.
 */
import { describe, expect, it } from 'vitest';
import { fitLogistic, inMemorySums, solveSpd } from '../../../../src/server/models/logistic';

const logit = (p: number) => Math.log(p / (1 - p));

describe('solveSpd', () => {
  it('solves a symmetric positive definite system', () => {
    // A = [[4, 2, 0], [2, 5, 1], [0, 1, 3]], x = [1, -2, 3] -> b = A x
    const a = [
      [4, 2, 0],
      [2, 5, 1],
      [0, 1, 3],
    ];
    const x = solveSpd(a, [0, -5, 7]);
    expect(x[0]).toBeCloseTo(1, 12);
    expect(x[1]).toBeCloseTo(-2, 12);
    expect(x[2]).toBeCloseTo(3, 12);
  });
  it('refuses a singular matrix (collinear features)', () => {
    expect(() =>
      solveSpd(
        [
          [1, 2],
          [2, 4],
        ],
        [1, 2],
      ),
    ).toThrow(/positive definite/);
  });
});

describe('fitLogistic', () => {
  it('recovers the closed-form maximum likelihood of a binary feature: the log-odds of each group', async () => {
    // Group x = 0: 30 of 100 succeed; group x = 1: 80 of 100. MLE: b0 = logit(0.3), b1 = logit(0.8) - logit(0.3).
    const x: number[][] = [];
    const y: number[] = [];
    for (let i = 0; i < 100; i++) {
      x.push([1, 0]);
      y.push(i < 30 ? 1 : 0);
      x.push([1, 1]);
      y.push(i < 80 ? 1 : 0);
    }
    const fit = await fitLogistic(2, inMemorySums(x, y));
    expect(fit.coefficients[0]).toBeCloseTo(logit(0.3), 9);
    expect(fit.coefficients[1]).toBeCloseTo(logit(0.8) - logit(0.3), 9);
    expect(fit.rows).toBe(200);
    // The log-likelihood at the optimum: sum over groups of n (p log p + (1 - p) log (1 - p)).
    const ll = (p: number) => 100 * (p * Math.log(p) + (1 - p) * Math.log(1 - p));
    expect(fit.logLik).toBeCloseTo(ll(0.3) + ll(0.8), 8);
  });

  it('weights count as repeated rows, and three groups give three log-odds', async () => {
    // One-hot groups a, b, c (no intercept) with weighted rows: successes 5 of 20, 12 of 16, 1 of 10.
    const x = [
      [1, 0, 0],
      [1, 0, 0],
      [0, 1, 0],
      [0, 1, 0],
      [0, 0, 1],
      [0, 0, 1],
    ];
    const y = [1, 0, 1, 0, 1, 0];
    const w = [5, 15, 12, 4, 1, 9];
    const fit = await fitLogistic(3, inMemorySums(x, y, w));
    expect(fit.coefficients[0]).toBeCloseTo(logit(5 / 20), 9);
    expect(fit.coefficients[1]).toBeCloseTo(logit(12 / 16), 9);
    expect(fit.coefficients[2]).toBeCloseTo(logit(1 / 10), 9);
  });

  it('is deterministic: the same data give the same coefficients', async () => {
    const x = Array.from({ length: 500 }, (_, i) => [1, Math.sin(i), Math.cos(3 * i)]);
    const y = x.map((r, i) => (r[1]! + 0.5 * r[2]! + Math.sin(7 * i) > 0 ? 1 : 0));
    const a = await fitLogistic(3, inMemorySums(x, y));
    const b = await fitLogistic(3, inMemorySums(x, y));
    expect(a.coefficients).toEqual(b.coefficients);
    expect(a.coefficients[1]).toBeGreaterThan(0);
  });

  it('does not converge on perfectly separated data, and says so', async () => {
    const x = [
      [1, -2],
      [1, -1],
      [1, 1],
      [1, 2],
    ];
    const y = [0, 0, 1, 1];
    await expect(fitLogistic(2, inMemorySums(x, y), { maxIterations: 30 })).rejects.toThrow();
  });
});

describe('fitLogistic with a ridge penalty', () => {
  it('stays finite on separated data and on a constant feature, and solves the penalised problem', async () => {
    const x = [
      [1, -2, 0],
      [1, -1, 0],
      [1, 1, 0],
      [1, 2, 0],
    ];
    const y = [0, 0, 1, 1];
    const fit = await fitLogistic(3, inMemorySums(x, y), { ridge: 1 });
    expect(fit.coefficients.every(Number.isFinite)).toBe(true);
    expect(fit.coefficients[2]).toBe(0);
    // At the answer the penalised gradient is zero: sum (y - p) x = ridge * b.
    const s = inMemorySums(x, y)(fit.coefficients);
    for (let i = 0; i < 3; i++) expect(s.gradient[i]).toBeCloseTo(fit.coefficients[i]!, 8);
  });
});
