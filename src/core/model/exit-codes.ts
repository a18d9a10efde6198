/**
 * THE table from error kind to exit code (docs/errors.md, Exit codes). The CLI maps errors to
 * exit codes here and nowhere else; `--help` prints EXIT_CODE_HELP from it.
 */
import type { ErrorKind } from './errors.js';

/** Exit code of a run that did its job (an address that does not validate is a result, not a failure). */
export const EXIT_OK = 0;

/** Exit code when `--fail-on` matched a status: the same number as an internal failure, per docs/errors.md. */
export const EXIT_FAIL_ON = 1;

/** Exit code for each error kind. */
export const EXIT_CODES: Readonly<Record<ErrorKind, number>> = Object.freeze({
  usage: 2, // malformed command line: unknown flag, bad --format
  input: 2, // unusable input: no address given
  quota: 3, // the plan or allowance refused the work, or left rows unprocessed
  unavailable: 4, // reference data missing, locked or corrupt
  internal: 1, // a bug: printed with a "please report" line
});

/** The exit code of an error kind. */
export function exitCodeFor(kind: ErrorKind): number {
  return EXIT_CODES[kind];
}

/** Where internal failures should be reported; printed after the error. */
export const REPORT_LINE = 'This is a bug in addr; please report it with the command you ran and this message.';

/** The exit-code section of `--help`. */
export const EXIT_CODE_HELP = [
  'Exit codes:',
  `  ${EXIT_OK}  success (an address that does not validate is a result, not a failure)`,
  `  ${EXIT_CODES.internal}  internal failure, or --fail-on matched a result's status`,
  `  ${EXIT_CODES.usage}  usage or input error (unknown flag, bad value, no address given)`,
  `  ${EXIT_CODES.quota}  quota or plan refused the work, or left rows unprocessed`,
  `  ${EXIT_CODES.unavailable}  reference data missing, locked or corrupt`,
].join('\n');
