/**
 * How many cores the machine leaves idle, measured over an interval from the CPU times of every
 * core (os.cpus()): what a streaming run asks before it starts worker threads (line-run.ts).
 *
 * The one-minute load average answers the same question late: on a machine that was busy until a
 * moment ago (the previous command of a script, a build that just ended) it still reads high,
 * and it counts this process's own thread. The CPU times since the run began say what the other
 * cores did while this run used one.
 */
import { cpus } from 'node:os';
import type { CpuInfo } from 'node:os';

/** The CPU times of every core (os.cpus()); tests pass their own. */
export type CpuTimes = () => readonly Pick<CpuInfo, 'times'>[];

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
 * Starts measuring; the function returned gives the cores left idle since then (idle time over
 * the interval times the number of cores), or null when the system reports no CPU times or too
 * short an interval to say (less than `minMs` of CPU time per core: the counters tick in 10 ms).
 */
export function idleCoresSince(read: CpuTimes = cpus, minMs = 50): () => number | null {
  const start = read();
  const from = totals(start);
  return () => {
    const now = read();
    if (now.length === 0 || now.length !== start.length) return null;
    const to = totals(now);
    const all = to.all - from.all;
    if (all < minMs * now.length) return null;
    return ((to.idle - from.idle) / all) * now.length;
  };
}
