/**
 * The ingest's step memory counts every process of the run: a step measured in a phase's child process is
 * reported with the parent's memory added (steps.ts withParentMemory).
 */
import { describe, expect, it } from 'vitest';
import { StepTimes, withParentMemory, type StepTime } from '../../../../../src/server/ingest/run/steps.ts';

describe('step times', () => {
  it('measure a step in the process that ran it', async () => {
    const seen: StepTime[] = [];
    const times = new StepTimes((s) => seen.push(s));
    expect(await times.time('a step', () => 42)).toBe(42);
    expect(seen).toEqual(times.steps);
    const [step] = seen;
    expect(step!.name).toBe('a step');
    expect(step!.peakMiB).toBeCloseTo(process.resourceUsage().maxRSS / 1024, -1);
  });

  it("add this (the parent) process's memory to a step measured in a child process", () => {
    const child: StepTime = { name: 'hook x', seconds: 1, cpuSeconds: 2, rssMiB: 300, peakMiB: 500 };
    const peakBefore = process.resourceUsage().maxRSS / 1024;
    const whole = withParentMemory(child);
    const peakAfter = process.resourceUsage().maxRSS / 1024;
    expect(whole.peakMiB - 500).toBeGreaterThanOrEqual(peakBefore);
    expect(whole.peakMiB - 500).toBeLessThanOrEqual(peakAfter);
    expect(whole.rssMiB - 300).toBeGreaterThan(10);
    expect([whole.name, whole.seconds, whole.cpuSeconds]).toEqual(['hook x', 1, 2]);
  });
});
