/**
 * fitRapm (src/server/models/rapm.ts) on synthetic stints with known player values: with the penalty going to 0
 * it recovers them (offense and defense, home court, the intercept); with a huge penalty every player is ~0;
 * the same stints give the same numbers twice; the folds deal whole games.
 */
import { describe, expect, it } from 'vitest';
import { fitRapm, foldsByGame, type Stints } from '../../../../src/server/models/rapm';
import { seededRandom } from '../../../../src/server/models/ridge';

const PLAYERS = 30;

/** Stints of random tens from PLAYERS players whose points per 100 follow the model exactly (no noise). */
function syntheticStints(seed: number, n: number) {
  const random = seededRandom(seed);
  const raw = Array.from({ length: PLAYERS }, () => random() * 6 - 3);
  const rawDef = Array.from({ length: PLAYERS }, () => random() * 4 - 2);
  // Values centred on 0 on each side: the model's intercept carries the average (guide: "relative to average").
  const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
  const off = raw.map((v) => v - mean(raw));
  const def = rawDef.map((v) => v - mean(rawDef));
  const ids = Array.from({ length: PLAYERS }, (_, i) => 1000 + i);
  const stints: Stints = {
    n,
    game: new Int32Array(n),
    home: new Uint8Array(n),
    offense: new Int32Array(5 * n),
    defense: new Int32Array(5 * n),
    possessions: new Float64Array(n),
    points: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const pool = [...ids];
    for (let k = pool.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [pool[k], pool[j]] = [pool[j]!, pool[k]!];
    }
    stints.game[i] = Math.floor(i / 10);
    stints.home[i] = i % 2;
    stints.possessions[i] = 1 + Math.floor(random() * 8);
    let rate = 108 + 3 * stints.home[i]!;
    for (let s = 0; s < 5; s++) {
      stints.offense[5 * i + s] = pool[s]!;
      stints.defense[5 * i + s] = pool[5 + s]!;
      rate += off[pool[s]! - 1000]! - def[pool[5 + s]! - 1000]!;
    }
    stints.points[i] = (rate * stints.possessions[i]!) / 100;
  }
  return { stints, off, def };
}

describe('fitRapm', () => {
  it('recovers the true values as the penalty goes to 0: differences between players, home court, an average unit', () => {
    // Five players a side on every stint: adding c to every offensive value and 5c less to the intercept predicts
    // the same, so only differences between players (and the intercept plus five average players) are
    // determined by the data; the penalty fixes the common level (its limit: players averaging 0).
    const { stints, off, def } = syntheticStints(5, 3000);
    const fit = fitRapm(stints, { lambdas: [1e-6] });
    expect(fit.home).toBeCloseTo(3, 4);
    const first = fit.players[0]!;
    for (const p of fit.players) {
      expect(p.off - first.off).toBeCloseTo(off[p.playerId - 1000]! - off[first.playerId - 1000]!, 4);
      expect(p.def - first.def).toBeCloseTo(def[p.playerId - 1000]! - def[first.playerId - 1000]!, 4);
    }
    const meanOff = fit.players.reduce((s, p) => s + p.off, 0) / fit.players.length;
    const meanDef = fit.players.reduce((s, p) => s + p.def, 0) / fit.players.length;
    expect(fit.intercept + 5 * meanOff - 5 * meanDef).toBeCloseTo(108, 3);
  });

  it('shrinks every player to about 0 with a huge penalty', () => {
    const { stints } = syntheticStints(6, 800);
    const fit = fitRapm(stints, { lambdas: [1e12] });
    for (const p of fit.players) {
      expect(Math.abs(p.off)).toBeLessThan(1e-6);
      expect(Math.abs(p.def)).toBeLessThan(1e-6);
    }
  });

  it('chooses among the penalties by cross-validation and gives the same numbers twice', () => {
    const { stints } = syntheticStints(8, 1500);
    // Noiseless data: the smallest penalty predicts held-out stints best.
    const a = fitRapm(stints, { lambdas: [0.001, 100, 10000] });
    const b = fitRapm(stints, { lambdas: [0.001, 100, 10000] });
    expect(a.lambda).toBe(0.001);
    expect(a.cvRmse[0]).toBeLessThan(a.cvRmse[2]!);
    expect(b).toEqual(a);
    expect(a.players.reduce((s, p) => s + p.offPossessions, 0)).toBe(5 * stints.possessions.reduce((s, v) => s + v, 0));
  });

  it('deals whole games into folds of about equal size, the same for the same seed', () => {
    const { stints } = syntheticStints(9, 1000);
    const fold = foldsByGame(stints, 5, 29);
    expect([...foldsByGame(stints, 5, 29)]).toEqual([...fold]);
    const ofGame = new Map<number, number>();
    for (let i = 0; i < stints.n; i++) {
      const g = stints.game[i]!;
      if (ofGame.has(g)) expect(fold[i]).toBe(ofGame.get(g));
      ofGame.set(g, fold[i]!);
    }
    const sizes = [0, 1, 2, 3, 4].map((f) => [...ofGame.values()].filter((v) => v === f).length);
    expect(sizes).toEqual([20, 20, 20, 20, 20]);
  });
});
