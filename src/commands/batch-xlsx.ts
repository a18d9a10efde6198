/**
 * XLSX for `addr batch`: the rows of one worksheet as text cells (xlsx-read.ts),
 * and a workbook written from the CSV journal a run builds (batch.ts) with
 * xlsx-write.ts. A workbook cannot be appended to, so a run writes its rows to
 * OUT.partial.csv — checkpointed and resumed like any CSV output — and turns
 * it into OUT.xlsx at the end.
 *
 * Cells are read as text: numbers as written (2108 stays 2108, so ZIP repair
 * sees what the spreadsheet did to it), dates as YYYY-MM-DD (or the ISO time),
 * formulas as their cached result, rich text as its text. Written back, a cell
 * that reads as a plain number (no leading zero) is a number again; everything
 * else, 02108 included, is text, and so are the result columns other than
 * confidence, lat and lon.
 */
import { createReadStream } from 'node:fs';
import { AddrError } from '../core/errors.js';
import { readTextChunks } from './batch-text-input.js';
import { parseRecord, stripLineBreak } from './csv-record.js';
import { CELL_BOOLEAN, CELL_DATE, CELL_NUMBER, CELL_TEXT, openXlsx, XlsxReadError } from './xlsx-read.js';
import type { XlsxWorkbook } from './xlsx-read.js';
import { rowXml, writeXlsx } from './xlsx-write.js';
import type { WorkbookCell } from './xlsx-write.js';

export { CELL_BOOLEAN, CELL_DATE, CELL_NUMBER, CELL_TEXT };

/** Rows of a worksheet read at a time. */
const READ_BATCH = 500;

/** Some rows of a worksheet: the sheet's name, and each row's number, cells as text (index 0 = column A) and cell types. */
export interface SheetRows {
  sheet: string;
  numbers: number[];
  cells: string[][];
  types: string[]; // one letter a cell: CELL_TEXT, CELL_NUMBER, CELL_DATE or CELL_BOOLEAN
}

function readFailure(path: string, err: unknown): AddrError {
  if (err instanceof AddrError) return err;
  const why = err instanceof XlsxReadError ? err.message : `${err instanceof Error ? err.message : String(err)} (not a readable XLSX workbook?)`;
  return new AddrError('ADDR_ERR_BATCH_INPUT', [`Cannot read the workbook ${path}: ${why}`], { cause: err });
}

/** The rows of a worksheet (the first, or the one named `sheet`), streamed some at a time. Throws ADDR_ERR_BATCH_INPUT for a missing sheet or an unreadable file. */
export async function* readSheetRows(path: string, sheet: string | undefined): AsyncGenerator<SheetRows> {
  let book: XlsxWorkbook;
  try {
    book = await openXlsx(path);
  } catch (err) {
    throw readFailure(path, err);
  }
  try {
    const entry = sheet === undefined ? book.sheets[0] : book.sheets.find((s) => s.name === sheet);
    if (entry === undefined) {
      throw new AddrError('ADDR_ERR_BATCH_INPUT', [sheet === undefined
        ? `The workbook ${path} has no worksheet.`
        : `The workbook ${path} has no worksheet named '${sheet}'; its sheets are ${book.sheets.map((s) => `'${s.name}'`).join(', ') || '(none)'}.`]);
    }
    const rows = book.rows(entry, READ_BATCH);
    for (;;) {
      let next: IteratorResult<{ number: number; cells: string[]; types: string }[]>;
      try {
        next = await rows.next();
      } catch (err) {
        throw readFailure(path, err);
      }
      if (next.done) break;
      const batch = next.value;
      yield { sheet: entry.name, numbers: batch.map((r) => r.number), cells: batch.map((r) => r.cells), types: batch.map((r) => r.types) };
    }
  } finally {
    book.close();
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
  const { inputWidth, resultCount, numericResults } = layout;
  async function* rows(): AsyncGenerator<string> {
    let number = 0;
    for await (const chunk of readTextChunks(createReadStream(journal, { highWaterMark: 1 << 20 }), ',', 0, 1)) {
      const buf = Buffer.from(chunk.bytes.buffer, chunk.bytes.byteOffset, chunk.bytes.byteLength);
      let start = 0;
      let xml = '';
      for (let k = 0; k < chunk.ends.length; k++) {
        const end = chunk.ends[k] as number;
        const raw = stripLineBreak(buf.toString('utf8', start, end));
        start = end;
        const fields = parseRecord(raw, ',', chunk.quoted[k] === 1) ?? [raw];
        const types = fields.pop() ?? '';
        const header = number === 0;
        const values: WorkbookCell[] = new Array<WorkbookCell>(fields.length);
        for (let i = 0; i < fields.length; i++) {
          const text = fields[i] as string;
          if (header) values[i] = text;
          else if (i < inputWidth) values[i] = typedCell(text, types === '' ? undefined : (types[i] ?? CELL_TEXT));
          else if (i < inputWidth + resultCount) values[i] = numericResults.has(i - inputWidth) && text !== '' ? Number(text) : text;
          else values[i] = typedCell(text, types === '' ? undefined : (types[i - resultCount] ?? CELL_TEXT));
        }
        number++;
        xml += rowXml(number, values);
      }
      yield xml;
    }
  }
  await writeXlsx(out, sheetName, rows());
}
