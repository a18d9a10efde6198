// Builds dist/ once before the suites that spawn the real binary (test/commands),
// and only when a source file is newer than the built launcher, so suites that do
// not need it pay a directory scan, not a compile.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILT_BIN = join(ROOT, 'dist', 'bin', 'addr.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.(ts|json)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Compiles the project with tsc when dist/ is older than bin/, src/ or scripts/. */
export default function setup(): void {
  const sources = ['bin', 'src', 'scripts'].map((d) => join(ROOT, d)).filter(existsSync);
  const newest = Math.max(...sources.map(newestSource), statSync(join(ROOT, 'tsconfig.json')).mtimeMs);
  if (existsSync(BUILT_BIN) && statSync(BUILT_BIN).mtimeMs >= newest) return;
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'pipe' });
  } catch (err) {
    // Type errors still emit JavaScript (noEmitOnError is off); `npm test` reports them through
    // `tsc --noEmit`, so only a missing launcher stops the suites here.
    if (!existsSync(BUILT_BIN)) throw err;
  }
}
