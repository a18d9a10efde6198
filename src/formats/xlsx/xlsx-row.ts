/** What the XLSX reader gives: rows, and the error a workbook it cannot read raises. */

/** One worksheet row: its row number, its cells as text (index 0 = column A), one type letter a cell. */
export interface XlsxRow {
  number: number;
  cells: string[];
  types: string;
}


/** A failure to read a workbook: the message says what is wrong with the file. */
export class XlsxReadError extends Error {}
