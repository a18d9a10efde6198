/**
 * A lean, streaming reader of XLSX worksheets for `addr batch`: the zip layer
 * is yauzl (random access through the central directory, inflated by node's
 * zlib), the XML a purpose-written scanner of the few elements a worksheet's
 * cells are made of (<row>, <c>, <v>, <f>, <is>/<t>). Only what a row's cells
 * need is read: the workbook's sheet list and date system (xl/workbook.xml and
 * its rels), the shared strings and the cell number formats (styles.xml), then
 * the one worksheet, streamed — whatever order the parts have in the zip.
 *
 * Cells come back as text with a type letter (batch-xlsx.ts): shared, inline
 * and formula strings as their text (rich text runs joined, phonetic runs left
 * out, _xHHHH_ escapes decoded), numbers as JavaScript prints them (2108 stays
 * 2108), a number whose format is a date as the date it shows (YYYY-MM-DD, or
 * the ISO time when it has one), booleans as TRUE/FALSE, errors as their text
 * (#N/A), formulas as their cached result. A row's cells are placed by their
 * references (gaps are empty cells); rows are the rows the sheet has, empty
 * ones included, with their row numbers.
 */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import formats from '../core/data/xlsx-formats.json' with { type: 'json' };
import { CELL_BOOLEAN, CELL_DATE, CELL_NUMBER, CELL_TEXT } from './xlsx-cell-types.js';

/** One worksheet row: its row number, its cells as text (index 0 = column A), one type letter a cell. */
export interface XlsxRow {
  number: number;
  cells: string[];
  types: string;
}


/** A failure to read a workbook: the message says what is wrong with the file. */
export class XlsxReadError extends Error {}

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

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#(\d+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ESCAPED_CHAR = /_x([0-9a-fA-F]{4})_/g;

/** XML character data as text: entities and character references decoded. */
export function decodeXml(raw: string): string {
  if (raw.indexOf('&') < 0) return raw;
  return raw.replace(ENTITY, (m, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED[name] ?? m;
    const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    return code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}

/** A string cell's text: Excel writes characters XML cannot hold as _xHHHH_ (and a literal "_x" as _x005F_x). */
function decodeCellString(text: string): string {
  if (text.indexOf('_x') < 0) return text;
  return text.replace(ESCAPED_CHAR, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The attributes of a tag's text (after its name), by local name. */
function attributes(tag: string, from: number): Map<string, string> {
  const out = new Map<string, string>();
  let i = from;
  const n = tag.length;
  while (i < n) {
    const eq = tag.indexOf('=', i);
    if (eq < 0) break;
    let nameStart = i;
    while (nameStart < eq && tag.charCodeAt(nameStart) <= 32) nameStart++;
    let nameEnd = eq;
    while (nameEnd > nameStart && tag.charCodeAt(nameEnd - 1) <= 32) nameEnd--;
    let q = eq + 1;
    while (q < n && tag.charCodeAt(q) <= 32) q++;
    const quote = tag[q];
    if (quote !== '"' && quote !== "'") break;
    const close = tag.indexOf(quote, q + 1);
    if (close < 0) break;
    const name = tag.slice(nameStart, nameEnd);
    const colon = name.indexOf(':');
    out.set(colon < 0 ? name : name.slice(colon + 1), decodeXml(tag.slice(q + 1, close)));
    i = close + 1;
  }
  return out;
}

/** The local name of a tag (its text between < and >), and where its attributes start. */
function tagName(tag: string): { name: string; end: number } {
  let end = 0;
  const n = tag.length;
  while (end < n) {
    const c = tag.charCodeAt(end);
    if (c <= 32 || c === 47 /* / */) break;
    end++;
  }
  const full = tag.slice(0, end);
  const colon = full.indexOf(':');
  return { name: colon < 0 ? full : full.slice(colon + 1), end };
}

/**
 * A streaming scanner of XML tags: fed text, it calls `onTag` for each start, end or empty tag
 * (name without prefix, the tag's text, closing?, self-closing?) and `onText` for the character
 * data between tags (raw, still encoded), CDATA sections decoded into it. Comments, processing
 * instructions and the doctype are skipped. A tag cut by a chunk's end waits for the next chunk.
 */
class TagScanner {
  private rest = '';

  constructor(
    private readonly onTag: (name: string, tag: string, nameEnd: number, closing: boolean, empty: boolean) => void,
    private readonly onText: (raw: string) => void,
  ) {}

  feed(chunk: string): void {
    const s = this.rest.length > 0 ? this.rest + chunk : chunk;
    let pos = 0;
    const n = s.length;
    for (;;) {
      const lt = s.indexOf('<', pos);
      if (lt < 0) {
        if (pos < n) this.onText(s.slice(pos));
        pos = n;
        break;
      }
      if (lt > pos) this.onText(s.slice(pos, lt));
      const next = s.charCodeAt(lt + 1);
      if (next === 33 /* ! */ || next === 63 /* ? */) {
        const special = this.special(s, lt);
        if (special < 0) {
          pos = lt;
          break;
        }
        pos = special;
        continue;
      }
      let gt = s.indexOf('>', lt);
      // A '>' inside a quoted attribute value does not end the tag.
      while (gt >= 0 && unbalancedQuotes(s, lt, gt)) gt = s.indexOf('>', gt + 1);
      if (gt < 0) {
        pos = lt;
        break;
      }
      const closing = next === 47;
      const empty = s.charCodeAt(gt - 1) === 47;
      const tag = s.slice(closing ? lt + 2 : lt + 1, empty ? gt - 1 : gt);
      const { name, end } = tagName(tag);
      this.onTag(name, tag, end, closing, empty);
      pos = gt + 1;
    }
    this.rest = pos < n ? s.slice(pos) : '';
  }

  /** Skips a comment, processing instruction or doctype, or decodes a CDATA section; -1 when cut. */
  private special(s: string, lt: number): number {
    if (s.startsWith('<![CDATA[', lt)) {
      const end = s.indexOf(']]>', lt + 9);
      if (end < 0) return -1;
      this.onText(s.slice(lt + 9, end).replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;')));
      return end + 3;
    }
    if (s.startsWith('<!--', lt)) {
      const end = s.indexOf('-->', lt + 4);
      return end < 0 ? -1 : end + 3;
    }
    if (s.length < lt + 9) return -1;
    const end = s.indexOf(s.charCodeAt(lt + 1) === 63 ? '?>' : '>', lt + 2);
    return end < 0 ? -1 : end + (s.charCodeAt(lt + 1) === 63 ? 2 : 1);
  }

  /** True when text remains that no tag ended (a truncated part). */
  get pending(): boolean {
    return this.rest.trim().length > 0;
  }
}

/** True when s[from, to) opens a quoted attribute value it does not close. */
function unbalancedQuotes(s: string, from: number, to: number): boolean {
  let open = 0; // the quote character of an open value, 0 when none
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (open === 0) {
      if (c === 34 || c === 39) open = c;
    } else if (c === open) open = 0;
  }
  return open !== 0;
}

// ---- the zip

/** An opened workbook: its entries by name, read on demand. */
class ZipParts {
  private constructor(private readonly zip: ZipFile, private readonly entries: Map<string, Entry>) {}

  static async open(path: string): Promise<ZipParts> {
    const zip = await new Promise<ZipFile>((res, rej) => {
      yauzl.open(path, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true }, (err, z) => (err !== null ? rej(err) : res(z)));
    });
    const entries = new Map<string, Entry>();
    await new Promise<void>((res, rej) => {
      zip.on('entry', (e: Entry) => {
        entries.set(e.fileName.replace(/\\/g, '/'), e);
        zip.readEntry();
      });
      zip.once('end', () => res());
      zip.once('error', rej);
      zip.readEntry();
    });
    return new ZipParts(zip, entries);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The part's text, streamed in pieces; null when the zip has no such part. */
  async stream(name: string): Promise<AsyncIterable<string> | null> {
    const entry = this.entries.get(name);
    if (entry === undefined) return null;
    const stream = await new Promise<Readable>((res, rej) => {
      this.zip.openReadStream(entry, (err, s) => (err !== null ? rej(err) : res(s)));
    });
    return decodeUtf8(stream);
  }

  async text(name: string): Promise<string | null> {
    const pieces = await this.stream(name);
    if (pieces === null) return null;
    let out = '';
    for await (const p of pieces) out += p;
    return out;
  }

  close(): void {
    this.zip.close();
  }
}

async function* decodeUtf8(stream: Readable): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let first = true;
  for await (const buf of stream as AsyncIterable<Buffer>) {
    let text = decoder.decode(buf, { stream: true });
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    first = false;
    if (text.length > 0) yield text;
  }
  const tail = decoder.decode();
  if (tail.length > 0) yield tail;
}

// ---- the workbook's parts

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

interface WorkbookInfo {
  sheets: SheetEntry[]; // worksheets in tab order
  date1904: boolean;
  sharedStrings: string | null;
  styles: string | null;
}

async function readWorkbookInfo(zip: ZipParts): Promise<WorkbookInfo> {
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
async function readSharedStrings(zip: ZipParts, part: string | null): Promise<string[]> {
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
async function readDateStyles(zip: ZipParts, part: string | null): Promise<boolean[]> {
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

/** True when a tag's name ends before this character (whitespace, / or >). */
function isNameEnd(c: number): boolean {
  return c === 62 || c === 47 || c === 32 || c === 9 || c === 10 || c === 13;
}

/** Where the first <name ...> (or <name/>) tag in s[from, to) starts; -1 if none. */
function findTag(s: string, name: string, from: number, to: number): number {
  const open = `<${name}`;
  let at = s.indexOf(open, from);
  while (at >= 0 && at < to) {
    if (isNameEnd(s.charCodeAt(at + open.length))) return at;
    at = s.indexOf(open, at + 1);
  }
  return -1;
}

/** The column number (1 = A) of a cell reference such as AB12; 0 when it has none. */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
  }
  return col;
}

/** The r=, t= and s= attributes of the last <c> or <row> tag read by scanAttributes (hot path: no Map). */
let attrR: string | undefined;
let attrT: string | undefined;
let attrS: string | undefined;

/** Reads the r, t and s attributes of a tag (local names; values are plain, not decoded). */
function scanAttributes(tag: string, from: number, to: number): void {
  attrR = undefined;
  attrT = undefined;
  attrS = undefined;
  const n = to;
  let i = from;
  while (i < n) {
    const eq = tag.indexOf('=', i);
    if (eq < 0 || eq >= n) return;
    let nameEnd = eq;
    while (nameEnd > i && tag.charCodeAt(nameEnd - 1) <= 32) nameEnd--;
    let nameStart = nameEnd;
    while (nameStart > i && tag.charCodeAt(nameStart - 1) > 32 && tag.charCodeAt(nameStart - 1) !== 58) nameStart--;
    let q = eq + 1;
    while (q < n && tag.charCodeAt(q) <= 32) q++;
    const quote = tag.charCodeAt(q);
    if (quote !== 34 && quote !== 39) return;
    const close = tag.indexOf(quote === 34 ? '"' : "'", q + 1);
    if (close < 0 || close >= n) return;
    if (nameEnd - nameStart === 1) {
      const c = tag.charCodeAt(nameStart);
      if (c === 114) attrR = tag.slice(q + 1, close);
      else if (c === 116) attrT = tag.slice(q + 1, close);
      else if (c === 115) attrS = tag.slice(q + 1, close);
    }
    i = close + 1;
  }
}

/**
 * The rows of a worksheet part, `batch` rows at a time. Cell values per the header comment; a
 * formula's cached result as its value, typed by the cell's t= (str, b, e, or a number).
 */
async function* readRows(zip: ZipParts, part: string, strings: readonly string[], dateStyles: readonly boolean[], date1904: boolean, batch: number): AsyncGenerator<XlsxRow[]> {
  const pieces = await zip.stream(part);
  if (pieces === null) throw new XlsxReadError(`its worksheet part ${part} is missing`);
  let out: XlsxRow[] = [];
  let inData = false;
  let done = false;
  // the row being read
  let rowNumber = 0;
  let cells: string[] = [];
  let types: string[] = [];
  let inRow = false;
  // the cell being read
  let col = 0;
  let cellType = '';
  let cellStyle = 0;
  let capture = 0; // 1: <v>, 2: <t> of an inline string
  let inlineDepth = 0; // inside <is>
  let phonetic = 0;
  let value: string | null = null; // raw <v> text
  let inline: string | null = null; // raw inline string text
  let hasFormula = false;

  const put = (text: string, type: string): void => {
    const i = col - 1;
    while (cells.length < i) {
      cells.push('');
      types.push(CELL_TEXT);
    }
    cells[i] = text;
    types[i] = type;
  };
  const endCell = (): void => {
    if (inline !== null && (cellType === 'inlineStr' || value === null)) put(decodeCellString(decodeXml(inline)), CELL_TEXT);
    else if (value !== null) {
      const v = value;
      switch (cellType) {
        case 's': {
          const s = strings[Number.parseInt(v, 10)];
          put(s ?? '', CELL_TEXT);
          break;
        }
        case 'str':
        case 'inlineStr':
          put(decodeCellString(decodeXml(v)), CELL_TEXT);
          break;
        case 'b':
          put(Number.parseInt(v, 10) !== 0 ? 'TRUE' : 'FALSE', CELL_BOOLEAN);
          break;
        case 'e':
          put(decodeXml(v), CELL_TEXT);
          break;
        case 'd': {
          const d = new Date(decodeXml(v).trim());
          if (Number.isNaN(d.getTime())) put(decodeXml(v), CELL_TEXT);
          else put(dateText(d), CELL_DATE);
          break;
        }
        default: {
          const trimmed = v.trim();
          const n = Number.parseFloat(trimmed);
          if (trimmed === '' || Number.isNaN(n)) put(decodeXml(v), CELL_TEXT);
          else if (dateStyles[cellStyle] === true) put(dateText(serialToDate(n, date1904)), CELL_DATE);
          else put(String(n), CELL_NUMBER);
        }
      }
    } else if (hasFormula) put('', CELL_TEXT); // a formula never computed: an empty cell that is there
  };

  const scanner = new TagScanner((name, tag, end, closing, empty) => {
    if (done) return;
    if (!inData) {
      if (name === 'sheetData' && !closing) inData = !empty;
      return;
    }
    switch (name) {
      case 'row':
        if (!closing) {
          scanAttributes(tag, end, tag.length);
          const r = attrR;
          const n = r !== undefined ? Number.parseInt(r, 10) : Number.NaN;
          rowNumber = Number.isFinite(n) && n > 0 ? n : rowNumber + 1;
          cells = [];
          types = [];
          col = 0;
          inRow = true;
        }
        if (closing || empty) {
          if (inRow) out.push({ number: rowNumber, cells, types: types.join('') });
          inRow = false;
        }
        return;
      case 'c':
        if (!closing) {
          scanAttributes(tag, end, tag.length);
          const r = attrR;
          const c = r !== undefined ? columnOf(r) : 0;
          col = c > 0 ? c : col + 1;
          cellType = attrT ?? 'n';
          const s = attrS;
          cellStyle = s !== undefined ? Number.parseInt(s, 10) : 0;
          value = null;
          inline = null;
          hasFormula = false;
          capture = 0;
          inlineDepth = 0;
          phonetic = 0;
        }
        if (closing || empty) {
          if (inRow) endCell();
          capture = 0;
        }
        return;
      case 'v':
        if (!closing && !empty) {
          capture = 1;
          value = '';
        } else {
          if (empty) value = '';
          capture = 0;
        }
        return;
      case 'f':
        hasFormula = true;
        return;
      case 'is':
        inlineDepth = closing ? 0 : empty ? 0 : 1;
        if (!closing) inline ??= '';
        return;
      case 'rPh':
        if (!empty) phonetic += closing ? -1 : 1;
        return;
      case 't':
        if (inlineDepth > 0 && phonetic === 0 && !closing && !empty) {
          capture = 2;
          inline ??= '';
        } else capture = 0;
        return;
      case 'sheetData':
        if (closing) done = true;
        return;
      default:
    }
  }, (raw) => {
    if (capture === 1) value += raw;
    else if (capture === 2) inline += raw;
  });
  // The fast path: a sheet whose tags have no namespace prefix (as Excel, LibreOffice and most
  // writers make them) is read a whole row at a time with indexOf; anything unusual inside a row
  // (a comment, CDATA, a processing instruction) hands the rest to the tag scanner above.
  let fast: boolean | null = null;
  let buf = '';
  const fastFeed = (chunk: string): void => {
    let s = buf.length > 0 ? buf + chunk : chunk;
    let pos = 0;
    if (!inData) {
      const at = s.indexOf('<sheetData');
      if (at < 0) {
        buf = s.slice(Math.max(0, s.length - 16));
        return;
      }
      const gt = s.indexOf('>', at);
      if (gt < 0) {
        buf = s.slice(at);
        return;
      }
      if (s.charCodeAt(gt - 1) === 47) {
        done = true;
        return;
      }
      inData = true;
      pos = gt + 1;
    }
    for (;;) {
      const lt = s.indexOf('<', pos);
      if (lt < 0) {
        pos = s.length;
        break;
      }
      if (s.startsWith('</sheetData', lt)) {
        done = true;
        return;
      }
      const gt = s.indexOf('>', lt);
      if (gt < 0) {
        pos = lt;
        break;
      }
      if (!s.startsWith('<row', lt) || !isNameEnd(s.charCodeAt(lt + 4))) {
        const c1 = s.charCodeAt(lt + 1);
        if (c1 === 33 || c1 === 63) return handOver(s, lt);
        pos = gt + 1; // another element between rows
        continue;
      }
      const empty = s.charCodeAt(gt - 1) === 47;
      let close = gt + 1;
      if (!empty) {
        close = s.indexOf('</row>', gt);
        if (close < 0) {
          pos = lt;
          break;
        }
      }
      // The row's content alone, so that no search runs past it.
      const content = empty ? '' : s.slice(gt + 1, close);
      if (content.includes('<!') || content.includes('<?')) return handOver(s, lt);
      scanAttributes(s, lt + 4, empty ? gt - 1 : gt);
      const n = attrR !== undefined ? Number.parseInt(attrR, 10) : Number.NaN;
      rowNumber = Number.isFinite(n) && n > 0 ? n : rowNumber + 1;
      cells = [];
      types = [];
      col = 0;
      if (!empty) readCells(content);
      out.push({ number: rowNumber, cells, types: types.join('') });
      pos = empty ? gt + 1 : close + 6;
    }
    buf = pos < s.length ? s.slice(pos) : '';
    s = '';
  };
  /** The rest of the sheet from s[at] on goes to the tag scanner, in the data, between rows. */
  const handOver = (s: string, at: number): void => {
    fast = false;
    buf = '';
    scanner.feed(s.slice(at));
  };
  /** The cells of a row's content. */
  const readCells = (row: string): void => {
    let p = 0;
    const to = row.length;
    for (;;) {
      const s = row;
      const lt = findTag(s, 'c', p, to);
      if (lt < 0) return;
      const gt = s.indexOf('>', lt);
      const empty = s.charCodeAt(gt - 1) === 47;
      scanAttributes(s, lt + 2, empty ? gt - 1 : gt);
      const c = attrR !== undefined ? columnOf(attrR) : 0;
      col = c > 0 ? c : col + 1;
      cellType = attrT ?? 'n';
      cellStyle = attrS !== undefined ? Number.parseInt(attrS, 10) : 0;
      value = null;
      inline = null;
      hasFormula = false;
      if (empty) {
        endCell();
        p = gt + 1;
        continue;
      }
      const close = s.indexOf('</c>', gt);
      const end = close < 0 ? to : close;
      // The cell's content alone, so that no search runs past it.
      const c2 = s.slice(gt + 1, end);
      const cEnd = c2.length;
      hasFormula = findTag(c2, 'f', 0, cEnd) >= 0;
      const v = findTag(c2, 'v', 0, cEnd);
      if (v >= 0) {
        const vgt = c2.indexOf('>', v);
        if (c2.charCodeAt(vgt - 1) === 47) value = '';
        else {
          const vEnd = c2.indexOf('</v>', vgt);
          value = c2.slice(vgt + 1, vEnd < 0 ? cEnd : vEnd);
        }
      }
      const is = findTag(c2, 'is', 0, cEnd);
      if (is >= 0) {
        inline = '';
        let q = is;
        for (;;) {
          const t = findTag(c2, 't', q, cEnd);
          if (t < 0) break;
          const ph = findTag(c2, 'rPh', q, t);
          if (ph >= 0) {
            const phEnd = c2.indexOf('</rPh>', ph);
            if (phEnd < 0) break;
            q = phEnd + 6;
            continue;
          }
          const tgt = c2.indexOf('>', t);
          if (c2.charCodeAt(tgt - 1) === 47) {
            q = tgt + 1;
            continue;
          }
          const tEnd = c2.indexOf('</t>', tgt);
          if (tEnd < 0) break;
          inline += c2.slice(tgt + 1, tEnd);
          q = tEnd + 4;
        }
      }
      endCell();
      p = end + 4;
    }
  };

  for await (const p of pieces) {
    if (fast === null) {
      // The first tag after the XML declaration is the root: a prefix on it (<x:worksheet>) means the slow path.
      const root = /<(?![?!])([^\s>/]+)/.exec(p);
      fast = root === null || !(root[1] as string).includes(':');
    }
    if (fast) fastFeed(p);
    else scanner.feed(p);
    if (out.length >= batch) {
      yield out;
      out = [];
    }
    if (done) break;
  }
  if (fast === true && !done && inData) throw new XlsxReadError(`its worksheet part ${part} ends before its rows do (a truncated file?)`);
  if (fast !== true && !done && (inData || scanner.pending)) throw new XlsxReadError(`its worksheet part ${part} ends before its rows do (a truncated file?)`);
  if (out.length > 0) yield out;
}

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
      rows: (sheet, batch) => readRows(zip, sheet.part, strings, dateStyles, info.date1904, batch),
      close: () => zip.close(),
    };
  } catch (err) {
    zip.close();
    throw err;
  }
}
