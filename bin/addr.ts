#!/usr/bin/env node
// The launcher: everything, including error handling and exit codes, lives in main.
import { loadBundle } from '../src/bundle/load-bundle.js';
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

const command = process.argv.slice(2).find((a) => !a.startsWith('-'));

// The commands of one address or a stream of them run from the CLI's bundle (scripts/bundles.ts:
// one script instead of ~125 modules, compiled from V8's code cache) when it is fresh; the others
// load the tsc build's modules, which the bundle would load besides its own copy of the core.
const bundle = command !== undefined && BUNDLED_COMMANDS.includes(command)
  ? loadBundle<typeof Program>({
    script: new URL('../src/commands/program.bundle.cjs', import.meta.url),
    cache: new URL('../src/commands/program.bundle.cache', import.meta.url),
    builtFrom: new URL('../src/commands/program.js', import.meta.url),
  })
  : null;
const program = bundle?.exports ?? await import('../src/commands/program.js');
process.exitCode = await program.main(process.argv);
bundle?.saveCache();
