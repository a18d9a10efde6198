/**
 * This process's peak resident set size, in MB. On Linux, VmHWM of /proc/self/status: the high
 * water mark of this program's memory since it started. Not getrusage's maxRSS there: a process
 * spawned by another inherits, as a floor, the memory its parent held when it forked (a bench
 * holding 375 MB made each of its ranges-scale-worker steps report at least 375 MB). Elsewhere
 * maxRSS is all there is.
 */
import { readFileSync } from 'node:fs';

export function peakRssMb(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m !== null) return (Number(m[1]) * 1024) / 1e6;
  } catch {
    // no /proc: not Linux
  }
  return (process.resourceUsage().maxRSS * 1024) / 1e6; // maxRSS is in KiB
}
