/**
 * XLSX for `addr batch`: the rows of one worksheet as text cells (src/formats/xlsx/xlsx-read.ts),
 * and a workbook written from the journal a run builds (batch.ts) with
 * src/formats/xlsx/xlsx-write.ts. A workbook cannot be appended to, so a run's worker threads
 * write its rows as worksheet XML (src/formats/xlsx/xlsx-rows.ts) to OUT.partial.xml —
 * checkpointed and resumed like any text output — and the main thread zips it
 * into OUT.xlsx at the end, without parsing it again.
 *
 * Cells are read as text: numbers as written (2108 stays 2108, so ZIP repair
 * sees what the spreadsheet did to it), dates as YYYY-MM-DD (or the ISO time),
 * formulas as their cached result, rich text as its text. Written back, a cell
 * that reads as a plain number (no leading zero) is a number again; everything
 * else, 02108 included, is text, and so are the result columns other than
 * confidence, lat and lon.
 */
import { createReadStream } from 'node:fs';
import { AddrError } from '../core/model/errors.js';
import { RESULT_COLUMNS } from '../core/spreadsheet/batch-row.js';
import { CELL_BOOLEAN, CELL_DATE, CELL_NUMBER, CELL_TEXT } from '../formats/xlsx/xlsx-cell-types.js';
import { openXlsx, XlsxReadError } from '../formats/xlsx/xlsx-read.js';
import type { XlsxWorkbook } from '../formats/xlsx/xlsx-read.js';
import type { SheetLayout } from '../formats/xlsx/xlsx-rows.js';
import { writeXlsx } from '../formats/xlsx/xlsx-write.js';

export { CELL_BOOLEAN, CELL_DATE, CELL_NUMBER, CELL_TEXT };

/** Rows of a worksheet read at a time. */
const READ_BATCH = 500;

/** Some rows of a worksheet: the sheet's name, and each row's number, cells as text (index 0 = column A) and cell types. */
export interface SheetRows {
  sheet: string;
  otherSheets: string[]; // the workbook's other worksheets, which the output does not carry
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
      yield { sheet: entry.name, otherSheets: book.sheets.filter((s) => s !== entry).map((s) => s.name), numbers: batch.map((r) => r.number), cells: batch.map((r) => r.cells), types: batch.map((r) => r.types) };
    }
  } finally {
    book.close();
  }
}

/** The layout of a workbook output: `inputWidth` input columns, then the result columns, of which confidence, lat and lon are numbers. */
export function sheetLayout(inputWidth: number): SheetLayout {
  const numeric = new Set(['confidence', 'lat', 'lon', 'utc_offset']);
  return { inputWidth, resultCount: RESULT_COLUMNS.length, numericResults: RESULT_COLUMNS.flatMap((c, i) => (numeric.has(c) ? [i] : [])) };
}

/**
 * Writes the journal `journal` — the worksheet rows of a run as XML, the header row first
 * (xlsx-rows.ts) — as the worksheet `sheetName` of a new workbook at `out`.
 */
export async function writeWorkbookFromJournal(journal: string, out: string, sheetName: string): Promise<void> {
  await writeXlsx(out, sheetName, createReadStream(journal, { highWaterMark: 1 << 20 }));
}
