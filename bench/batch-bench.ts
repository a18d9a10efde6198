/**
 * The batch section of `npm run bench` (docs/cli.md, `addr batch`): a generated spreadsheet of
 * realistic rows (id, name, street, unit, city, state, zip over real
 * localities) in a temporary directory, then
 *   - a plain csv-parse -> csv-stringify copy of it (the baseline),
 *   - the built `addr batch` on it, run as a child process, with its peak RSS
 *     (/usr/bin/time's maximum resident set size, else VmHWM polled from /proc),
 *   - the same at twice the rows (memory must not grow with the file).
 *   - an XLSX workbook of the same rows (100,000; 10,000 with --quick) through
 *     `addr batch in.xlsx -o out.xlsx`, beside a plain exceljs streaming copy
 *     (WorkbookReader -> WorkbookWriter) of it, the ceiling of the library.
 * Targets: >= 0.75x the copy's rows/s, <= 300 MB, <= +10% RSS at twice the rows,
 * XLSX read + write >= 30,000 rows/s.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { generateAddresses } from './generate-addresses.js';
import { timeAddr } from './time-child.js';
import type { Locality } from './generate-addresses.js';
import type { Figure } from './figure.js';


const BLOCK = 50_000; // rows generated at a time, so generation memory stays flat

/** Writes a CSV of `rows` generated rows. */
async function writeCsv(path: string, rows: number, localities: Locality[] | undefined): Promise<void> {
  const out = createWriteStream(path);
  out.write('id,name,street,unit,city,state,zip\n');
  for (let start = 0; start < rows; start += BLOCK) {
    const block = generateAddresses(Math.min(BLOCK, rows - start), 1000 + start, localities);
    let text = '';
    for (let i = 0; i < block.length; i++) {
      const a = block[i] as (typeof block)[number];
      const id = start + i + 1;
      // A name with a comma now and then, quoted, as exports have them.
      const name = id % 7 === 0 ? `"Customer ${id}, Jr."` : `Customer ${id}`;
      text += `${id},${name},${a.line1},${a.line2},${a.city},${a.state},${a.zip}\n`;
    }
    if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end();
  await finished(out);
}

/** Writes a workbook of `rows` generated rows (ZIPs as numbers, as spreadsheets keep them). */
async function writeXlsx(path: string, rows: number, localities: Locality[] | undefined): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet('Customers');
  sheet.addRow(['id', 'name', 'street', 'unit', 'city', 'state', 'zip']).commit();
  for (let start = 0; start < rows; start += BLOCK) {
    const block = generateAddresses(Math.min(BLOCK, rows - start), 1000 + start, localities);
    for (let i = 0; i < block.length; i++) {
      const a = block[i] as (typeof block)[number];
      const zip = /^\d+$/.test(a.zip) ? Number(a.zip) : a.zip;
      sheet.addRow([start + i + 1, `Customer ${start + i + 1}`, a.line1, a.line2, a.city, a.state, zip]).commit();
    }
  }
  await sheet.commit();
  await book.commit();
}

/** Seconds of a plain exceljs streaming copy of a workbook (read every row, write it out). */
async function timeXlsxCopy(path: string, dir: string): Promise<number> {
  const started = performance.now();
  const out = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: join(dir, 'copy.xlsx'), useSharedStrings: false, useStyles: false });
  const sheet = out.addWorksheet('Customers');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { worksheets: 'emit', sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore', entries: 'ignore' });
  for await (const ws of reader) {
    for await (const row of ws) sheet.addRow((row.values as unknown[]).slice(1)).commit();
  }
  await sheet.commit();
  await out.commit();
  return (performance.now() - started) / 1000;
}

/** Seconds of a csv-parse -> csv-stringify copy of the file. */
async function timeCopy(path: string, dir: string): Promise<number> {
  const started = performance.now();
  await pipeline(createReadStream(path), parse(), stringify(), createWriteStream(join(dir, 'copy.csv')));
  return (performance.now() - started) / 1000;
}

/** Seconds and peak RSS (bytes) of `addr batch` on the file, as a child process. */
async function timeBatch(path: string, dir: string, log: (line: string) => void, output = 'out.csv'): Promise<{ seconds: number; rss: number; cpu: number | null; ok: boolean }> {
  const run = await timeAddr(['batch', path, '-o', join(dir, output), '--data-dir', join(dir, 'data')], dir);
  const summary = run.stderr.split('\n').find((l) => l.includes('rows done')) ?? run.stderr.trim();
  log(`batch: ${summary}`);
  return { seconds: run.seconds, rss: run.rss, cpu: run.cpu, ok: run.code === 0 };
}

const cpuSeconds = (u: NodeJS.CpuUsage): number => (u.user + u.system) / 1e6;

/** Runs the section (csvOnly: the CPU figures of the 1M-row CSV alone); `log` prints progress lines. */
export async function benchBatch(localities: Locality[] | undefined, quick: boolean, log: (line: string) => void, csvOnly = false): Promise<Figure[]> {
  const rows = quick ? 50_000 : 1_000_000;
  const dir = mkdtempSync(join(tmpdir(), 'addr-bench-batch-'));
  try {
    const csv = join(dir, 'customers.csv');
    await writeCsv(csv, rows, localities);
    const copyCpu = process.cpuUsage();
    const copySeconds = await timeCopy(csv, dir);
    const copyCpuSeconds = cpuSeconds(process.cpuUsage(copyCpu));
    const copyRate = rows / copySeconds;
    log(`batch: csv-parse -> csv-stringify copy of ${rows.toLocaleString('en-US')} rows in ${copySeconds.toFixed(1)} s (${copyCpuSeconds.toFixed(1)} s of CPU)`);
    const one = await timeBatch(csv, dir, log);
    rmSync(join(dir, 'out.csv'), { force: true });
    const rate = rows / one.seconds;
    // CPU time counts this run's work only, whatever else shares the cores: the copy runs on one.
    if (one.cpu !== null) log(`batch: addr batch used ${one.cpu.toFixed(1)} s of CPU (${Math.round(rows / one.cpu).toLocaleString('en-US')} rows per CPU-second; the copy ${Math.round(rows / copyCpuSeconds).toLocaleString('en-US')})`);
    const mbOne = one.rss / 1e6;
    const first: Figure[] = [
      { metric: `batch ${(rows / 1e6).toLocaleString('en-US')}M-row CSV (rows/s, child process) vs csv-parse -> csv-stringify copy`, value: rate, unit: 'rows/s', peer: copyRate, target: '≥ 0.75×', pass: one.ok && rate / copyRate >= 0.75 },
      { metric: `batch ${(rows / 1e6).toLocaleString('en-US')}M rows: peak RSS (MB)`, value: mbOne, unit: 'MB', peer: null, target: '≤ 300 MB', pass: one.ok && mbOne <= 300 },
    ];
    if (csvOnly) return first;
    const big = join(dir, 'customers2.csv');
    await writeCsv(big, rows * 2, localities);
    rmSync(csv);
    const two = await timeBatch(big, dir, log);
    rmSync(big);
    rmSync(join(dir, 'out.csv'), { force: true });
    const mb = (bytes: number): number => bytes / 1e6;
    const label = (n: number): string => `${(n / 1e6).toLocaleString('en-US')}M`;
    return [
      ...first,
      { metric: `batch ${label(rows * 2)} rows: peak RSS (MB) vs ${label(rows)} rows`, value: mb(two.rss), unit: 'MB', peer: mb(one.rss), target: '≤ 1.10×', pass: two.ok && two.rss <= one.rss * 1.1 },
      { metric: `batch ${label(rows * 2)} rows (rows/s)`, value: (rows * 2) / two.seconds, unit: 'rows/s', peer: null, target: '—', pass: null },
      ...(await benchBatchXlsx(localities, quick, log, dir)),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The XLSX part of the section alone (`--only batch-xlsx`): a workbook through `addr batch` beside an exceljs copy. */
export async function benchBatchXlsx(localities: Locality[] | undefined, quick: boolean, log: (line: string) => void, inDir?: string): Promise<Figure[]> {
  const dir = inDir ?? mkdtempSync(join(tmpdir(), 'addr-bench-xlsx-'));
  try {
    const sheetRows = quick ? 10_000 : 100_000;
    const book = join(dir, 'customers.xlsx');
    await writeXlsx(book, sheetRows, localities);
    const xlsxCopyRate = sheetRows / (await timeXlsxCopy(book, dir));
    log(`batch: exceljs streaming copy of a ${sheetRows.toLocaleString('en-US')}-row workbook at ${Math.round(xlsxCopyRate).toLocaleString('en-US')} rows/s`);
    const sheet = await timeBatch(book, dir, log, 'out.xlsx');
    const sheetRate = sheetRows / sheet.seconds;
    if (sheet.cpu !== null) log(`batch: the workbook run took ${sheet.seconds.toFixed(1)} s of wall time, ${sheet.cpu.toFixed(1)} s of CPU (both cores)`);
    return [
      { metric: `batch ${(sheetRows / 1000).toLocaleString('en-US')}k-row XLSX -> XLSX (rows/s) vs a plain exceljs streaming copy`, value: sheetRate, unit: 'rows/s', peer: xlsxCopyRate, target: '≥ 30,000', pass: sheet.ok && sheetRate >= 30_000 },
    ];
  } finally {
    if (inDir === undefined) rmSync(dir, { recursive: true, force: true });
  }
}
