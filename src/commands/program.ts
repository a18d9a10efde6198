/**
 * The `addr` command line: builds the commander program, registers every
 * command with its flags, help and examples, and maps errors to exit codes
 * ONCE (exit-codes.ts). Command modules are loaded with `await import()` only
 * when run, so `--help` and cold start do not pay for the engine or SQLite.
 *
 * Environment: ADDR_REFERENCE_DB (path of the locality database, read by
 * `validate`), NO_COLOR / FORCE_COLOR (colour of table output), ADDR_DEBUG
 * (print stack traces of internal errors).
 */
import { Command, CommanderError } from 'commander';
import { isAddrError } from '../core/errors.js';
import { ENGINE_VERSION } from '../core/version.js';
import { EXIT_CODE_HELP, EXIT_OK, REPORT_LINE, exitCodeFor } from './exit-codes.js';
import type { CommandContext } from './io.js';
import { ADDRESS_COMMAND_OPTIONS, addOptions } from './options.js';
import type { NormalizeFlags, OptionName, ValidateFlags } from './options.js';

/** One registered command: its help and flags here, its code loaded on demand. */
interface CommandSpec {
  name: string;
  summary: string; // one line for `addr --help`
  examples: readonly string[]; // shown by `addr <command> --help`
  options: readonly OptionName[];
  run(args: string[], command: Command, ctx: CommandContext): Promise<number>; // loads and runs the command module
}

// One paragraph: commander wraps it to the terminal width.
const INPUT_HELP = 'Input: the arguments joined are one address. With "-", or no argument and stdin piped, '
  + 'one address per line is read from stdin and one result per line is written, in order.';

const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'normalize',
    summary: 'parse and standardize addresses (USPS Publication 28) without validating them',
    examples: [
      'addr normalize "1005 n gravenstein highway suite 500 sebastopol ca 95472"',
      'addr normalize --line1 "123 main street apt 4" --city springfield --state il',
      'addr normalize - < addresses.txt > normalized.ndjson',
    ],
    options: ADDRESS_COMMAND_OPTIONS,
    run: async (args, command, ctx) => (await import('./normalize.js')).runNormalize(args, command.opts<NormalizeFlags>(), ctx),
  },
  {
    name: 'validate',
    summary: 'validate, correct and complete addresses against the embedded ZIP reference',
    examples: [
      'addr validate "1600 pennsylvania av nw washington dc"',
      'addr validate --line1 "1 infinite loop" --city cupertino --state ca --format json',
      'addr validate --fail-on PARTIAL,NOT_FOUND - < addresses.txt > results.ndjson',
    ],
    options: [...ADDRESS_COMMAND_OPTIONS, 'failOn'],
    run: async (args, command, ctx) => (await import('./validate.js')).runValidate(args, command.opts<ValidateFlags>(), ctx),
  },
];

/** Builds the program; `setExitCode` receives the exit code of the command that ran. */
export function buildProgram(ctx: CommandContext, setExitCode: (code: number) => void): Command {
  const program = new Command();
  program
    .name('addr')
    .description('Validate, standardize and classify U.S. addresses, offline.')
    .version(ENGINE_VERSION, '-V, --version')
    // Settings made before .command() are inherited by every command.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.stdout.write(text),
      writeErr: (text) => ctx.stderr.write(text),
    })
    .addHelpText('after', `\n${EXIT_CODE_HELP}\n`);
  for (const spec of COMMANDS) {
    const command = program
      .command(spec.name)
      .summary(spec.summary)
      .description(`${spec.summary[0]?.toUpperCase() ?? ''}${spec.summary.slice(1)}.\n\n${INPUT_HELP}`)
      .argument('[address...]', 'the address, or "-" to read one per line from stdin')
      .addHelpText('after', `\nExamples:\n${spec.examples.map((e) => `  $ ${e}`).join('\n')}\n\n${EXIT_CODE_HELP}\n`);
    addOptions(command, spec.options);
    command.action(async (args: string[], _flags: unknown, cmd: Command) => {
      setExitCode(await spec.run(args, cmd, ctx));
    });
  }
  return program;
}

/** Prints an error once and returns its exit code. */
function reportError(err: unknown, ctx: CommandContext): number {
  if (err instanceof CommanderError) {
    // Commander has already printed its message; help and version requests are successes.
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0) return EXIT_OK;
    return exitCodeFor('usage');
  }
  if (isAddrError(err) && err.kind !== 'internal') {
    ctx.stderr.write(`error: ${err.message}\n`);
    return exitCodeFor(err.kind);
  }
  const message = err instanceof Error ? err.message : String(err);
  ctx.stderr.write(`error: internal: ${message}\n`);
  if (ctx.env.ADDR_DEBUG && err instanceof Error && err.stack) ctx.stderr.write(`${err.stack}\n`);
  ctx.stderr.write(`${REPORT_LINE}\n`);
  return exitCodeFor('internal');
}

/** The real process streams and environment. */
export function processContext(): CommandContext {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };
}

/** Runs the CLI with `argv` (as process.argv: node, script, ...args) and returns the exit code. */
export async function main(argv: readonly string[], ctx: CommandContext = processContext()): Promise<number> {
  let exitCode = EXIT_OK;
  try {
    await buildProgram(ctx, (code) => {
      exitCode = code;
    }).parseAsync([...argv]);
    return exitCode;
  } catch (err) {
    return reportError(err, ctx);
  }
}
