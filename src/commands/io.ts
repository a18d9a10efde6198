/**
 * Input and output plumbing of the address commands.
 *
 * Input: positional arguments joined with spaces are one address; `-`, or no
 * argument with stdin piped, reads one address per line: streamed with
 * readline here (autocomplete), in batches by line-run.ts (normalize, validate,
 * geocode); either way memory stays constant and outputs come in input order. Blank lines are still inputs, so
 * output line counts match input line counts; an empty stdin gives no results
 * (exit 0).
 *
 * Output: writes wait for 'drain' (backpressure); a closed reader (EPIPE, as
 * with `| head -1`) ends the run quietly with exit 0.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { AddrError } from '../core/model/errors.js';
import type { AddressInput } from '../core/model/types.js';
import { structuredFromFlags } from './options.js';
import type { StructuredFlags } from './options.js';

/** The process streams and environment a command runs with (injected for tests). */
export interface CommandContext {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean; hasColors?: () => boolean };
  stderr: Writable & { isTTY?: boolean };
  env: Readonly<Record<string, string | undefined>>;
}

/** Where a run's addresses come from. */
export type InputSource =
  | { kind: 'one'; input: AddressInput } // an argument or structured flags: one address
  | { kind: 'lines'; stream: Readable }; // stdin: one address per line

/** Decides where the addresses come from; throws a usage or input error when that is unclear or empty. */
export function resolveInputSource(args: readonly string[], flags: StructuredFlags, ctx: CommandContext): InputSource {
  const structured = structuredFromFlags(flags);
  const fromStdin = args.length === 0 || (args.length === 1 && args[0] === '-');
  if (structured) {
    if (args.length > 0) throw new AddrError('ADDR_ERR_USAGE', ['Give the address either as an argument or with --line1/--line2/--city/--state/--zip, not both.']);
    if (Object.values(structured).every((v) => typeof v !== 'string' || v.trim() === '')) throw new AddrError('ADDR_ERR_INPUT_EMPTY');
    return { kind: 'one', input: structured };
  }
  if (args.includes('-') && !fromStdin) throw new AddrError('ADDR_ERR_USAGE', ["'-' (read stdin) cannot be combined with an address argument."]);
  if (fromStdin) {
    // Waiting on a terminal for typed lines looks like a hang; say what is expected instead.
    if (args.length === 0 && ctx.stdin.isTTY) throw new AddrError('ADDR_ERR_INPUT_EMPTY');
    return { kind: 'lines', stream: ctx.stdin };
  }
  const text = args.join(' ');
  if (text.trim() === '') throw new AddrError('ADDR_ERR_INPUT_EMPTY');
  return { kind: 'one', input: text };
}

/** Yields the addresses of a source in order; stdin lines are read lazily. */
export async function* readInputs(source: InputSource): AsyncGenerator<AddressInput> {
  if (source.kind === 'one') {
    yield source.input;
    return;
  }
  const lines = createInterface({ input: source.stream, crlfDelay: Infinity, terminal: false });
  try {
    // An empty stdin (`< /dev/null`, a grep that matched nothing) is no input: no results, exit 0.
    for await (const line of lines) yield line;
  } finally {
    lines.close();
    // Stop reading when the consumer stopped early (reader of stdout went away), so a
    // producer like `yes` gets SIGPIPE instead of this process waiting on it.
    source.stream.destroy();
  }
}

/** A data sink with backpressure that notices when its reader has gone away. */
export interface Output {
  /** Writes text; resolves false (writing nothing) once the reader has gone away. */
  write(text: string): Promise<boolean>;
  /** True once the reader has gone away (EPIPE). */
  readonly gone: boolean;
}

function isBrokenPipe(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null && 'code' in err ? (err as { code: unknown }).code : undefined;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}

/** Wraps a writable (stdout) as an Output. */
export function openOutput(stream: Writable): Output {
  let gone = false;
  let failure: unknown = null;
  // Without a listener an EPIPE would crash the process with a stack trace.
  stream.on('error', (err) => {
    if (isBrokenPipe(err)) gone = true;
    else failure ??= err;
  });
  const check = (): boolean => {
    const err = failure ?? stream.errored;
    if (err && !isBrokenPipe(err)) throw err;
    if (err || stream.destroyed || stream.writableEnded) gone = true;
    return !gone;
  };
  return {
    get gone() {
      return gone;
    },
    async write(text: string): Promise<boolean> {
      if (!check()) return false;
      if (!stream.write(text)) {
        if (!check()) return false;
        await new Promise<void>((resolve) => {
          const done = (): void => {
            stream.off('drain', done);
            stream.off('close', done);
            stream.off('error', done);
            resolve();
          };
          stream.on('drain', done);
          stream.on('close', done);
          stream.on('error', done);
        });
      }
      return check();
    },
  };
}
