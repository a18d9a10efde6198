import { describe, expect, it } from 'vitest';
import { idleCoresSince } from '../../src/commands/idle-cores.js';

/** CPU times of `n` cores, each with `busy` and `idle` ms. */
function cores(n: number, busy: number, idle: number): { times: { user: number; nice: number; sys: number; idle: number; irq: number } }[] {
  return Array.from({ length: n }, () => ({ times: { user: busy, nice: 0, sys: 0, idle, irq: 0 } }));
}

function sampler(readings: ReturnType<typeof cores>[]): () => ReturnType<typeof cores> {
  let i = 0;
  return () => readings[Math.min(i++, readings.length - 1)] as ReturnType<typeof cores>;
}

describe('idleCoresSince', () => {
  it('counts the idle time of the interval in cores', () => {
    // Two cores over 1 s: one busy (this run), the other idle.
    const read = sampler([cores(2, 0, 0), [{ times: { user: 1000, nice: 0, sys: 0, idle: 0, irq: 0 } }, { times: { user: 0, nice: 0, sys: 0, idle: 1000, irq: 0 } }]]);
    expect(idleCoresSince(read)()).toBeCloseTo(1, 5);
  });

  it('sees a machine busy now though idle before the run began', () => {
    // Idle for an hour before (large counters), both cores busy during the run.
    const read = sampler([cores(2, 100, 3_600_000), cores(2, 600, 3_600_000)]);
    expect(idleCoresSince(read)()).toBe(0);
  });

  it('says nothing over too short an interval, or without CPU times', () => {
    expect(idleCoresSince(sampler([cores(2, 0, 0), cores(2, 10, 10)]))()).toBeNull();
    expect(idleCoresSince(sampler([[], []]))()).toBeNull();
    // A core that went offline meanwhile: not comparable.
    expect(idleCoresSince(sampler([cores(2, 0, 0), cores(1, 500, 500)]))()).toBeNull();
  });
});
