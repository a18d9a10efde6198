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
 */
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';
import { createReadStream } from 'node:fs';
import { Readable, pipeline } from 'node:stream';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import formats from './xlsx-formats.json' with { type: 'json' };
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

/** Bytes of a part read from the file at a time, and inflated bytes handed on at a time. */
const RAW_PIECE = 1024 * 1024;
const INFLATED_PIECE = 256 * 1024;

/** An opened workbook: its entries by name, read on demand. */
class ZipParts {
  private constructor(private readonly path: string, private readonly zip: ZipFile, private readonly entries: Map<string, Entry>) {}

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
    return new ZipParts(path, zip, entries);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The part's text, streamed in pieces; null when the zip has no such part. */
  async stream(name: string): Promise<AsyncIterable<string> | null> {
    const entry = this.entries.get(name);
    if (entry === undefined) return null;
    if (entry.isEncrypted()) throw new XlsxReadError(`its part ${name} is encrypted`);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      throw new XlsxReadError(`its part ${name} is compressed with method ${entry.compressionMethod}, which is neither stored nor deflate`);
    }
    // The raw data read in pieces of RAW_PIECE bytes and inflated in pieces of INFLATED_PIECE, not
    // through yauzl's stream (16 KiB reads, 16 KiB inflated pieces): each piece is a round trip to
    // libuv's pool, and those cost ~0.4 ms apiece while the batch workers keep both cores busy,
    // which made reading a 100,000-row worksheet's bytes cost more than reading its cells.
    const { fileDataStart } = await this.zip.readLocalFileHeaderPromise(entry, { minimal: true });
    const raw: Readable = entry.compressedSize === 0
      ? Readable.from([])
      : createReadStream(this.path, { start: fileDataStart, end: fileDataStart + entry.compressedSize - 1, highWaterMark: RAW_PIECE });
    if (entry.compressionMethod === 0) return decodeUtf8(raw, name, entry.uncompressedSize);
    // pipeline: an error of either stream reaches the reader, and a reader that stops early (the
    // sheet's end, a run's allowance) closes the file too.
    const inflate = pipeline(raw, createInflateRaw({ chunkSize: INFLATED_PIECE }), () => {});
    return decodeUtf8(inflate, name, entry.uncompressedSize);
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

// StringDecoder rather than TextDecoder: V8's own UTF-8 decoding, about twice as fast as
// TextDecoder's here on a worksheet's text; both keep a character split between pieces whole.
/** The text of a part's bytes; throws when they are not the `size` bytes the zip's directory says. */
async function* decodeUtf8(stream: Readable, name: string, size: number): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let first = true;
  // The part's text without a byte order mark at its start.
  const unmarked = (text: string): string => {
    if (!first || text.length === 0) return text;
    first = false;
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  };
  let bytes = 0;
  for await (const buf of stream as AsyncIterable<Buffer>) {
    bytes += buf.length;
    const text = unmarked(decoder.write(buf));
    if (text.length > 0) yield text;
  }
  if (bytes !== size) throw new XlsxReadError(`its part ${name} holds ${bytes} bytes where the zip's directory says ${size} (a damaged file?)`);
  const tail = unmarked(decoder.end());
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

/** The column number (1 = A) of the cell reference s[from, to) such as AB12; 0 when it has none. */
function columnOf(s: string, from: number, to: number): number {
  let col = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
  }
  return col;
}

/** Number.parseInt(s.slice(from, to), 10), without making the slice when it is plain digits. */
function intAt(s: string, from: number, to: number): number {
  if (to - from > 0 && to - from <= 9) {
    let n = 0;
    for (let i = from; i < to; i++) {
      const d = s.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return Number.parseInt(s.slice(from, to), 10);
      n = n * 10 + d;
    }
    return n;
  }
  return Number.parseInt(s.slice(from, to), 10);
}

/** A cell's type (its t= value s[from, to), from -1 when it has none) as one of the types endCell tells apart; 'n' for a number or a type it does not know. */
function cellTypeAt(s: string, from: number, to: number): string {
  if (from < 0) return 'n';
  const n = to - from;
  if (n === 1) {
    switch (s.charCodeAt(from)) {
      case 115: return 's';
      case 98: return 'b';
      case 101: return 'e';
      case 100: return 'd';
      default: return 'n';
    }
  }
  if (n === 3 && s.startsWith('str', from)) return 'str';
  if (n === 9 && s.startsWith('inlineStr', from)) return 'inlineStr';
  return 'n';
}

/**
 * Where the values of the r=, t= and s= attributes of the last tag read by scanAttributes start
 * and end (start -1: no such attribute). Positions, not strings: the hot path slices nothing.
 */
let rFrom = -1;
let rTo = 0;
let tFrom = -1;
let tTo = 0;
let sFrom = -1;
let sTo = 0;

/** Finds the r, t and s attributes of the tag text s[from, to) (local names; values are plain, not decoded). */
function scanAttributes(s: string, from: number, to: number): void {
  rFrom = -1;
  tFrom = -1;
  sFrom = -1;
  let i = from;
  while (i < to) {
    const eq = s.indexOf('=', i);
    if (eq < 0 || eq >= to) return;
    let nameEnd = eq;
    while (nameEnd > i && s.charCodeAt(nameEnd - 1) <= 32) nameEnd--;
    let nameStart = nameEnd;
    while (nameStart > i && s.charCodeAt(nameStart - 1) > 32 && s.charCodeAt(nameStart - 1) !== 58) nameStart--;
    let q = eq + 1;
    while (q < to && s.charCodeAt(q) <= 32) q++;
    const quote = s.charCodeAt(q);
    if (quote !== 34 && quote !== 39) return;
    const close = s.indexOf(quote === 34 ? '"' : "'", q + 1);
    if (close < 0 || close >= to) return;
    if (nameEnd - nameStart === 1) {
      const c = s.charCodeAt(nameStart);
      if (c === 114) {
        rFrom = q + 1;
        rTo = close;
      } else if (c === 116) {
        tFrom = q + 1;
        tTo = close;
      } else if (c === 115) {
        sFrom = q + 1;
        sTo = close;
      }
    }
    i = close + 1;
  }
}

// What the fast path's readers return besides a position: the text ends first (wait for more), or
// something the fast path does not read (hand the rest to the tag scanner).
const CUT = -1;
const UNUSUAL = -2;
// How far past a '<' the fast path looks to tell tags apart (</row>); a '<' closer to the text's
// end waits for more text (the sheet ends with </sheetData></worksheet>, so this never holds back
// the last row).
const LOOKAHEAD = 6;

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
  let types = '';
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
      types += CELL_TEXT;
    }
    if (i === cells.length) {
      cells.push(text);
      types += type;
    } else {
      cells[i] = text;
      types = types.slice(0, i) + type + types.slice(i + 1);
    }
  };
  /** Begins the cell whose tag's attributes are s[from, to): its column, type and style; nothing read yet. */
  const startCell = (s: string, from: number, to: number): void => {
    scanAttributes(s, from, to);
    const c = rFrom >= 0 ? columnOf(s, rFrom, rTo) : 0;
    col = c > 0 ? c : col + 1;
    cellType = cellTypeAt(s, tFrom, tTo);
    cellStyle = sFrom >= 0 ? intAt(s, sFrom, sTo) : 0;
    value = null;
    inline = null;
    hasFormula = false;
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
          const n = rFrom >= 0 ? intAt(tag, rFrom, rTo) : Number.NaN;
          rowNumber = Number.isFinite(n) && n > 0 ? n : rowNumber + 1;
          cells = [];
          types = '';
          col = 0;
          inRow = true;
        }
        if (closing || empty) {
          if (inRow) out.push({ number: rowNumber, cells, types });
          inRow = false;
        }
        return;
      case 'c':
        if (!closing) {
          startCell(tag, end, tag.length);
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
  // writers make them) is read in one walk over its tags — each '<' looked at once, a row read
  // when its </row> is in the text — with indexOf; anything unusual inside a row (a comment,
  // CDATA, a processing instruction, a tag inside a value) hands the rest, from that row's start,
  // to the tag scanner above.
  /**
   * The text of the element (<v> or <t>, its letter `letter`) whose name ends at s[at]: sets
   * textFrom and returns where its text ends (its end tag), the text empty for an empty tag; CUT,
   * or UNUSUAL when a tag other than its end tag comes first.
   */
  let textFrom = 0;
  const textEnd = (s: string, at: number, letter: number): number => {
    const gt = s.indexOf('>', at);
    if (gt < 0) return CUT;
    if (s.charCodeAt(gt - 1) === 47) {
      textFrom = gt + 1;
      return gt + 1;
    }
    const end = s.indexOf('<', gt + 1);
    if (end < 0 || end + 3 >= s.length) return CUT;
    if (s.charCodeAt(end + 1) !== 47 || s.charCodeAt(end + 2) !== letter || !isNameEnd(s.charCodeAt(end + 3))) return UNUSUAL;
    textFrom = gt + 1;
    return end;
  };
  /**
   * Reads the cell whose tag starts at s[lt] into the row. Returns where the text after the cell
   * starts (a cell without </c> ends where its row does), CUT or UNUSUAL.
   */
  const readCell = (s: string, lt: number): number => {
    const gt = s.indexOf('>', lt + 2);
    if (gt < 0) return CUT;
    const empty = s.charCodeAt(gt - 1) === 47;
    startCell(s, lt + 2, empty ? gt - 1 : gt);
    if (empty) {
      endCell();
      return gt + 1;
    }
    let inIs = false; // after <is>: its <t> runs are the text
    let inPhonetic = false; // from <rPh> to </rPh>: runs left out
    let p = gt + 1;
    for (;;) {
      const a = s.indexOf('<', p);
      if (a < 0 || a + LOOKAHEAD >= s.length) return CUT;
      switch (s.charCodeAt(a + 1)) {
        case 47: // </
          if (s.charCodeAt(a + 2) === 99 && s.charCodeAt(a + 3) === 62) {
            endCell();
            return a + 4;
          }
          if (s.startsWith('row', a + 2)) {
            endCell();
            return a;
          }
          if (s.startsWith('rPh', a + 2)) inPhonetic = false;
          p = a + 2;
          break;
        case 118: // <v
          if (value === null && isNameEnd(s.charCodeAt(a + 2))) {
            const end = textEnd(s, a + 2, 118);
            if (end < 0) return end;
            value = s.slice(textFrom, end);
            p = end;
          } else p = a + 1;
          break;
        case 116: // <t
          if (inIs && !inPhonetic && isNameEnd(s.charCodeAt(a + 2))) {
            const end = textEnd(s, a + 2, 116);
            if (end < 0) return end;
            inline += s.slice(textFrom, end);
            p = end;
          } else p = a + 1;
          break;
        case 102: // <f
          if (isNameEnd(s.charCodeAt(a + 2))) hasFormula = true;
          p = a + 1;
          break;
        case 105: // <is
          if (s.charCodeAt(a + 2) === 115 && isNameEnd(s.charCodeAt(a + 3))) {
            inIs = true;
            inline ??= '';
          }
          p = a + 1;
          break;
        case 114: // <rPh
          if (s.charCodeAt(a + 2) === 80 && s.charCodeAt(a + 3) === 104 && isNameEnd(s.charCodeAt(a + 4))) inPhonetic = true;
          p = a + 1;
          break;
        case 33: // <!
        case 63: // <?
          return UNUSUAL;
        default:
          p = a + 1;
      }
    }
  };
  /**
   * Reads the row whose tag starts at s[lt]: its cells, and the row into `out`. Returns where the
   * text after the row starts, CUT (nothing read) when the text ends before the row does, or
   * UNUSUAL (nothing read).
   */
  const readRow = (s: string, lt: number): number => {
    const gt = s.indexOf('>', lt + 4);
    if (gt < 0) return CUT;
    const empty = s.charCodeAt(gt - 1) === 47;
    scanAttributes(s, lt + 4, empty ? gt - 1 : gt);
    const r = rFrom >= 0 ? intAt(s, rFrom, rTo) : Number.NaN;
    const number = Number.isFinite(r) && r > 0 ? r : rowNumber + 1;
    cells = [];
    types = '';
    col = 0;
    let p = gt + 1;
    if (!empty) {
      for (;;) {
        const a = s.indexOf('<', p);
        // (no look past the text's end: reading past a string's end costs V8 a deoptimization)
        if (a < 0 || a + LOOKAHEAD >= s.length) return CUT;
        const c1 = s.charCodeAt(a + 1);
        if (c1 === 99 /* c */ && isNameEnd(s.charCodeAt(a + 2))) {
          p = readCell(s, a);
          if (p < 0) return p;
        } else if (c1 === 47 /* / */ && s.startsWith('row', a + 2)) {
          const c = s.charCodeAt(a + 5);
          if (c === 62) {
            p = a + 6;
            break;
          }
          if (isNameEnd(c)) {
            const g = s.indexOf('>', a);
            if (g < 0) return CUT;
            p = g + 1;
            break;
          }
          p = a + 2; // </rowX>, or the text ends here
        } else if (c1 === 33 || c1 === 63) return UNUSUAL; // <! or <?
        else p = a + 1;
      }
    }
    rowNumber = number;
    out.push({ number, cells, types });
    return p;
  };
  let fast: boolean | null = null;
  let buf = '';
  const fastFeed = (chunk: string): void => {
    const s = buf.length > 0 ? buf + chunk : chunk;
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
      if (lt + LOOKAHEAD >= s.length) {
        pos = lt;
        break;
      }
      if (s.charCodeAt(lt + 1) === 114 && s.charCodeAt(lt + 2) === 111 && s.charCodeAt(lt + 3) === 119 && isNameEnd(s.charCodeAt(lt + 4))) {
        const next = readRow(s, lt);
        if (next === CUT) {
          pos = lt;
          break;
        }
        if (next === UNUSUAL) return handOver(s, lt);
        pos = next;
        continue;
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
      const c1 = s.charCodeAt(lt + 1);
      if (c1 === 33 || c1 === 63) return handOver(s, lt);
      pos = gt + 1; // another element between rows
    }
    buf = pos < s.length ? s.slice(pos) : '';
  };
  /** The rest of the sheet from s[at] on goes to the tag scanner, in the data, between rows. */
  const handOver = (s: string, at: number): void => {
    fast = false;
    buf = '';
    scanner.feed(s.slice(at));
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
