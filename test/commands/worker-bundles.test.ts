// The worker threads of the streaming commands and of `addr batch` run from bundles
// (scripts/bundles.ts, built by test/global-setup.ts; line-worker.ts and batch-worker.ts load
// them): each must be fresh, hold its packages but the native ones, and answer as the tsc
// build's modules do.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { defaultLocalityDbPath } from '../../src/store/data-location.js';
import type { LineChunkResult } from '../../src/commands/line-work.js';
import { bundleText } from './bundle-text.js';
import { tempDir } from './run-cli.js';

const DIST = fileURLToPath(new URL('../../dist/src/', import.meta.url));
const WORKERS = [['commands', 'line-worker'], ['batch', 'batch-worker']] as const;

/** The text a line worker started from `script` answers for `lines`. */
function answer(script: string, lines: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { workerData: { referenceDbPath: defaultLocalityDbPath(), dataDir: tempDir() } });
    worker.once('error', reject);
    worker.once('message', (out: LineChunkResult | { seq: -1; error: { message: string } }) => {
      void worker.terminate();
      if ('error' in out) reject(new Error(out.error.message));
      else resolve(Buffer.from(out.text).toString('utf8'));
    });
    worker.postMessage({ kind: 'setup', setup: { command: 'validate', render: { format: 'ndjson', many: true, color: false } } });
    worker.postMessage({ seq: 0, first: 0, lines });
  });
}

describe('the worker threads\' bundles', () => {
  it.each(WORKERS)('%s/%s is fresh and requires only Node\'s modules and packages with a native addon', (dir, name) => {
    const text = bundleText(join(DIST, dir, `${name}.bundle.cjs`), join(DIST, dir, `${name}-run.js`));
    expect(text).toContain('require("better-sqlite3")');
    expect(text).not.toContain('require("fast-json-stringify")');
  });

  it('a line worker answers from its bundle as from the modules', async () => {
    // The modules, without the bundle: line-worker-run.js run by a script of its own.
    const direct = join(tempDir(), 'direct-line-worker.mjs');
    writeFileSync(direct, `import { parentPort, workerData } from 'node:worker_threads';
import { runLineWorker } from ${JSON.stringify(join(DIST, 'commands', 'line-worker-run.js'))};
runLineWorker(parentPort, workerData);
`);
    const lines = ['1600 pennsylvania ave nw washington dc 20500', '459 W 26th St Brooklyn NY 10001', 'not an address at all', '1 Main St, Springfield, IL 62701'];
    const strip = (s: string): string => s.replace(/"(id|latency_ms)":("[^"]*"|[\d.]+)/g, '"$1":0');
    const [bundled, modules] = await Promise.all([answer(join(DIST, 'commands', 'line-worker.js'), lines), answer(direct, lines)]);
    expect(bundled.trim().split('\n')).toHaveLength(lines.length);
    expect(strip(bundled)).toBe(strip(modules));
  });
});
