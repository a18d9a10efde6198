/**
 * Where the embedded locality database lives: `<package root>/db/locality.sqlite`,
 * the root being found from this module's own location, so the path is the same
 * from dist/ (installed CLI) and from src/ (vitest), whatever the working directory.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AddrError } from '../core/errors.js';

const PACKAGE_NAME = 'addr';
let cachedRoot: string | null = null;

function isAddrRoot(dir: string): boolean {
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) return false;
  try {
    const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && (parsed as { name?: unknown }).name === PACKAGE_NAME;
  } catch {
    return false; // an unreadable package.json on the way up is not ours
  }
}

/** The directory of addr's package.json, found by walking up from this module. */
export function addrPackageRoot(): string {
  if (cachedRoot !== null) return cachedRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (isAddrRoot(dir)) return (cachedRoot = dir);
    const parent = dirname(dir);
    if (parent === dir) throw new AddrError('ADDR_ERR_INTERNAL', [`no package.json named "${PACKAGE_NAME}" above ${fileURLToPath(import.meta.url)}`]);
    dir = parent;
  }
}

/** The default path of the locality reference database: `<package root>/db/locality.sqlite`. */
export function defaultLocalityDbPath(): string {
  return join(addrPackageRoot(), 'db', 'locality.sqlite');
}

/**
 * The fix a locality database error names: (re)building the built-in database, or, for
 * any other path (which only ADDR_REFERENCE_DB or a library caller gives), that variable.
 */
export function referenceDbFix(path: string, what: 'build' | 'rebuild'): string {
  if (resolve(path) === resolve(defaultLocalityDbPath())) {
    return what === 'build' ? 'Run `npm run build` (or reinstall with `npm install`) to build it.' : 'Rebuild it with `npm run build`.';
  }
  return 'It is not the built-in database but the file ADDR_REFERENCE_DB names: point ADDR_REFERENCE_DB at a locality database '
    + '(db/locality.sqlite, built by `npm run build`), or unset it to use the built-in one.';
}
