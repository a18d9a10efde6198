/**
 * Output rows of `addr batch` as worksheet XML (xlsx-write.ts's rowXml), typed
 * the way the input had them: the cells of a workbook row get their type back
 * (numbers, dates, booleans, text — 02108 stays text), the cells of a text
 * input that read as plain numbers become numbers, the result columns are text
 * but for the numeric ones (confidence, lat, lon). The worker threads write
 * these rows (the journal of a workbook output); the main thread the header.
 */
import { CELL_BOOLEAN, CELL_DATE, CELL_NUMBER, CELL_TEXT } from './xlsx-cell-types.js';
import { booleanCellXml, cellOpen, dateCellXml, numberCellXml, rowXml, textCellXml } from './xlsx-write.js';

/** How a run's output columns are typed: the input's width and the result columns that are numbers. */
export interface SheetLayout {
  inputWidth: number; // columns of the input header
  resultCount: number; // result columns after them
  numericResults: readonly number[]; // 0-based among the result columns
}

const PLAIN_NUMBER = /^-?(?:0|[1-9]\d{0,14})(?:\.\d+)?$/;

/**
 * The cell (its column's cellOpen `open`, row `r`) of non-empty `text` typed the way the input had
 * it (`type`; undefined: a text input's cell, a number when it reads as a plain number, leading
 * zeros excluded).
 */
function typedCellXml(open: string, r: string, text: string, type: string | undefined): string {
  switch (type) {
    case CELL_TEXT:
      return textCellXml(open, r, text);
    case CELL_NUMBER: {
      // The reader writes a number's cell as String(number): written back as it is.
      const n = Number(text);
      return Number.isFinite(n) ? numberCellXml(open, r, PLAIN_NUMBER.test(text) ? text : String(n)) : textCellXml(open, r, text);
    }
    case CELL_DATE: {
      const d = new Date(text);
      return Number.isNaN(d.getTime()) ? textCellXml(open, r, text) : dateCellXml(open, r, d);
    }
    case CELL_BOOLEAN:
      return text === 'TRUE' ? booleanCellXml(open, r, true) : text === 'FALSE' ? booleanCellXml(open, r, false) : textCellXml(open, r, text);
    default:
      return PLAIN_NUMBER.test(text) ? numberCellXml(open, r, text) : textCellXml(open, r, text);
  }
}

/** The header row (row 1): every cell text. */
export function headerRowXml(cells: readonly string[]): string {
  return rowXml(1, cells);
}

/**
 * One output row as worksheet XML: `row` holds the input cells (padded to the header's width),
 * the result cells, then any input cells past the header; `types` the input row's cell types
 * ('' for a text input). Empty cells are left out.
 */
export function outputRowXml(number: number, row: readonly string[], types: string, layout: SheetLayout): string {
  const { inputWidth, resultCount, numericResults } = layout;
  const resultsEnd = inputWidth + resultCount;
  const known = types !== '';
  const r = String(number);
  let xml = `<row r="${r}">`;
  for (let i = 0; i < row.length; i++) {
    const text = row[i] as string;
    if (text === '') continue;
    const open = cellOpen(i);
    if (i < inputWidth) xml += typedCellXml(open, r, text, known ? (types[i] ?? CELL_TEXT) : undefined);
    else if (i >= resultsEnd) xml += typedCellXml(open, r, text, known ? (types[i - resultCount] ?? CELL_TEXT) : undefined);
    else if (numericResults.includes(i - inputWidth)) {
      // The numeric results are String(number) already (or not a number at all).
      xml += Number.isFinite(Number(text)) ? numberCellXml(open, r, text) : textCellXml(open, r, text);
    } else xml += textCellXml(open, r, text);
  }
  return `${xml}</row>`;
}
