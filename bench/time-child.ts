/**
 * Times an `addr` command as a child process for the bench sections that run whole processes
 * (batch-bench.ts, points-process-bench.ts): its wall time, its CPU time and peak RSS (from
 * /usr/bin/time, worker threads included; without it, the peak RSS polled from /proc and no CPU
 * time), its exit code and stderr.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { vmHwmBytes } from './peak-rss.js';

const BIN = fileURLToPath(new URL('../bin/addr.js', import.meta.url));
const TIME = '/usr/bin/time';

/** What a timed child did. */
export interface ChildRun {
  seconds: number; // wall
  cpu: number | null; // user + system seconds (null without /usr/bin/time)
  rss: number; // peak resident set size, bytes
  code: number | null;
  stderr: string;
}

/** Runs `addr ARGS` with stdin from the file `input` (or none) and stdout to the file `output` (or none); `scratch` holds /usr/bin/time's report. */
export async function timeAddr(args: readonly string[], scratch: string, input: string | null = null, output: string | null = null): Promise<ChildRun> {
  const viaTime = existsSync(TIME);
  const report = join(scratch, 'time.txt');
  const inFd = input === null ? 'ignore' : openSync(input, 'r');
  const outFd = output === null ? 'ignore' : openSync(output, 'w');
  const started = performance.now();
  const child = viaTime
    ? spawn(TIME, ['-f', '%M %U %S', '-o', report, process.execPath, BIN, ...args], { stdio: [inFd, outFd, 'pipe'] })
    : spawn(process.execPath, [BIN, ...args], { stdio: [inFd, outFd, 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  let hwm = 0;
  const poll = viaTime ? null : setInterval(() => {
    hwm = Math.max(hwm, (child.pid !== undefined ? vmHwmBytes(child.pid) : null) ?? 0);
  }, 50);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (c) => resolve(c));
  });
  if (poll !== null) clearInterval(poll);
  if (typeof inFd === 'number') closeSync(inFd);
  if (typeof outFd === 'number') closeSync(outFd);
  const seconds = (performance.now() - started) / 1000;
  // /usr/bin/time's last line: peak RSS (KB), user and system CPU seconds.
  const timed = viaTime ? (readFileSync(report, 'utf8').trim().split('\n').pop() ?? '').split(' ').map(Number) : null;
  return {
    seconds,
    cpu: timed === null ? null : (timed[1] ?? 0) + (timed[2] ?? 0),
    rss: timed === null ? hwm : (timed[0] ?? 0) * 1024,
    code,
    stderr,
  };
}
