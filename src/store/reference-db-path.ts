/**
 * Where the embedded locality database lives: `<package root>/db/locality.sqlite`,
 * the root being found from this module's own location, so the path is the same
 * from dist/ (installed CLI) and from src/ (vitest), whatever the working directory.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
