/**
 * The workbook-wide parts a worksheet's cells need: the sheet list and date system
 * (xl/workbook.xml and its relationships), the shared strings, and which cell styles are dates.
 */
import formats from './xlsx-formats.json' with { type: 'json' };
import { TagScanner, attributes, decodeCellString, decodeXml } from './xlsx-xml.js';
import { XlsxReadError } from './xlsx-row.js';
import type { ZipParts } from './xlsx-zip-parts.js';

const BUILTIN_DATE_IDS: ReadonlySet<number> = new Set(formats.builtinDateIds);
const DATE_LETTERS = new RegExp(`[${formats.dateLetters}]`);

/** True when a number format code shows a date or a time (quoted text and [brackets] left out). */
export function isDateFormat(code: string): boolean {
  return DATE_LETTERS.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** A date as text: YYYY-MM-DD at midnight (UTC), else its ISO time. */
export function dateText(value: Date): string {
  const midnight = value.getUTCHours() === 0 && value.getUTCMinutes() === 0 && value.getUTCSeconds() === 0 && value.getUTCMilliseconds() === 0;
  return midnight ? `${value.getUTCFullYear()}-${pad2(value.getUTCMonth() + 1)}-${pad2(value.getUTCDate())}` : value.toISOString();
}

/** The date a serial number of the workbook's date system stands for. */
export function serialToDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
}

// ---- XML text


interface Relationship { target: string; type: string }

/** The relationships of a part (its _rels/NAME.rels), targets resolved to zip paths. */
async function relationships(zip: ZipParts, part: string): Promise<Map<string, Relationship>> {
  const slash = part.lastIndexOf('/');
  const dir = slash < 0 ? '' : part.slice(0, slash + 1);
  const relsPath = `${dir}_rels/${part.slice(slash + 1)}.rels`;
  const out = new Map<string, Relationship>();
  const text = await zip.text(relsPath);
  if (text === null) return out;
  new TagScanner((name, tag, end, closing) => {
    if (closing || name !== 'Relationship') return;
    const a = attributes(tag, end);
    const id = a.get('Id');
    const target = a.get('Target');
    if (id === undefined || target === undefined || a.get('TargetMode') === 'External') return;
    out.set(id, { target: resolvePart(dir, target), type: a.get('Type') ?? '' });
  }, () => {}).feed(text);
  return out;
}

/** A relationship's target as a zip path: absolute (/xl/...) or relative to the part's folder. */
function resolvePart(dir: string, target: string): string {
  const segments = (target.startsWith('/') ? target.slice(1) : dir + target).split('/');
  const out: string[] = [];
  for (const s of segments) {
    if (s === '..') out.pop();
    else if (s !== '.' && s !== '') out.push(s);
  }
  return out.join('/');
}

/** One worksheet of the workbook. */
export interface SheetEntry { name: string; part: string }

export interface WorkbookInfo {
  sheets: SheetEntry[]; // worksheets in tab order
  date1904: boolean;
  sharedStrings: string | null;
  styles: string | null;
}

export async function readWorkbookInfo(zip: ZipParts): Promise<WorkbookInfo> {
  const root = await relationships(zip, '');
  let bookPart = [...root.values()].find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  if (!zip.has(bookPart) && zip.has('xl/workbook.xml')) bookPart = 'xl/workbook.xml';
  const text = await zip.text(bookPart);
  if (text === null) throw new XlsxReadError('it has no workbook part (xl/workbook.xml): it is not an XLSX workbook');
  const rels = await relationships(zip, bookPart);
  const sheets: SheetEntry[] = [];
  let date1904 = false;
  new TagScanner((name, tag, end, closing) => {
    if (closing) return;
    if (name === 'workbookPr') {
      const v = attributes(tag, end).get('date1904');
      date1904 = v === '1' || v === 'true';
    } else if (name === 'sheet') {
      const a = attributes(tag, end);
      const rel = rels.get(a.get('id') ?? '');
      // Chart sheets and dialog sheets hold no cells.
      if (rel !== undefined && rel.type.endsWith('/worksheet')) sheets.push({ name: a.get('name') ?? '', part: rel.target });
    }
  }, () => {}).feed(text);
  const byType = (suffix: string): string | null => {
    const found = [...rels.values()].find((r) => r.type.endsWith(suffix))?.target ?? null;
    return found !== null && zip.has(found) ? found : null;
  };
  return { sheets, date1904, sharedStrings: byType('/sharedStrings'), styles: byType('/styles') };
}

/** The shared strings: each <si>'s text, its runs joined, phonetic runs (<rPh>) left out. */
export async function readSharedStrings(zip: ZipParts, part: string | null): Promise<string[]> {
  const out: string[] = [];
  if (part === null) return out;
  const pieces = await zip.stream(part);
  if (pieces === null) return out;
  let inSi = false;
  let inT = false;
  let phonetic = 0;
  let text = '';
  const scanner = new TagScanner((name, _tag, _end, closing, empty) => {
    if (name === 'si') {
      if (!closing) {
        inSi = true;
        text = '';
      }
      if (closing || empty) {
        out.push(decodeCellString(decodeXml(text)));
        inSi = false;
      }
    } else if (name === 'rPh') {
      if (!empty) phonetic += closing ? -1 : 1;
    } else if (name === 't') inT = !closing && !empty && inSi && phonetic === 0;
  }, (raw) => {
    if (inT) text += raw;
  });
  for await (const p of pieces) scanner.feed(p);
  return out;
}

/** Which cell formats (the s= of a cell, an index into cellXfs) are date formats. */
export async function readDateStyles(zip: ZipParts, part: string | null): Promise<boolean[]> {
  const out: boolean[] = [];
  if (part === null) return out;
  const text = await zip.text(part);
  if (text === null) return out;
  const custom = new Map<number, string>();
  let inXfs = false;
  new TagScanner((name, tag, end, closing, empty) => {
    if (name === 'numFmt' && !closing) {
      const a = attributes(tag, end);
      custom.set(Number(a.get('numFmtId')), a.get('formatCode') ?? '');
    } else if (name === 'cellXfs') inXfs = !closing && !empty;
    else if (name === 'xf' && inXfs && !closing) {
      const id = Number(attributes(tag, end).get('numFmtId') ?? '0');
      const code = custom.get(id);
      out.push(code !== undefined ? isDateFormat(code) : BUILTIN_DATE_IDS.has(id));
    }
  }, () => {}).feed(text);
  return out;
}

// ---- the worksheet

