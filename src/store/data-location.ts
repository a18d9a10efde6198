/**
 * Where addr's data is, in one place:
 * - the embedded locality database: `<package root>/db/locality.sqlite`, the root found from this
 *   module's own location (the same from dist/ and from src/, whatever the working directory);
 *   ADDR_REFERENCE_DB overrides its path;
 * - the data directory (accounts.sqlite, imported address points in points.sqlite): `--data-dir`,
 *   else ADDR_DATA_DIR, else the platform's user data directory — `$XDG_DATA_HOME/addr` or
 *   `~/.local/share/addr` on Linux and other Unixes, `~/Library/Application Support/addr` on
 *   macOS, `%APPDATA%/addr` on Windows.
 * The faces (commands, server, library) pass their environment in; core never sees it. Light to
 * load: `addr batch` resolves the location to start its workers before the rest of the command
 * has loaded (src/batch/batch-pool.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AddrError } from '../core/model/errors.js';

/** The environment a face passes in (process.env, or a test's). */
export type Env = Readonly<Record<string, string | undefined>>;

/** Where an engine's stores are (store/open-engine.ts opens them). */
export interface EngineLocation {
  referenceDbPath: string; // the locality database
  dataDir?: string; // the data directory: its points.sqlite, when there, is opened too
}

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

const given = (v: string | undefined): v is string => v !== undefined && v !== '';

/** The locality database path: ADDR_REFERENCE_DB when set, else the embedded default. */
export function resolveReferenceDbPath(env: Env): string {
  return given(env.ADDR_REFERENCE_DB) ? env.ADDR_REFERENCE_DB : defaultLocalityDbPath();
}

/** The data directory for a run: the flag, else ADDR_DATA_DIR, else the platform's user data directory. */
export function resolveDataDir(
  flag: string | undefined,
  env: Env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (given(flag)) return flag;
  if (given(env.ADDR_DATA_DIR)) return env.ADDR_DATA_DIR;
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'addr');
  if (platform === 'win32') return join(given(env.APPDATA) ? env.APPDATA : join(home, 'AppData', 'Roaming'), 'addr');
  return join(given(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : join(home, '.local', 'share'), 'addr');
}

/** The locality database and the data directory (`--data-dir` when given) of a run. */
export function engineLocation(dataDirFlag: string | undefined, env: Env): Required<EngineLocation> {
  return { referenceDbPath: resolveReferenceDbPath(env), dataDir: resolveDataDir(dataDirFlag, env) };
}
