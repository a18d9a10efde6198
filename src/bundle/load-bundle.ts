/**
 * Runs a bundle of scripts/bundles.ts (one CommonJS script in place of a few hundred modules) compiled
 * from V8's code cache: bin/addr.ts runs the CLI's hot path so, src/server/load-server.ts the server.
 *
 * A bundle is run only when it is at least as new as the tsc build of the module it stands for (a
 * build by tsc alone is never shadowed by an older bundle; after `tsc --watch`, which rewrites only
 * what changed, run the bundler or delete the bundle). Its code cache is read only when newer than
 * the bundle (V8 checks its own version and flags, not the source); a run that found none, or had
 * it rejected, writes one (saveCache).
 *
 * The script is wrapped as Node wraps a CommonJS module, with two more parameters the bundler's
 * output calls: IMPORT_FUNCTION, for the modules a bundle leaves to the tsc build (a script cannot
 * `import()` without an experimental loader), and MODULE_URL_FUNCTION, which gives each bundled
 * module's `import.meta.url` as the location of its tsc-built file, so paths relative to it (worker
 * scripts, the package root) resolve as from the module itself.
 */
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/** What a bundle calls instead of `import()`, with a specifier relative to the bundle. */
export const IMPORT_FUNCTION = '__addrImport';
/** What a bundle calls for a bundled module's `import.meta.url`, with its path relative to the bundle. */
export const MODULE_URL_FUNCTION = '__addrModuleUrl';

/** A bundle's files. */
export interface BundleFiles {
  script: URL; // the bundle
  cache: URL; // its code cache
  builtFrom: URL; // the tsc build's module the bundle stands for (its entry)
}

/** A bundle run: its exports, and saveCache(), which writes the code cache when the run found none to use. */
export interface LoadedBundle<T> {
  exports: T;
  saveCache(): void;
}

function modified(file: URL): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** Runs the bundle when it is fresh (see the file comment); null when the tsc build's modules are to be loaded instead. */
export function loadBundle<T>(files: BundleFiles): LoadedBundle<T> | null {
  const bundled = modified(files.script);
  const built = modified(files.builtFrom);
  if (bundled === null || built === null || bundled < built) return null;
  const cachedAt = modified(files.cache);
  const cachedData = cachedAt !== null && cachedAt >= bundled ? readFileSync(files.cache) : undefined;
  const filename = fileURLToPath(files.script);
  const source = `(function (exports, require, module, __filename, __dirname, ${IMPORT_FUNCTION}, ${MODULE_URL_FUNCTION}) {${readFileSync(filename, 'utf8')}\n})`;
  const script = new Script(source, cachedData !== undefined ? { filename, cachedData } : { filename });
  const module = { exports: {} as T };
  const importFrom = (specifier: string): Promise<unknown> => import(new URL(specifier, files.script).href);
  const moduleUrl = (path: string): string => new URL(path, files.script).href;
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(filename), module, filename, dirname(filename), importFrom, moduleUrl);
  let write = cachedData === undefined || script.cachedDataRejected === true;
  return {
    exports: module.exports,
    saveCache() {
      if (!write) return;
      write = false;
      // Written whole then renamed: a process starting meanwhile reads the old cache or none. The
      // part is this thread's own: the worker threads of one process may write it at once.
      const path = fileURLToPath(files.cache);
      const part = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      try {
        writeFileSync(part, script.createCachedData());
        renameSync(part, path);
      } catch {
        rmSync(part, { force: true }); // a read-only installation: runs without the cache
      }
    },
  };
}

/**
 * The module at `entry` (a URL of the tsc build) from its bundle, `<name>.bundle.cjs` beside it
 * with its code cache `<name>.bundle.cache`, when the bundle is fresh; else `importEntry()`, the
 * module itself (saveCache then does nothing).
 */
export async function loadEntry<T>(entry: URL, name: string, importEntry: () => Promise<T>): Promise<LoadedBundle<T>> {
  const bundle = loadBundle<T>({ script: new URL(`./${name}.bundle.cjs`, entry), cache: new URL(`./${name}.bundle.cache`, entry), builtFrom: entry });
  return bundle ?? { exports: await importEntry(), saveCache: () => undefined };
}
