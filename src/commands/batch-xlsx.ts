/**
 * XLSX for `addr batch`, streamed with exceljs (WorkbookReader/WorkbookWriter):
 * the rows of one worksheet as text cells, and a workbook written from the
 * CSV journal a run builds (batch.ts). A workbook cannot be appended to, so a
 * run writes its rows to OUT.partial.csv — checkpointed and resumed like any
 * CSV output — and turns it into OUT.xlsx at the end.
 *
 * Cells are read as text: numbers as written (2108 stays 2108, so ZIP repair
 * sees what the spreadsheet did to it), dates as YYYY-MM-DD (or the ISO time),
 * formulas as their cached result, rich text and hyperlinks as their text.
 * Written back, a cell that reads as a plain number (no leading zero) is a
 * number again; everything else, 02108 included, is text, and so are the
 * result columns other than confidence, lat and lon.
 */
import { createReadStream } from 'node:fs';
import ExcelJS from 'exceljs';
import { AddrError } from '../core/errors.js';
import { readTextChunks } from './batch-text-input.js';
import { parseRecord, stripLineBreak } from './csv-record.js';

/** One worksheet row: its row number in the sheet and its cells as text (index 0 = column A). */
export interface SheetRow {
  sheet: string; // the worksheet's name
  number: number;
  cells: string[];
  types: string; // one letter a cell: CELL_TEXT, CELL_NUMBER, CELL_DATE or CELL_BOOLEAN
}

/** The cell types a row carries through the journal, so that a workbook gets its cells back as they were. */
export const CELL_TEXT = 't';
export const CELL_NUMBER = 'n';
export const CELL_DATE = 'd';
export const CELL_BOOLEAN = 'b';

/** The type letter of a cell value (a formula's is its result's). */
export function cellType(value: unknown): string {
  if (typeof value === 'number') return CELL_NUMBER;
  if (value instanceof Date) return CELL_DATE;
  if (typeof value === 'boolean') return CELL_BOOLEAN;
  if (value !== null && typeof value === 'object' && 'result' in value) return cellType((value as { result: unknown }).result);
  return CELL_TEXT;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** A cell value as text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    const day = `${value.getUTCFullYear()}-${pad2(value.getUTCMonth() + 1)}-${pad2(value.getUTCDate())}`;
    const midnight = value.getUTCHours() === 0 && value.getUTCMinutes() === 0 && value.getUTCSeconds() === 0 && value.getUTCMilliseconds() === 0;
    return midnight ? day : value.toISOString();
  }
  if (typeof value === 'object') {
    const v = value as { richText?: { text?: string }[]; text?: unknown; result?: unknown; error?: string; formula?: string; sharedFormula?: string };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text ?? '').join('');
    if ('result' in v || v.formula !== undefined || v.sharedFormula !== undefined) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (v.error !== undefined) return v.error;
  }
  return String(value);
}

/** The worksheet names of a workbook, in order (reads the whole file). */
async function listSheets(path: string): Promise<string[]> {
  const names: string[] = [];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { worksheets: 'emit', sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore', entries: 'ignore' });
  for await (const sheet of reader) {
    names.push((sheet as unknown as { name: string }).name);
    for await (const _row of sheet) break;
  }
  return names;
}

/** The rows of a worksheet (the first, or the one named `sheet`), streamed. Throws ADDR_ERR_BATCH_INPUT for a missing sheet or an unreadable file. */
export async function* readSheetRows(path: string, sheet: string | undefined): AsyncGenerator<SheetRow> {
  let found = false;
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
    for await (const ws of reader) {
      const name = (ws as unknown as { name: string }).name;
      if (found || (sheet !== undefined && name !== sheet)) {
        for await (const _row of ws) {
          // drained: the reader moves on only once a sheet is consumed
        }
        continue;
      }
      found = true;
      for await (const row of ws) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        let types = '';
        for (let i = 1; i < values.length; i++) {
          cells.push(cellText(values[i]));
          types += cellType(values[i]);
        }
        yield { sheet: name, number: row.number, cells, types };
      }
    }
  } catch (err) {
    throw new AddrError('ADDR_ERR_BATCH_INPUT', [`Cannot read the workbook ${path}: ${err instanceof Error ? err.message : String(err)}`], { cause: err });
  }
  if (!found) {
    const names = await listSheets(path).catch(() => []);
    throw new AddrError('ADDR_ERR_BATCH_INPUT', [sheet === undefined
      ? `The workbook ${path} has no worksheet.`
      : `The workbook ${path} has no worksheet named '${sheet}'; its sheets are ${names.map((n) => `'${n}'`).join(', ') || '(none)'}.`]);
  }
}

const PLAIN_NUMBER = /^-?(?:0|[1-9]\d{0,14})(?:\.\d+)?$/;

/** A cell to write: a plain number as a number, anything else (leading zeros included) as text. */
export function cellValue(text: string): string | number {
  return PLAIN_NUMBER.test(text) ? Number(text) : text;
}

/** A journal cell back as a workbook cell of the type the input had. */
function typedCell(text: string, type: string | undefined): string | number | boolean | Date {
  if (text === '') return text;
  if (type === CELL_NUMBER) {
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  if (type === CELL_DATE) {
    const d = new Date(text);
    return Number.isNaN(d.getTime()) ? text : d;
  }
  if (type === CELL_BOOLEAN) return text === 'TRUE' ? true : text === 'FALSE' ? false : text;
  if (type === CELL_TEXT) return text;
  return cellValue(text); // a text input: no types known
}

/** How the journal's columns are written: the input's width and the result columns that are numbers. */
export interface JournalLayout {
  inputWidth: number; // columns of the input header
  resultCount: number; // result columns after them
  numericResults: ReadonlySet<number>; // 0-based among the result columns (confidence, lat, lon)
}

/**
 * Writes the CSV journal `journal` as the worksheet `sheetName` of a new workbook at `out`. Each
 * journal record ends with the cell types of its input row (empty for a text input): input cells
 * get their type back (numbers, dates, booleans, text — 02108 stays text), result cells are text
 * but for the numeric ones, and cells of a text input that read as plain numbers become numbers.
 */
export async function writeWorkbookFromJournal(journal: string, out: string, sheetName: string, layout: JournalLayout): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName);
  const { inputWidth, resultCount, numericResults } = layout;
  let header = true;
  for await (const chunk of readTextChunks(createReadStream(journal, { highWaterMark: 1 << 20 }), ',', 0, 1)) {
    const buf = Buffer.from(chunk.bytes.buffer, chunk.bytes.byteOffset, chunk.bytes.byteLength);
    let start = 0;
    for (let k = 0; k < chunk.ends.length; k++) {
      const end = chunk.ends[k] as number;
      const raw = stripLineBreak(buf.toString('utf8', start, end));
      start = end;
      const fields = parseRecord(raw, ',', chunk.quoted[k] === 1) ?? [raw];
      const types = fields.pop() ?? '';
      const values: (string | number | boolean | Date)[] = new Array<string | number | boolean | Date>(fields.length);
      for (let i = 0; i < fields.length; i++) {
        const text = fields[i] as string;
        if (header) values[i] = text;
        else if (i < inputWidth) values[i] = typedCell(text, types === '' ? undefined : (types[i] ?? CELL_TEXT));
        else if (i < inputWidth + resultCount) values[i] = numericResults.has(i - inputWidth) && text !== '' ? Number(text) : text;
        else values[i] = typedCell(text, types === '' ? undefined : (types[i - resultCount] ?? CELL_TEXT));
      }
      header = false;
      sheet.addRow(values).commit();
    }
  }
  await sheet.commit();
  await workbook.commit();
}
