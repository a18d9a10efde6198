#!/usr/bin/env node
// The launcher: everything, including error handling and exit codes, lives in main.
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { BUNDLED_COMMANDS } from '../src/commands/bundled-commands.js';
import type * as Program from '../src/commands/program.js';

// A reader that goes away (`addr --help | head`) is not an error of ours: without a
// listener Node would crash on the EPIPE with a stack trace. Commands that stream
// (src/commands/io.ts) add their own listener to stop early.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE' && err.code !== 'ERR_STREAM_DESTROYED') throw err;
  });
}

const PROGRAM = new URL('../src/commands/program.js', import.meta.url);
const BUNDLE = new URL('../src/commands/program.bundle.cjs', import.meta.url);
const CODE_CACHE = new URL('../src/commands/program.bundle.cache', import.meta.url);

function modified(file: URL): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** The program, and what to do once it has run (write the code cache a run found missing). */
interface Loaded {
  program: typeof Program;
  after(): void;
}

/**
 * The bundle (scripts/bundle-cli.ts: one script instead of ~125 modules, compiled from V8's code
 * cache), when it is at least as new as the tsc build of program.js beside it; else null. A build
 * by tsc alone, which rewrites program.js, is never shadowed by an older bundle (after `tsc
 * --watch`, which rewrites only what changed, run the bundler or delete the bundle). A cache is
 * read only when newer than the bundle (V8 checks its own version and flags, not the source).
 */
function loadBundle(): Loaded | null {
  const bundled = modified(BUNDLE);
  const built = modified(PROGRAM);
  if (bundled === null || built === null || bundled < built) return null;
  const cachedAt = modified(CODE_CACHE);
  const cachedData = cachedAt !== null && cachedAt >= bundled ? readFileSync(CODE_CACHE) : undefined;
  const filename = fileURLToPath(BUNDLE);
  const source = `(function (exports, require, module, __filename, __dirname, __addrImport) {${readFileSync(BUNDLE, 'utf8')}\n})`;
  const script = new Script(source, cachedData !== undefined ? { filename, cachedData } : { filename });
  const module = { exports: {} as typeof Program };
  const importFromBundle = (specifier: string): Promise<unknown> => import(new URL(specifier, BUNDLE).href);
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(filename), module, filename, dirname(filename), importFromBundle);
  const write = cachedData === undefined || script.cachedDataRejected === true;
  return {
    program: module.exports,
    after() {
      if (!write) return;
      // Written whole then renamed: a process starting meanwhile reads the old cache or none.
      const path = fileURLToPath(CODE_CACHE);
      const part = `${path}.${process.pid}`;
      try {
        writeFileSync(part, script.createCachedData());
        renameSync(part, path);
      } catch {
        rmSync(part, { force: true }); // a read-only installation: runs without the cache
      }
    },
  };
}

const command = process.argv.slice(2).find((a) => !a.startsWith('-'));

const loaded: Loaded = (command !== undefined && BUNDLED_COMMANDS.includes(command) ? loadBundle() : null)
  ?? { program: await import('../src/commands/program.js'), after: () => undefined };
process.exitCode = await loaded.program.main(process.argv);
loaded.after();
