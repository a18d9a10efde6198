/**
 * Output rows of `addr batch` as worksheet XML (xlsx-write.ts's rowXml), typed
 * the way the input had them: the cells of a workbook row get their type back
 * (numbers, dates, booleans, text — 02108 stays text), the cells of a text
 * input that read as plain numbers become numbers, the result columns are text
 * but for the numeric ones (confidence, lat, lon). The worker threads write
 * these rows (the journal of a workbook output); the main thread the header.
 */
import { CELL_BOOLEAN, CELL_DATE, CELL_NUMBER, CELL_TEXT } from './xlsx-cell-types.js';
import { rowXml } from './xlsx-write.js';
import type { WorkbookCell } from './xlsx-write.js';

/** How a run's output columns are typed: the input's width and the result columns that are numbers. */
export interface SheetLayout {
  inputWidth: number; // columns of the input header
  resultCount: number; // result columns after them
  numericResults: readonly number[]; // 0-based among the result columns
}

const PLAIN_NUMBER = /^-?(?:0|[1-9]\d{0,14})(?:\.\d+)?$/;

/** A cell to write: a plain number as a number, anything else (leading zeros included) as text. */
export function cellValue(text: string): string | number {
  return PLAIN_NUMBER.test(text) ? Number(text) : text;
}

/** A cell as read back as a workbook cell of the type the input had (no type: a text input's cell). */
export function typedCell(text: string, type: string | undefined): WorkbookCell {
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
  return cellValue(text);
}

/** The header row (row 1): every cell text. */
export function headerRowXml(cells: readonly string[]): string {
  return rowXml(1, cells);
}

/**
 * One output row as worksheet XML: `row` holds the input cells (padded to the header's width),
 * the result cells, then any input cells past the header; `types` the input row's cell types
 * ('' for a text input).
 */
export function outputRowXml(number: number, row: readonly string[], types: string, layout: SheetLayout): string {
  const { inputWidth, resultCount, numericResults } = layout;
  const known = types !== '';
  const values: WorkbookCell[] = new Array<WorkbookCell>(row.length);
  for (let i = 0; i < row.length; i++) {
    const text = row[i] as string;
    if (i < inputWidth) values[i] = typedCell(text, known ? (types[i] ?? CELL_TEXT) : undefined);
    else if (i < inputWidth + resultCount) {
      if (text !== '' && numericResults.includes(i - inputWidth)) {
        const n = Number(text);
        values[i] = Number.isFinite(n) ? n : text;
      } else values[i] = text;
    } else values[i] = typedCell(text, known ? (types[i - resultCount] ?? CELL_TEXT) : undefined);
  }
  return rowXml(number, values);
}
