#!/usr/bin/env node
// The launcher: everything, including error handling and exit codes, lives in main.
import { main } from '../src/commands/program.js';

process.exitCode = await main(process.argv);
