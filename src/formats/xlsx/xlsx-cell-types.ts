/**
 * The type letters of worksheet cells, as the reader (xlsx-read.ts) gives them
 * and the row writer (xlsx-rows.ts) takes them back. A module of their own so
 * that the batch workers, which write rows, do not load the reader and its zip
 * library.
 */
export const CELL_TEXT = 't';
export const CELL_NUMBER = 'n';
export const CELL_DATE = 'd';
export const CELL_BOOLEAN = 'b';
