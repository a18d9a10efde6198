/**
 * The "cli" section of `npm run bench`, its headline: what users run, on what users have.
 * 100,000 messy lines (10,000 with --quick) generated from the regression corpus
 * (generate-messy.ts) are written to a file; then, as whole processes reading the file on
 * stdin and writing ndjson to a file, `addr normalize -` and `addr validate -` are timed against
 * a process running parse-address's parseLocation over the same lines (parse-location-process.ts),
 * the three alternating, three rounds, the median wall time of each kept. In this process, over
 * the same lines, the engine's normalize and validate against parseLocation (median of three
 * passes after a warm-up pass), beside them.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openEngine } from '../src/store/open-engine.js';
import { generateMessy } from './generate-messy.js';
import type { Figure } from './figure.js';


const BIN = fileURLToPath(new URL('../bin/addr.js', import.meta.url));
const PEER = fileURLToPath(new URL('./parse-location-process.js', import.meta.url));
const parseAddressLib = createRequire(import.meta.url)('parse-address') as { parseLocation(address: string): unknown };

/** Wall seconds and CPU seconds (user + system, children included) of a process reading `input` on stdin. */
function timeProcess(args: readonly string[], input: string, output: string, env: NodeJS.ProcessEnv): Promise<{ wall: number; code: number | null }> {
  const inFd = openSync(input, 'r');
  const outFd = openSync(output, 'w');
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: [inFd, outFd, 'pipe'], env });
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      closeSync(inFd);
      closeSync(outFd);
      if (code !== 0) reject(new Error(`${args.join(' ')} exited ${String(code)}: ${stderr.trim()}`));
      else resolve({ wall: (performance.now() - started) / 1000, code });
    });
  });
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? (s[s.length >> 1] as number) : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};

/** Runs the section and returns its figures. */
export async function benchCli(referenceDbPath: string, quick: boolean, log: (line: string) => void): Promise<Figure[]> {
  const count = quick ? 10_000 : 100_000;
  const dir = mkdtempSync(join(tmpdir(), 'addr-bench-cli-'));
  try {
    const lines = generateMessy(count);
    const input = join(dir, 'messy.txt');
    writeFileSync(input, `${lines.join('\n')}\n`);
    // A data directory of its own: no imported points, and the local account's usage recorded there.
    const env = { ...process.env, ADDR_DATA_DIR: join(dir, 'data'), ADDR_REFERENCE_DB: referenceDbPath };
    const contestants: [string, string[]][] = [
      ['parseLocation process', [PEER]],
      ['addr normalize -', [BIN, 'normalize', '-', '--format', 'ndjson']],
      ['addr validate -', [BIN, 'validate', '-', '--format', 'ndjson']],
    ];
    const walls = new Map<string, number[]>(contestants.map(([name]) => [name, []]));
    await timeProcess([PEER], input, join(dir, 'warm.ndjson'), env); // the file in the page cache, node's code cache warm
    for (let r = 0; r < 3; r++) {
      for (let k = 0; k < contestants.length; k++) {
        const [name, args] = contestants[(k + r) % contestants.length] as [string, string[]];
        const { wall } = await timeProcess(args, input, join(dir, 'out.ndjson'), env);
        walls.get(name)?.push(wall);
      }
    }
    const rate = (name: string): number => count / median(walls.get(name) ?? []);
    for (const [name] of contestants) log(`cli: ${name}: ${(walls.get(name) ?? []).map((w) => `${w.toFixed(2)} s`).join(', ')} for ${count.toLocaleString('en-US')} lines`);

    // In process, the same lines.
    const { engine, close } = openEngine({ referenceDbPath });
    const passes = { normalize: [] as number[], parseLocation: [] as number[], validate: [] as number[] };
    try {
      const fns: [keyof typeof passes, (s: string) => unknown][] = [
        ['normalize', (s) => engine.normalize(s)],
        ['parseLocation', (s) => parseAddressLib.parseLocation(s)],
        ['validate', (s) => engine.validate(s)],
      ];
      for (const [, fn] of fns) for (const s of lines) fn(s);
      for (let r = 0; r < 3; r++) {
        for (const [name, fn] of fns) {
          const t = performance.now();
          for (const s of lines) fn(s);
          passes[name].push(count / ((performance.now() - t) / 1000));
        }
      }
    } finally {
      close();
    }
    const peer = rate('parseLocation process');
    const normalizeRate = rate('addr normalize -');
    const validateRate = rate('addr validate -');
    const inPeer = median(passes.parseLocation);
    return [
      { metric: `\`addr normalize -\` process, ${count.toLocaleString('en-US')} messy lines (lines/s) vs a parseLocation process`, value: normalizeRate, unit: 'lines/s', peer, target: '≥ 4×', pass: normalizeRate >= 4 * peer },
      { metric: `\`addr validate -\` process, the same lines (lines/s) vs a parseLocation process`, value: validateRate, unit: 'lines/s', peer, target: '≥ 2×', pass: validateRate >= 2 * peer },
      { metric: '  in process, the same lines: normalize vs parseLocation (addr/s)', value: median(passes.normalize), unit: 'addr/s', peer: inPeer, target: '—', pass: null },
      { metric: '  in process, the same lines: validate vs parseLocation (addr/s)', value: median(passes.validate), unit: 'addr/s', peer: inPeer, target: '—', pass: null },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
