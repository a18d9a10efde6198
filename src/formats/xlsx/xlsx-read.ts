/**
 * A lean, streaming reader of XLSX worksheets for `addr batch`: the zip layer
 * is yauzl (random access through the central directory, inflated by node's
 * zlib), the XML a purpose-written scanner of the few elements a worksheet's
 * cells are made of (<row>, <c>, <v>, <f>, <is>/<t>). Only what a row's cells
 * need is read: the workbook's sheet list and date system (xl/workbook.xml and
 * its rels), the shared strings and the cell number formats (styles.xml), then
 * the one worksheet, streamed — whatever order the parts have in the zip.
 *
 * Cells come back as text with a type letter (src/batch/batch-xlsx.ts): shared, inline
 * and formula strings as their text (rich text runs joined, phonetic runs left
 * out, _xHHHH_ escapes decoded), numbers as JavaScript prints them (2108 stays
 * 2108), a number whose format is a date as the date it shows (YYYY-MM-DD, or
 * the ISO time when it has one), booleans as TRUE/FALSE, errors as their text
 * (#N/A), formulas as their cached result. A row's cells are placed by their
 * references (gaps are empty cells); rows are the rows the sheet has, empty
 * ones included, with their row numbers.
 *
 * The modules: xlsx-zip-parts.ts (the zip), xlsx-workbook.ts (sheet list, shared
 * strings, date styles), xlsx-sheet-rows.ts (a worksheet's rows), xlsx-xml.ts
 * (the XML readers they share).
 */
import { readDateStyles, readSharedStrings, readWorkbookInfo } from './xlsx-workbook.js';
import type { SheetEntry } from './xlsx-workbook.js';
import { readSheetRows } from './xlsx-sheet-rows.js';
import type { XlsxRow } from './xlsx-row.js';
import { ZipParts } from './xlsx-zip-parts.js';

export { XlsxReadError } from './xlsx-row.js';
export type { XlsxRow } from './xlsx-row.js';
export type { SheetEntry } from './xlsx-workbook.js';

/** An opened workbook: its worksheets, and the rows of one. */
export interface XlsxWorkbook {
  sheets: readonly SheetEntry[];
  /** The rows of a worksheet, `batch` at a time (the last batch may be shorter, or larger). */
  rows(sheet: SheetEntry, batch: number): AsyncGenerator<XlsxRow[]>;
  close(): void;
}

/** Opens a workbook: its sheet list, shared strings and date formats read, no worksheet yet. */
export async function openXlsx(path: string): Promise<XlsxWorkbook> {
  const zip = await ZipParts.open(path);
  try {
    const info = await readWorkbookInfo(zip);
    const strings = await readSharedStrings(zip, info.sharedStrings);
    const dateStyles = await readDateStyles(zip, info.styles);
    return {
      sheets: info.sheets,
      rows: (sheet, batch) => readSheetRows(zip, sheet.part, strings, dateStyles, info.date1904, batch),
      close: () => zip.close(),
    };
  } catch (err) {
    zip.close();
    throw err;
  }
}
