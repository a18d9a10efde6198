/**
 * addr extract [FILE|-] — every U.S. address in a text (plain text or HTML),
 * each with its exact text, `start`/`end` offsets and line number, and its
 * validation result. Flags, help and examples are registered in program.ts.
 *
 * Input: FILE, or stdin with `-` or no argument when stdin is piped. Decoded
 * as UTF-8 (a byte-order mark is kept as a character, as JavaScript reads the
 * file), so offsets are indexes into the text as a JavaScript string. Plain
 * text streams: it is scanned in chunks of about a megabyte, whatever its size.
 * HTML (detected from the first bytes: a doctype, <html>, or markup) is read
 * whole and scanned as its text; offsets point into the HTML.
 *
 * Metering: each address found is one validation (docs/cli.md, `addr accounts`), admitted
 * before it is written — against --account/--key, refused as the API would;
 * otherwise recorded for the local account. A refusal stops the run after the
 * addresses admitted so far (exit 3).
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { randomUUID } from 'node:crypto';
import type { ExtractedAddress } from '../core/engine.js';
import { AddrError } from '../core/model/errors.js';
import { looksLikeHtml } from '../core/extract/html-text.js';
import { openEngine } from '../store/open-engine.js';
import { EXIT_OK } from '../core/model/exit-codes.js';
import { openOutput } from './io.js';
import type { CommandContext } from './io.js';
import type { ExtractFlags } from './options.js';
import { createRenderer, defaultFormat, shouldColor } from './render.js';
import { resultJson } from './result-schemas.js';
import type { Column } from './render.js';
import { engineLocation } from '../store/data-location.js';
import { openValidationMeter } from './validation-meter.js';
import { VALIDATE_COLUMNS } from './result-columns.js';

const col = (header: string, path: string = header): Column => ({ header, path: path.split('.') });

/** csv and table columns: where the address is, then its validation result. */
export const EXTRACT_COLUMNS: readonly Column[] = [
  col('line'),
  col('start'),
  col('end'),
  col('kind'),
  col('text'),
  ...VALIDATE_COLUMNS.map((c) => ({ ...c, header: c.header === 'status' ? 'status' : c.header, path: ['result', ...c.path] })),
];

const HEAD = 4096; // bytes looked at to tell HTML from text

/** The input stream of a run: the file, or stdin. */
function openSource(args: readonly string[], ctx: CommandContext): Readable {
  const path = args[0];
  if (path === undefined || path === '-') {
    if (path === undefined && ctx.stdin.isTTY) throw new AddrError('ADDR_ERR_USAGE', ['No text given: pass a file, or pipe text and use - (addr extract - < notes.txt).']);
    return ctx.stdin;
  }
  return createReadStream(path);
}

/** The chunks of the input as text, decoded as UTF-8; file errors become input errors. */
async function* readText(stream: Readable, name: string): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of stream) {
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
      if (text !== '') yield text;
    }
  } catch (err) {
    const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : err instanceof Error ? err.message : String(err);
    throw new AddrError('ADDR_ERR_INPUT_INVALID', [`Cannot read ${name}: ${reason}.`], { cause: err });
  }
  const rest = decoder.end();
  if (rest !== '') yield rest;
}

/** Runs `addr extract`; returns the exit code. */
export async function runExtract(args: readonly string[], flags: ExtractFlags, ctx: CommandContext): Promise<number> {
  const stream = openSource(args, ctx);
  const name = args[0] === undefined || args[0] === '-' ? 'stdin' : `'${args[0]}'`;
  const meter = await openValidationMeter(flags, ctx);
  let opened: ReturnType<typeof openEngine> | null = null;
  try {
    const out = openOutput(ctx.stdout);
    const renderer = createRenderer(out, {
      format: flags.format ?? defaultFormat(ctx.stdout),
      columns: EXTRACT_COLUMNS,
      many: true,
      color: shouldColor(ctx.stdout, flags.color, ctx.env),
    }, resultJson('extract'));
    const requestId = randomUUID();
    const startedAt = performance.now();
    const call = { aggressive: flags.aggressive === true, requestId, startedAt, now: () => performance.now() };
    const write = async (found: ExtractedAddress[]): Promise<boolean> => {
      for (const address of found) {
        const refusal = await meter.admit();
        if (refusal !== null) {
          await renderer.end();
          if (meter.admitted > 0) ctx.stderr.write(`${meter.admitted} address${meter.admitted === 1 ? '' : 'es'} extracted; the rest were refused.\n`);
          throw refusal;
        }
        if (!(await renderer.write(address))) return false;
      }
      return true;
    };
    let head = '';
    let html: string[] | null = null; // the whole input, once it is known to be HTML
    let extractor: ReturnType<ReturnType<typeof openEngine>['engine']['extractor']> | null = null;
    const textChunk = async (text: string): Promise<boolean> => {
      opened ??= openEngine(engineLocation(flags.dataDir, ctx.env));
      extractor ??= opened.engine.extractor(call);
      return write(extractor.push(text));
    };
    for await (const chunk of readText(stream, name)) {
      if (html !== null) { html.push(chunk); continue; }
      if (extractor === null && head.length < HEAD) {
        head += chunk;
        if (head.length < HEAD) continue;
        if (looksLikeHtml(head)) { html = [head]; continue; }
        if (!(await textChunk(head))) return EXIT_OK;
        continue;
      }
      if (!(await textChunk(chunk))) return EXIT_OK;
    }
    if (html === null && extractor === null) {
      if (looksLikeHtml(head)) html = [head];
      else if (!(await textChunk(head))) return EXIT_OK;
    }
    if (html !== null) {
      const source = html.join('');
      opened ??= openEngine(engineLocation(flags.dataDir, ctx.env));
      const found = opened.engine.extract(source, { ...call, input: 'html' });
      if (!(await write(found))) return EXIT_OK;
    } else if (extractor !== null) {
      if (!(await write((extractor as { end(): ExtractedAddress[] }).end()))) return EXIT_OK;
    }
    await renderer.end();
    return EXIT_OK;
  } finally {
    await meter.close();
    (opened as ReturnType<typeof openEngine> | null)?.close();
    stream.destroy();
  }
}
