/**
 * Where a command's engine reads its data: the embedded locality database
 * (ADDR_REFERENCE_DB overrides its path; default: defaultLocalityDbPath()) and
 * the data directory (data-dir.ts) whose imported address points it opens.
 * The environment is read here, in the commands, never in core. Light to load:
 * `addr batch` resolves it to start its workers before the rest of the command
 * has loaded (batch-pool.ts).
 */
import { defaultLocalityDbPath } from '../store/reference-db-path.js';
import { resolveDataDir } from './data-dir.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The locality database path: ADDR_REFERENCE_DB when set, else the embedded default. */
export function resolveReferenceDbPath(env: Env): string {
  const override = env.ADDR_REFERENCE_DB;
  return override !== undefined && override !== '' ? override : defaultLocalityDbPath();
}

/** The locality database and the data directory (`--data-dir` when given) of a run. */
export function engineLocation(dataDirFlag: string | undefined, env: Env): { referenceDbPath: string; dataDir: string } {
  return { referenceDbPath: resolveReferenceDbPath(env), dataDir: resolveDataDir(dataDirFlag, env) };
}
