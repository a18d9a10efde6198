/**
 * Files of `addr batch`: the formats of input and output (from --format, the
 * extensions, or the first bytes), the default output name, and the identity
 * of an input that --resume checks.
 */
import { createHash } from 'node:crypto';
import { closeSync, lstatSync, openSync, readSync, readlinkSync, realpathSync, statSync, unlinkSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { InputIdentity } from '../accounts/batch-runs.js';
import { AddrError } from '../core/model/errors.js';
import { CsvScanner } from '../formats/csv/csv-scanner.js';
import { hasBom } from '../formats/csv/csv-chunks.js';

/** The spreadsheet formats. */
export const BATCH_FORMATS = ['csv', 'tsv', 'xlsx'] as const;

/** One spreadsheet format. */
export type BatchFormat = (typeof BATCH_FORMATS)[number];

/** The field delimiter of a text format. */
export const delimiterOf = (format: BatchFormat): string => (format === 'tsv' ? '\t' : ',');

/**
 * The delimiter of a text header line (the first line of `head`): of comma, tab, semicolon and pipe, the one
 * found most often outside quotes; a comma when none is found or on a tie with it.
 */
export function sniffDelimiter(head: Uint8Array): string {
  const counts = new Map<number, number>([[44, 0], [9, 0], [59, 0], [124, 0]]);
  let quoted = false;
  for (let i = hasBom(head) ? 3 : 0; i < head.length; i++) {
    const c = head[i] as number;
    if (c === 34) quoted = !quoted;
    else if (!quoted && (c === 10 || c === 13)) break;
    else if (!quoted && counts.has(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best = 44;
  for (const [c, n] of counts) if (n > (counts.get(best) ?? 0)) best = c;
  return String.fromCharCode(best);
}

/** The format an extension names, or null. */
export function formatOfPath(path: string): BatchFormat | null {
  const ext = extname(path).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.tsv' || ext === '.tab') return 'tsv';
  if (ext === '.xlsx') return 'xlsx';
  return null;
}

/** The format of input bytes: a ZIP container is a workbook; a header line delimited by tabs is TSV; else CSV (comma, semicolon or pipe). */
export function sniffFormat(head: Uint8Array): BatchFormat {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4) return 'xlsx';
  return sniffDelimiter(head) === '\t' ? 'tsv' : 'csv';
}

/** Extensions `-o` may have without --format: the three formats, and .txt (written in the input's format). */
export function outputExtensionAllowed(path: string): boolean {
  const ext = extname(path).toLowerCase();
  return ext === '' || ext === '.txt' || formatOfPath(path) !== null;
}

/** The first bytes of a file (up to `max`). */
export function readHead(path: string, max = 64 * 1024): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(max);
    const n = readSync(fd, buf, 0, max, 0);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/** The default output of an input file: beside it, `customers.csv` -> `customers.validated.csv` (extension of the output format). */
export function defaultOutputPath(input: string, format: BatchFormat): string {
  const ext = extname(input);
  const stem = basename(input, ext);
  return join(dirname(input), `${stem}.validated.${format}`);
}

/** The partial output beside an output file: renamed to the output when complete. */
export function tempPathOf(output: string): string {
  return `${output}.partial`;
}

/**
 * Checks the input file exists and is a regular file; returns its resolved path. A pipe given by a
 * path (/dev/stdin, a shell's `<(zcat rows.csv.gz)`) is refused with the way to read a stream: a
 * run is resumed by its input's path, which a stream does not keep (realpath of one names no file).
 */
export function resolveInputFile(path: string): string {
  let stat: Stats;
  try {
    stat = statSync(resolve(path)); // through every link: /dev/stdin is the pipe or terminal it stands for
  } catch {
    throw new AddrError('ADDR_ERR_BATCH_INPUT', [`Cannot read '${path}': no such file.`]);
  }
  if (stat.isDirectory()) throw new AddrError('ADDR_ERR_BATCH_INPUT', [`'${path}' is a folder: give a CSV, TSV or XLSX file in it.`]);
  if (!stat.isFile()) {
    throw new AddrError('ADDR_ERR_BATCH_INPUT', [`'${path}' is ${kindOf(stat)}: addr batch reads a regular file by its path (a run resumes by it); `
      + 'to read a stream, give - and send it on stdin, e.g. zcat rows.csv.gz | addr batch - -o rows.validated.csv']);
  }
  return realpathSync(resolve(path));
}

/** The identity of a text input: size, time, and a hash of its header record. */
export function textInputIdentity(path: string, delimiter: string): InputIdentity {
  const stat = statSync(path);
  const head = readHead(path, 1 << 20);
  const start = hasBom(head) ? 3 : 0;
  const scanner = new CsvScanner(delimiter);
  const found = { ends: [] as number[], quoted: [] as number[], lines: [] as number[] };
  scanner.scan(head, start, head.length, found);
  const end = found.ends[0] ?? head.length;
  return { path, size: stat.size, mtimeMs: stat.mtimeMs, headerHash: createHash('sha256').update(head.subarray(start, end)).digest('hex') };
}

/** The identity of a workbook: size, time, and a hash of its first 64 KiB. */
export function workbookIdentity(path: string): InputIdentity {
  const stat = statSync(path);
  return { path, size: stat.size, mtimeMs: stat.mtimeMs, headerHash: createHash('sha256').update(readHead(path)).digest('hex') };
}

/** What a path is, in words, for a message. */
function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** The final target of a path that may be a symbolic link (to a file that need not exist yet). */
function followLinks(path: string): string {
  let current = path;
  for (let hops = 0; hops < 40; hops++) {
    let stat: Stats;
    try {
      stat = lstatSync(current);
    } catch {
      return current; // nothing there (yet): the file to create
    }
    if (!stat.isSymbolicLink()) return current;
    current = resolve(dirname(current), readlinkSync(current));
  }
  throw new AddrError('ADDR_ERR_BATCH_INPUT', [`The output '${path}' is a chain of symbolic links that does not end; give another name with -o.`]);
}

/**
 * Checks an output path before any row is read or charged, and returns the file to write: a symbolic link's
 * target (written through, the link kept), a new or existing regular file in a folder that exists and takes
 * files. A folder, a device, a FIFO or a socket is refused: the output is written beside it as OUT.partial and
 * renamed over it, which would replace it; `-o -` writes to stdout.
 */
export function resolveOutputFile(path: string): string {
  let stat: Stats | null = null;
  try {
    stat = statSync(resolve(path)); // through every link: /dev/stdout is the pipe or terminal it stands for
  } catch {
    stat = null;
  }
  if (stat !== null && !stat.isFile()) {
    const fix = stat.isDirectory() ? `give a file name, e.g. -o ${join(path, 'out.csv')}` : 'give a regular file, or -o - to write to stdout';
    throw new AddrError('ADDR_ERR_BATCH_INPUT', [`The output '${path}' is ${kindOf(stat)}: addr batch writes a regular file (beside it, then renamed over it); ${fix}.`]);
  }
  const target = stat === null ? followLinks(resolve(path)) : realpathSync(resolve(path));
  const folder = dirname(target);
  let folderStat: Stats | null = null;
  try {
    folderStat = statSync(folder);
  } catch {
    folderStat = null;
  }
  if (folderStat === null || !folderStat.isDirectory()) {
    throw new AddrError('ADDR_ERR_BATCH_INPUT', [`Cannot write '${path}': the folder ${folder} does not exist; create it, or give another path with -o.`]);
  }
  // A file is made and removed beside the output: the one test of writing that holds for root, read-only mounts and ACLs.
  const probe = join(folder, `.${basename(target)}.addr-probe-${process.pid}`);
  try {
    closeSync(openSync(probe, 'wx'));
    unlinkSync(probe);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new AddrError('ADDR_ERR_BATCH_INPUT', [`Cannot write '${path}': files cannot be created in the folder ${folder} (${code}); give a path you can write with -o.`]);
  }
  return target;
}
