// Builds dist/ once before the suites that spawn the real binary (test/commands),
// and only when a source file is newer than the built launcher, so suites that do
// not need it pay a directory scan, not a compile. The launchers run the bundles of the CLI,
// the server and the worker threads (scripts/bundles.ts), rebuilt here after tsc as `npm run
// build` does.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILT_BIN = join(ROOT, 'dist', 'bin', 'addr.js');
// Each bundle and the tsc-built module it stands for.
const BUNDLES = [
  [join(ROOT, 'dist', 'src', 'commands', 'program.bundle.cjs'), join(ROOT, 'dist', 'src', 'commands', 'program.js')],
  [join(ROOT, 'dist', 'src', 'server', 'server.bundle.cjs'), join(ROOT, 'dist', 'src', 'server', 'server-entry.js')],
  [join(ROOT, 'dist', 'src', 'commands', 'line-worker.bundle.cjs'), join(ROOT, 'dist', 'src', 'commands', 'line-worker-run.js')],
  [join(ROOT, 'dist', 'src', 'batch', 'batch-worker.bundle.cjs'), join(ROOT, 'dist', 'src', 'batch', 'batch-worker-run.js')],
] as const;

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.(ts|json)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** The bundles, when one is older than the tsc build (its launcher would not load it). */
function bundleIfStale(): void {
  if (BUNDLES.every(([bundle, built]) => existsSync(bundle) && statSync(bundle).mtimeMs >= statSync(built).mtimeMs)) return;
  // Without a fresh bundle the launchers load the tsc build's modules (src/bundle/load-bundle.ts):
  // the same program, so a bundler failure is reported but does not stop the suites.
  try {
    execFileSync(process.execPath, [join(ROOT, 'dist', 'scripts', 'bundles.js')], { cwd: ROOT, stdio: 'pipe' });
  } catch (err) {
    console.warn(`test/global-setup.ts: the bundles were not built: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Compiles the project with tsc when dist/ is older than bin/, src/ or scripts/; then makes the bundles. */
export default function setup(): void {
  const sources = ['bin', 'src', 'scripts'].map((d) => join(ROOT, d)).filter(existsSync);
  const newest = Math.max(...sources.map(newestSource), statSync(join(ROOT, 'tsconfig.json')).mtimeMs);
  if (existsSync(BUILT_BIN) && statSync(BUILT_BIN).mtimeMs >= newest) {
    bundleIfStale();
    return;
  }
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'pipe' });
  } catch (err) {
    // Type errors still emit JavaScript (noEmitOnError is off); `npm test` reports them through
    // `tsc --noEmit`, so only a missing launcher stops the suites here.
    if (!existsSync(BUILT_BIN)) throw err;
  }
  bundleIfStale();
}
