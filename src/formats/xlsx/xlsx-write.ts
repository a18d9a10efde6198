/**
 * A lean, streaming writer of a one-sheet XLSX workbook for `addr batch`: the
 * zip layer is zip-writer.ts (native CRC-32, the worksheet deflated in pieces
 * in parallel), the XML written directly — a minimal valid workbook (content types, relationships,
 * workbook, a stylesheet with the two date formats, one worksheet) that Excel,
 * LibreOffice and exceljs open. Cells are typed: text as string cells,
 * numbers, booleans, and dates as serial numbers with a date format (a date at
 * midnight shows as a date, one with a time as date and time).
 */
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import formats from './xlsx-formats.json' with { type: 'json' };
import { ZipWriter } from '../zip/zip-writer.js';

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
// The worksheet is most of the workbook: deflated fast (level 1), the small parts at the default level.
const SHEET_LEVEL = 1;
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// Characters XML 1.0 cannot hold are dropped (as exceljs does); a carriage return is kept as a
// character reference, which XML's line-end normalization leaves alone.
// eslint-disable-next-line no-control-regex -- these are the characters to drop
const NEEDS_ESCAPE = /[&<>"\r\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;
// eslint-disable-next-line no-control-regex -- the same characters
const ESCAPES = /[&<>"\r\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;

/** Text as XML character data (or an attribute value). */
export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(ESCAPES, (c) => {
    switch (c) {
      case '&': return '&amp;';
      case '<': return '&lt;';
      case '>': return '&gt;';
      case '"': return '&quot;';
      case '\r': return '&#13;';
      default: return '';
    }
  });
}

/** Style indexes (cellXfs) of the stylesheet below: 0 general, 1 a date, 2 a date and time. */
const STYLE_DATE = 1;
const STYLE_DATE_TIME = 2;

const CONTENT_TYPES = `${XML_DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`
  + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
  + '<Default Extension="xml" ContentType="application/xml"/>'
  + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
  + '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
  + '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
  + '</Types>';

const ROOT_RELS = `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}">`
  + `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>`
  + '</Relationships>';

const WORKBOOK_RELS = `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}">`
  + `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>`
  + `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>`
  + '</Relationships>';

const STYLES = `${XML_DECL}<styleSheet xmlns="${MAIN_NS}">`
  + `<numFmts count="1"><numFmt numFmtId="164" formatCode="${escapeXml(formats.writeDateTimeCode)}"/></numFmts>`
  + '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>'
  + '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
  + '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
  + '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
  + '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
  + `<xf numFmtId="${formats.writeDateId}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`
  + '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>'
  + '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
  + '</styleSheet>';

function workbookXml(sheetName: string): string {
  return `${XML_DECL}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">`
    + `<sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

const SHEET_HEAD = `${XML_DECL}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';

const columnNames: string[] = [];

/** The letters of a column (0 = A). */
export function columnName(index: number): string {
  let name = columnNames[index];
  if (name === undefined) {
    name = '';
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    columnNames[index] = name;
  }
  return name;
}

/** A cell of a written row. */
export type WorkbookCell = string | number | boolean | Date | null;

/** A date's serial number (1900 date system). */
function dateSerial(d: Date): number {
  return 25569 + d.getTime() / 86_400_000;
}

const cellOpens: string[] = [];

/** The start of a cell of column `index` (0 = A) up to its row number: `<c r="AB`. */
export function cellOpen(index: number): string {
  let open = cellOpens[index];
  if (open === undefined) open = cellOpens[index] = `<c r="${columnName(index)}`;
  return open;
}

// A cell's text is written as a string cell (t="str", as exceljs writes them): its value in <v>,
// shorter than an inline string (<is><t>), and the worksheet is most of a run's output. Text with
// leading or trailing whitespace is an inline string with xml:space="preserve", which every reader
// keeps. Text that reads as an escape of Excel's (_x0041_) gets its underscore escaped (_x005F_), so
// that it reads back as written.
const EXCEL_ESCAPE = /_(x[0-9A-Fa-f]{4}_)/g;

// Each cell is built as open + row + the rest: a row's XML is most of what a batch worker spends
// on a row besides validating it, and every concatenation counts (cells are written ~2.4 million
// times for a 100,000-row workbook).

/** A text cell (non-empty `text`) of the column whose cellOpen is `open`, in row `r`. */
export function textCellXml(open: string, r: string, text: string): string {
  let value = escapeXml(text);
  if (value.includes('_x')) value = value.replace(EXCEL_ESCAPE, '_x005F_$1');
  if (text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32) return open + r + '" t="inlineStr"><is><t xml:space="preserve">' + value + '</t></is></c>';
  return open + r + '" t="str"><v>' + value + '</v></c>';
}

/** A number cell; `value` is the text of a finite number (as String writes one). */
export function numberCellXml(open: string, r: string, value: string): string {
  return open + r + '"><v>' + value + '</v></c>';
}

/** A boolean cell. */
export function booleanCellXml(open: string, r: string, b: boolean): string {
  return open + r + (b ? '" t="b"><v>1</v></c>' : '" t="b"><v>0</v></c>');
}

/** A date cell: a serial number with a date format (a date and time format when it has a time). */
export function dateCellXml(open: string, r: string, d: Date): string {
  const serial = dateSerial(d);
  return open + r + (Number.isInteger(serial) ? `" s="${STYLE_DATE}"><v>` : `" s="${STYLE_DATE_TIME}"><v>`) + String(serial) + '</v></c>';
}

/** One row as sheet XML; empty cells ('' or null) are left out. */
export function rowXml(number: number, cells: readonly WorkbookCell[]): string {
  const r = String(number);
  let xml = `<row r="${r}">`;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (v === null || v === undefined || v === '') continue;
    const open = cellOpen(i);
    if (typeof v === 'string') xml += textCellXml(open, r, v);
    else if (typeof v === 'number') xml += Number.isFinite(v) ? numberCellXml(open, r, String(v)) : textCellXml(open, r, String(v));
    else if (typeof v === 'boolean') xml += booleanCellXml(open, r, v);
    else xml += dateCellXml(open, r, v);
  }
  return `${xml}</row>`;
}

/**
 * Writes a one-sheet workbook at `path`: the sheet named `sheetName`, its rows the XML fragments
 * (rowXml) that `rows` yields, in pieces of any size. Resolves once the file is complete.
 */
export async function writeXlsx(path: string, sheetName: string, rows: AsyncIterable<string | Buffer>): Promise<void> {
  const out = createWriteStream(path);
  const zip = new ZipWriter(out, new Date());
  try {
    await zip.addBuffer('[Content_Types].xml', Buffer.from(CONTENT_TYPES));
    await zip.addBuffer('_rels/.rels', Buffer.from(ROOT_RELS));
    await zip.addBuffer('xl/workbook.xml', Buffer.from(workbookXml(sheetName)));
    await zip.addBuffer('xl/_rels/workbook.xml.rels', Buffer.from(WORKBOOK_RELS));
    await zip.addBuffer('xl/styles.xml', Buffer.from(STYLES));
    await zip.addStream('xl/worksheets/sheet1.xml', (async function* () {
      yield Buffer.from(SHEET_HEAD);
      for await (const piece of rows) yield typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      yield Buffer.from(SHEET_TAIL);
    })(), SHEET_LEVEL);
    await zip.finish();
    await finished(out);
  } catch (err) {
    out.destroy();
    throw err;
  }
}
