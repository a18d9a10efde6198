#!/usr/bin/env node
// The launcher: everything, including error handling and exit codes, lives in main.
import { statSync } from 'node:fs';
import type * as Program from '../src/commands/program.js';

// A reader that goes away (`addr --help | head`) is not an error of ours: without a
// listener Node would crash on the EPIPE with a stack trace. Commands that stream
// (src/commands/io.ts) add their own listener to stop early.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE' && err.code !== 'ERR_STREAM_DESTROYED') throw err;
  });
}

/**
 * The program: its bundle (scripts/bundle-cli.ts: one file instead of ~125 modules, for a faster
 * start) when it is at least as new as the tsc build of program.js beside it, else the tsc
 * build's modules (a build by tsc alone, which rewrites program.js, is never shadowed by an older
 * bundle; after `tsc --watch`, which rewrites only what changed, run the bundler or delete the bundle).
 */
async function loadProgram(): Promise<typeof Program> {
  const bundle = new URL('../src/commands/program.bundle.js', import.meta.url);
  let fresh = false;
  try {
    fresh = statSync(bundle).mtimeMs >= statSync(new URL('../src/commands/program.js', import.meta.url)).mtimeMs;
  } catch {
    // no bundle (or no tsc build beside it)
  }
  return fresh ? (await import(bundle.href) as typeof Program) : import('../src/commands/program.js');
}

process.exitCode = await (await loadProgram()).main(process.argv);
