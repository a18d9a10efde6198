/**
 * Prints the functions with the most self time in a V8 CPU profile, e.g. of the
 * normalize loop alone:
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof dist/bench/bench.js --only normalize
 *   node dist/bench/cpu-profile-top.js /tmp/prof [N]
 *
 * The argument is a .cpuprofile file or a directory (its newest profile is read).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number; // zero-based
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[]; // microseconds
}

/** The profile file `path` names, or the newest .cpuprofile in the directory `path`. */
function profilePath(path: string): string {
  if (!statSync(path).isDirectory()) return path;
  const files = readdirSync(path).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(path, f));
  const newest = files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (newest === undefined) throw new Error(`no .cpuprofile in ${path}`);
  return newest;
}

/** Self time in microseconds per function ("name file:line"), and the total. */
function selfTimes(profile: CpuProfile): { total: number; byFunction: Map<string, number> } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id)?.callFrame;
    const delta = profile.timeDeltas[i] ?? 0;
    total += delta;
    if (!frame) return;
    const file = frame.url.replace(/^.*\/dist\//, '');
    const key = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + delta);
  });
  return { total, byFunction };
}

const [target, count = '10'] = process.argv.slice(2);
if (target === undefined) {
  console.error('usage: node dist/bench/cpu-profile-top.js <file.cpuprofile | directory> [N]');
  process.exitCode = 2;
} else {
  const { total, byFunction } = selfTimes(JSON.parse(readFileSync(profilePath(target), 'utf8')) as CpuProfile);
  const top = [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number.parseInt(count, 10) || 10);
  console.log('| self ms | share | function |');
  console.log('|--------:|------:|:---------|');
  for (const [name, us] of top) {
    console.log(`| ${(us / 1000).toFixed(0).padStart(7)} | ${((100 * us) / total).toFixed(1).padStart(4)}% | ${name} |`);
  }
  console.log(`\ntotal sampled: ${(total / 1000).toFixed(0)} ms`);
}
