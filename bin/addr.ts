#!/usr/bin/env node
// The launcher: everything, including error handling and exit codes, lives in main.
import { main } from '../src/commands/program.js';

// A reader that goes away (`addr --help | head`) is not an error of ours: without a
// listener Node would crash on the EPIPE with a stack trace. Commands that stream
// (src/commands/io.ts) add their own listener to stop early.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE' && err.code !== 'ERR_STREAM_DESTROYED') throw err;
  });
}

process.exitCode = await main(process.argv);
