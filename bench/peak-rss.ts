/**
 * Peak resident set sizes. On Linux, VmHWM of /proc/PID/status: the high water mark of that
 * program's memory since it started. Not getrusage's maxRSS for this process: a process spawned
 * by another inherits, as a floor, the memory its parent held when it forked (a bench holding
 * 375 MB made each of its ranges-scale-worker steps report at least 375 MB). Elsewhere maxRSS is
 * all there is.
 */
import { readFileSync } from 'node:fs';

/** VmHWM of a process (`self`: this one), in bytes; null without /proc or once it has ended. */
export function vmHwmBytes(pid: number | 'self'): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'));
    return m !== null ? Number(m[1]) * 1024 : null;
  } catch {
    return null; // no /proc (not Linux), or the process has ended
  }
}

/** This process's peak resident set size, in MB. */
export function peakRssMb(): number {
  return (vmHwmBytes('self') ?? process.resourceUsage().maxRSS * 1024) / 1e6; // maxRSS is in KiB
}
