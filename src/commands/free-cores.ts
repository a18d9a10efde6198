/**
 * How many cores the other processes of the machine leave free, measured over an interval from the
 * CPU times of every core (os.cpus()) less this process's own (process.cpuUsage(): all its
 * threads): what a streaming run asks before it starts worker threads (line-run.ts).
 *
 * The one-minute load average answers the same question late: on a machine that was busy until a
 * moment ago (the previous command of a script, a build that just ended) it still reads high,
 * and it counts this process's own thread. The idle time of the cores alone counts this process
 * too: while a run warms up, V8 compiles its hot functions on background threads, which keep
 * another core busy for the first second or two, and a run that waited for that core to idle
 * started its worker threads at ~30,000 lines of 100,000 instead of ~8,000.
 */
import { cpus } from 'node:os';
import type { CpuInfo } from 'node:os';

/** The CPU times of every core (os.cpus()); tests pass their own. */
export type CpuTimes = () => readonly Pick<CpuInfo, 'times'>[];

/** CPU time this process has used so far, in ms (all its threads); tests pass their own. */
export type OwnCpuMs = () => number;

const ownCpuMs: OwnCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

interface Totals {
  idle: number;
  all: number;
}

function totals(list: readonly Pick<CpuInfo, 'times'>[]): Totals {
  let idle = 0;
  let all = 0;
  for (const { times } of list) {
    idle += times.idle;
    all += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, all };
}

/**
 * Starts measuring; the function returned gives the cores the other processes left free since
 * then (the idle time and this process's CPU time over the interval, in cores), or null when the
 * system reports no CPU times or too short an interval to say (less than `minMs` of CPU time per
 * core: the counters tick in 10 ms).
 */
export function freeCoresSince(read: CpuTimes = cpus, own: OwnCpuMs = ownCpuMs, minMs = 50): () => number | null {
  const start = read();
  const from = totals(start);
  const ownFrom = own();
  return () => {
    const now = read();
    if (now.length === 0 || now.length !== start.length) return null;
    const to = totals(now);
    const all = to.all - from.all;
    if (all < minMs * now.length) return null;
    const free = ((to.idle - from.idle + own() - ownFrom) / all) * now.length;
    return Math.min(now.length, free); // the two clocks tick apart: never more cores than there are
  };
}
