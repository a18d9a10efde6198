/**
 * addr data import|status|remove — the address-point sources in points.sqlite
 * of the data directory (docs/cli.md, `addr data`). Flags, help and examples are
 * registered in program.ts. The import's progress (rows and rows/s) goes to
 * stderr on a terminal; its summary goes to stdout (`--json` for a document).
 */
import { createReadStream, fstatSync, statSync } from 'node:fs';
import { AddrError } from '../core/model/errors.js';
import type { PointFormat } from '../store/point-readers.js';
import { openPointStore, openPointsDatabase } from '../store/points-db.js';
import { importPoints } from '../store/points-import.js';
import type { ImportInput, ImportSummary } from '../store/points-import.js';
import { openLocalityStore } from '../store/sqlite-locality-store.js';
import { resolveDataDir, resolveReferenceDbPath } from '../store/data-location.js';
import { areRangeFiles, importRangeFiles, rangeSourceRows, removeRangeSource } from './data-ranges.js';
import { importEach } from './import-each.js';
import { EXIT_OK } from '../core/model/exit-codes.js';
import type { CommandContext } from './io.js';
import type { DataFlags, Format } from './options.js';
import { writeRecords } from './write-records.js';
import { formatCount as int } from '../formats/format-count.js';

/** The fields `addr data status` prints for each source. */
export const SOURCE_FIELDS = ['name', 'format', 'rows_imported', 'rows_skipped', 'rows_inferred', 'states', 'zip_count', 'complete', 'imported_at', 'path'] as const;


/** The summary of an import as lines for people. */
export function describeImport(s: ImportSummary, seconds: number): string {
  const lines: string[] = [];
  const row = (k: string, v: string): void => {
    lines.push(`${k.padEnd(14)}${v}`);
  };
  row('source', s.source);
  row('format', s.format);
  if (s.outcome === 'unchanged') {
    row('outcome', 'unchanged: this source was already imported with the same content; nothing added');
    return `${lines.join('\n')}\n`;
  }
  if (s.outcome === 'already_imported') {
    row('outcome', `already imported as source '${s.same_as ?? ''}' (same content); nothing added`);
    return `${lines.join('\n')}\n`;
  }
  row('outcome', s.outcome === 'replaced' ? 'replaced the earlier import of this source' : 'imported');
  row('rows read', int(s.rows_read));
  row('imported', `${int(s.rows_imported)}${s.rows_inferred > 0 ? ` (${int(s.rows_inferred)} with city, state or ZIP filled from the locality layer)` : ''}`);
  row('skipped', int(s.rows_skipped));
  for (const [reason, entry] of Object.entries(s.skipped)) {
    lines.push(`  ${reason.padEnd(16)}${int(entry.count).padStart(8)}  line${entry.lines.length === 1 ? '' : 's'} ${entry.lines.join(', ')}${entry.count > entry.lines.length ? ', ...' : ''}`);
  }
  if (s.number_zero > 0) row('note', `${int(s.number_zero)} imported row${s.number_zero === 1 ? ' has' : 's have'} house number 0`);
  row('coverage', `${s.states.join(' ') || '-'}; ${int(s.zip_count)} ZIP${s.zip_count === 1 ? '' : 's'}; ${int(s.streets)} street${s.streets === 1 ? '' : 's'}`);
  row('complete', s.complete ? 'yes: a street or number it lacks in its ZIPs is not found' : 'no (partial): what it lacks falls back to the locality layer (--complete says otherwise)');
  row('time', `${seconds.toFixed(1)} s (${int(Math.round(s.rows_read / Math.max(seconds, 1e-3)))} rows/s)`);
  return `${lines.join('\n')}\n`;
}

/** What a path that is not a regular file nor a folder is (a FIFO, a socket, a device), in words; null for the others. */
function pipeKind(path: string): string | null {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined || stat.isFile() || stat.isDirectory()) return null;
  return stat.isFIFO() ? 'a pipe' : stat.isSocket() ? 'a socket' : 'a device';
}

/** Whether `path` is this process's stdin (/dev/stdin; a socket there cannot be opened again by its path). */
function isStdin(path: string): boolean {
  try {
    const file = statSync(path);
    const stdin = fstatSync(0);
    return file.dev === stdin.dev && file.ino === stdin.ino;
  } catch {
    return false;
  }
}

/** Runs `addr data import FILE...|-`; returns the exit code. */
export async function runDataImport(given: readonly string[], flags: DataFlags, ctx: CommandContext): Promise<number> {
  // http(s) URLs are downloaded into the data directory's cache first (data-download.ts).
  const urls = given.filter((f) => /^https?:\/\//i.test(f));
  const fetched = urls.length > 0 ? await (await import('./data-download.js')).downloadAll(urls, resolveDataDir(flags.dataDir, ctx.env), ctx) : [];
  const files = given.map((f) => (urls.includes(f) ? (fetched[urls.indexOf(f)] as string) : f));
  if (areRangeFiles(files, (p) => statSync(p, { throwIfNoEntry: false })?.isDirectory() === true)) {
    // TIGER/Line ADDRFEAT address ranges (data-ranges.ts).
    const locality = openLocalityStore(resolveReferenceDbPath(ctx.env));
    try {
      await importRangeFiles(files, resolveDataDir(flags.dataDir, ctx.env), locality, flags.json === true, ctx);
      return EXIT_OK;
    } finally {
      locality.close();
    }
  }
  if (files.length === 0 || files.includes('')) throw new AddrError('ADDR_ERR_USAGE', ['Give the file to import, or - to read stdin.']);
  if (files.length > 1) {
    const ranges = files.filter((f) => areRangeFiles([f], () => false));
    if (ranges.length > 0) throw new AddrError('ADDR_ERR_USAGE', [`Import address ranges (${ranges.join(', ')}) and address points in separate commands.`]);
    if (files.includes('-')) throw new AddrError('ADDR_ERR_USAGE', ['Read stdin (-) alone: give the other files in a command of their own.']);
    if (flags.source !== undefined) throw new AddrError('ADDR_ERR_USAGE', ['--source names the source of one file; with several files each is named after its file.']);
    // Every file checked before the first is imported: a typo in the last name imports nothing.
    for (const f of files) {
      const stat = statSync(f, { throwIfNoEntry: false });
      if (stat === undefined || stat.isDirectory()) throw new AddrError('ADDR_ERR_IMPORT_READ', [stat === undefined ? `no file '${f}'` : `'${f}' is a directory`]);
      const pipe = pipeKind(f);
      if (pipe !== null) throw new AddrError('ADDR_ERR_USAGE', [`'${f}' is ${pipe}: import it alone, named with --source.`]);
    }
  }
  if (files[0] === '-' && ctx.stdin.isTTY) throw new AddrError('ADDR_ERR_USAGE', ['Pipe the source into stdin, or give a file.']);
  if (files[0] === '-' && flags.source === undefined) throw new AddrError('ADDR_ERR_USAGE', ['Name the source with --source when reading stdin.']);
  // A pipe given by its path (/dev/stdin, a shell's <(zcat ca.csv.gz)) can be read once only, and a
  // file is read twice (hashed, then imported): it is read as stdin is, once, named by --source.
  const pipe = files.length === 1 && files[0] !== '-' ? pipeKind(files[0] as string) : null;
  if (pipe !== null && flags.source === undefined) {
    throw new AddrError('ADDR_ERR_USAGE', [`'${files[0] as string}' is ${pipe}, read as a stream: name the source with --source, e.g. --source ca.`]);
  }
  const inputs: ImportInput[] = files.map((file) => (file === '-' || pipe !== null && isStdin(file) ? { kind: 'stream', stream: ctx.stdin, name: flags.source ?? null }
    : pipe !== null ? { kind: 'stream', stream: createReadStream(file), name: flags.source ?? null } : { kind: 'file', path: file }));
  const locality = openLocalityStore(resolveReferenceDbPath(ctx.env));
  const db = openPointsDatabase(resolveDataDir(flags.dataDir, ctx.env), true);
  if (db === null) throw new AddrError('ADDR_ERR_INTERNAL', ['points database not created']);
  try {
    // Each file its own source and transaction: those before a failure stay imported (import-each.ts).
    const labels = { unit: 'rows', done: (n: number) => `Imported ${n} file${n === 1 ? '' : 's'} of address points` };
    await importEach(files, labels, flags.json === true, ctx, async (i, run) => {
      const summary = await importPoints(db, {
        input: inputs[i] as ImportInput,
        format: (flags.inputFormat as PointFormat | undefined) ?? null,
        source: flags.source ?? null,
        complete: flags.complete === true,
        locality,
        now: new Date(),
        signal: run.signal,
        onProgress: run.onProgress,
      });
      return { summary, describe: (seconds) => describeImport(summary, seconds) };
    });
    return EXIT_OK;
  } finally {
    db.close();
    locality.close();
  }
}

/** Runs `addr data status`. */
export async function runDataStatus(flags: DataFlags, ctx: CommandContext): Promise<number> {
  const dataDir = resolveDataDir(flags.dataDir, ctx.env);
  const store = openPointStore(dataDir);
  try {
    const sources = [...(store?.listSources() ?? []).map((s) => ({ ...s, states: s.states.join(' ') })), ...rangeSourceRows(dataDir)];
    if (sources.length === 0 && (flags.format ?? (ctx.stdout.isTTY ? 'table' : 'ndjson')) === 'table') {
      ctx.stderr.write('No address points or ranges imported yet: `addr data import FILE` loads a source.\n');
      return EXIT_OK;
    }
    await writeRecords(ctx, { format: flags.format as Format | undefined, color: flags.color }, SOURCE_FIELDS, sources);
    return EXIT_OK;
  } finally {
    store?.close();
  }
}

/** Runs `addr data remove SOURCE`. */
export async function runDataRemove(name: string, flags: DataFlags, ctx: CommandContext): Promise<number> {
  const dataDir = resolveDataDir(flags.dataDir, ctx.env);
  const store = openPointStore(dataDir);
  try {
    const source = store?.listSources().find((s) => s.name === name);
    if (store === null || source === undefined || !store.removeSource(name)) {
      const records = removeRangeSource(dataDir, name);
      if (records === null) throw new AddrError('ADDR_ERR_SOURCE_NOT_FOUND', [name]);
      ctx.stdout.write(`Removed source '${name}' (${int(records)} address-range records).\n`);
      return EXIT_OK;
    }
    ctx.stdout.write(`Removed source '${name}' (${int(source.rows_imported)} points).\n`);
    return EXIT_OK;
  } finally {
    store?.close();
  }
}
