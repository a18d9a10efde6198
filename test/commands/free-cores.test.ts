import { describe, expect, it } from 'vitest';
import { freeCoresSince } from '../../src/commands/free-cores.js';

/** CPU times of `n` cores, each with `busy` and `idle` ms. */
function cores(n: number, busy: number, idle: number): { times: { user: number; nice: number; sys: number; idle: number; irq: number } }[] {
  return Array.from({ length: n }, () => ({ times: { user: busy, nice: 0, sys: 0, idle, irq: 0 } }));
}

function sampler<T>(readings: T[]): () => T {
  let i = 0;
  return () => readings[Math.min(i++, readings.length - 1)] as T;
}

describe('freeCoresSince', () => {
  it('counts the idle time of the interval and this process\'s own CPU time, in cores', () => {
    // Two cores over 1 s: one busy with this run, the other idle.
    const read = sampler([cores(2, 0, 0), [{ times: { user: 1000, nice: 0, sys: 0, idle: 0, irq: 0 } }, { times: { user: 0, nice: 0, sys: 0, idle: 1000, irq: 0 } }]]);
    expect(freeCoresSince(read, sampler([0, 1000]))()).toBeCloseTo(2, 5);
  });

  it('does not count this process\'s background threads (V8 compiling) as another process\'s load', () => {
    // Both cores busy over 1 s, all of it this process: its main thread and ~0.8 of a core of compiler threads.
    expect(freeCoresSince(sampler([cores(2, 0, 0), cores(2, 1000, 0)]), sampler([0, 1800]))()).toBeCloseTo(1.8, 5);
  });

  it('sees a machine busy with other work now though idle before the run began', () => {
    // Idle for an hour before (large counters); during the run both cores busy, this run using one.
    const read = sampler([cores(2, 100, 3_600_000), cores(2, 600, 3_600_000)]);
    expect(freeCoresSince(read, sampler([0, 500]))()).toBeCloseTo(1, 5);
  });

  it('never says more cores than there are (the clocks tick apart)', () => {
    expect(freeCoresSince(sampler([cores(2, 0, 0), cores(2, 0, 500)]), sampler([0, 200]))()).toBe(2);
  });

  it('says nothing over too short an interval, or without CPU times', () => {
    expect(freeCoresSince(sampler([cores(2, 0, 0), cores(2, 10, 10)]), sampler([0, 10]))()).toBeNull();
    expect(freeCoresSince(sampler([[], []]), sampler([0, 0]))()).toBeNull();
    // A core that went offline meanwhile: not comparable.
    expect(freeCoresSince(sampler([cores(2, 0, 0), cores(1, 500, 500)]), sampler([0, 0]))()).toBeNull();
  });
});
