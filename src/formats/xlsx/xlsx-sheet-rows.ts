/**
 * The rows of one worksheet part, streamed. Two readers share one row-and-cell state (SheetRows):
 * the fast path, which reads a sheet whose tags have no namespace prefix (as Excel, LibreOffice and
 * most writers make them) in one walk over its tags — each '<' looked at once, a row read when its
 * </row> is in the text — with indexOf; and the tag scanner (xlsx-xml.ts), which reads any other
 * sheet, and the rest of a sheet from the row where the fast path met something unusual (a comment,
 * CDATA, a processing instruction, a tag inside a value).
 */
import { CELL_BOOLEAN, CELL_DATE, CELL_NUMBER, CELL_TEXT } from './xlsx-cell-types.js';
import { XlsxReadError } from './xlsx-row.js';
import type { XlsxRow } from './xlsx-row.js';
import { dateText, serialToDate } from './xlsx-workbook.js';
import { TagScanner, attr, cellTypeAt, columnOf, decodeCellString, decodeXml, intAt, isNameEnd, scanAttributes } from './xlsx-xml.js';
import type { ZipParts } from './xlsx-zip-parts.js';

// What the fast path's readers return besides a position: the text ends first (wait for more), or
// something the fast path does not read (hand the rest to the tag scanner).
const CUT = -1;
const UNUSUAL = -2;
// How far past a '<' the fast path looks to tell tags apart (</row>); a '<' closer to the text's
// end waits for more text (the sheet ends with </sheetData></worksheet>, so this never holds back
// the last row).
const LOOKAHEAD = 6;

/**
 * The rows of a worksheet part, `batch` rows at a time. Cell values per xlsx-read.ts's header; a
 * formula's cached result as its value, typed by the cell's t= (str, b, e, or a number).
 */
export async function* readSheetRows(zip: ZipParts, part: string, strings: readonly string[], dateStyles: readonly boolean[], date1904: boolean, batch: number): AsyncGenerator<XlsxRow[]> {
  const pieces = await zip.stream(part);
  if (pieces === null) throw new XlsxReadError(`its worksheet part ${part} is missing`);
  const sheet = new SheetRows(strings, dateStyles, date1904);
  let fast: boolean | null = null;
  for await (const p of pieces) {
    if (fast === null) {
      // The first tag after the XML declaration is the root: a prefix on it (<x:worksheet>) means the slow path.
      const root = /<(?![?!])([^\s>/]+)/.exec(p);
      fast = root === null || !(root[1] as string).includes(':');
      if (!fast) sheet.slowOnly();
    }
    sheet.feed(p);
    if (sheet.out.length >= batch) yield sheet.take();
    if (sheet.done) break;
  }
  if (!sheet.done && sheet.unfinished) throw new XlsxReadError(`its worksheet part ${part} ends before its rows do (a truncated file?)`);
  if (sheet.out.length > 0) yield sheet.take();
}

/** The reading state of one worksheet: the rows read, the row and the cell under way. */
class SheetRows {
  out: XlsxRow[] = [];
  done = false;
  private inData = false;
  private fast = true;
  private buf = ''; // fast path: text not read yet (a row cut by the piece's end)
  // the row being read
  private rowNumber = 0;
  private cells: string[] = [];
  private types = '';
  private inRow = false;
  // the cell being read
  private col = 0;
  private cellType = '';
  private cellStyle = 0;
  private capture = 0; // 1: <v>, 2: <t> of an inline string
  private inlineDepth = 0; // inside <is>
  private phonetic = 0;
  private value: string | null = null; // raw <v> text
  private inline: string | null = null; // raw inline string text
  private hasFormula = false;
  private textFrom = 0; // where the text textEnd found starts
  private readonly scanner: TagScanner;

  constructor(
    private readonly strings: readonly string[],
    private readonly dateStyles: readonly boolean[],
    private readonly date1904: boolean,
  ) {
    this.scanner = new TagScanner(
      (name, tag, end, closing, empty) => this.onTag(name, tag, end, closing, empty),
      (raw) => {
        if (this.capture === 1) this.value += raw;
        else if (this.capture === 2) this.inline += raw;
      },
    );
  }

  /** The rows read so far, handed over. */
  take(): XlsxRow[] {
    const rows = this.out;
    this.out = [];
    return rows;
  }

  /** Reads the whole sheet with the tag scanner (its tags have a namespace prefix). */
  slowOnly(): void {
    this.fast = false;
  }

  /** True when the text ended inside the sheet's data. */
  get unfinished(): boolean {
    return this.fast ? this.inData : this.inData || this.scanner.pending;
  }

  feed(piece: string): void {
    if (this.fast) this.fastFeed(piece);
    else this.scanner.feed(piece);
  }

  private put(text: string, type: string): void {
    const i = this.col - 1;
    const cells = this.cells;
    while (cells.length < i) {
      cells.push('');
      this.types += CELL_TEXT;
    }
    if (i === cells.length) {
      cells.push(text);
      this.types += type;
    } else {
      cells[i] = text;
      this.types = this.types.slice(0, i) + type + this.types.slice(i + 1);
    }
  }

  /** Begins the cell whose tag's attributes are s[from, to): its column, type and style; nothing read yet. */
  private startCell(s: string, from: number, to: number): void {
    scanAttributes(s, from, to);
    const c = attr.rFrom >= 0 ? columnOf(s, attr.rFrom, attr.rTo) : 0;
    this.col = c > 0 ? c : this.col + 1;
    this.cellType = cellTypeAt(s, attr.tFrom, attr.tTo);
    this.cellStyle = attr.sFrom >= 0 ? intAt(s, attr.sFrom, attr.sTo) : 0;
    this.value = null;
    this.inline = null;
    this.hasFormula = false;
  }

  private endCell(): void {
    const { inline, value: v, cellType } = this;
    if (inline !== null && (cellType === 'inlineStr' || v === null)) this.put(decodeCellString(decodeXml(inline)), CELL_TEXT);
    else if (v !== null) {
      switch (cellType) {
        case 's': {
          const s = this.strings[Number.parseInt(v, 10)];
          this.put(s ?? '', CELL_TEXT);
          break;
        }
        case 'str':
        case 'inlineStr':
          this.put(decodeCellString(decodeXml(v)), CELL_TEXT);
          break;
        case 'b':
          this.put(Number.parseInt(v, 10) !== 0 ? 'TRUE' : 'FALSE', CELL_BOOLEAN);
          break;
        case 'e':
          this.put(decodeXml(v), CELL_TEXT);
          break;
        case 'd': {
          const d = new Date(decodeXml(v).trim());
          if (Number.isNaN(d.getTime())) this.put(decodeXml(v), CELL_TEXT);
          else this.put(dateText(d), CELL_DATE);
          break;
        }
        default: {
          const trimmed = v.trim();
          const n = Number.parseFloat(trimmed);
          if (trimmed === '' || Number.isNaN(n)) this.put(decodeXml(v), CELL_TEXT);
          else if (this.dateStyles[this.cellStyle] === true) this.put(dateText(serialToDate(n, this.date1904)), CELL_DATE);
          else this.put(String(n), CELL_NUMBER);
        }
      }
    } else if (this.hasFormula) this.put('', CELL_TEXT); // a formula never computed: an empty cell that is there
  }

  /** The tag scanner's reader: one start, end or empty tag. */
  private onTag(name: string, tag: string, end: number, closing: boolean, empty: boolean): void {
    if (this.done) return;
    if (!this.inData) {
      if (name === 'sheetData' && !closing) this.inData = !empty;
      return;
    }
    switch (name) {
      case 'row':
        if (!closing) {
          scanAttributes(tag, end, tag.length);
          const n = attr.rFrom >= 0 ? intAt(tag, attr.rFrom, attr.rTo) : Number.NaN;
          this.rowNumber = Number.isFinite(n) && n > 0 ? n : this.rowNumber + 1;
          this.cells = [];
          this.types = '';
          this.col = 0;
          this.inRow = true;
        }
        if (closing || empty) {
          if (this.inRow) this.out.push({ number: this.rowNumber, cells: this.cells, types: this.types });
          this.inRow = false;
        }
        return;
      case 'c':
        if (!closing) {
          this.startCell(tag, end, tag.length);
          this.capture = 0;
          this.inlineDepth = 0;
          this.phonetic = 0;
        }
        if (closing || empty) {
          if (this.inRow) this.endCell();
          this.capture = 0;
        }
        return;
      case 'v':
        if (!closing && !empty) {
          this.capture = 1;
          this.value = '';
        } else {
          if (empty) this.value = '';
          this.capture = 0;
        }
        return;
      case 'f':
        this.hasFormula = true;
        return;
      case 'is':
        this.inlineDepth = closing ? 0 : empty ? 0 : 1;
        if (!closing) this.inline ??= '';
        return;
      case 'rPh':
        if (!empty) this.phonetic += closing ? -1 : 1;
        return;
      case 't':
        if (this.inlineDepth > 0 && this.phonetic === 0 && !closing && !empty) {
          this.capture = 2;
          this.inline ??= '';
        } else this.capture = 0;
        return;
      case 'sheetData':
        if (closing) this.done = true;
        return;
      default:
    }
  }

  /**
   * The text of the element (<v> or <t>, its letter `letter`) whose name ends at s[at]: sets
   * textFrom and returns where its text ends (its end tag), the text empty for an empty tag; CUT,
   * or UNUSUAL when a tag other than its end tag comes first.
   */
  private textEnd(s: string, at: number, letter: number): number {
    const gt = s.indexOf('>', at);
    if (gt < 0) return CUT;
    if (s.charCodeAt(gt - 1) === 47) {
      this.textFrom = gt + 1;
      return gt + 1;
    }
    const end = s.indexOf('<', gt + 1);
    if (end < 0 || end + 3 >= s.length) return CUT;
    if (s.charCodeAt(end + 1) !== 47 || s.charCodeAt(end + 2) !== letter || !isNameEnd(s.charCodeAt(end + 3))) return UNUSUAL;
    this.textFrom = gt + 1;
    return end;
  }

  /**
   * Reads the cell whose tag starts at s[lt] into the row. Returns where the text after the cell
   * starts (a cell without </c> ends where its row does), CUT or UNUSUAL.
   */
  private readCell(s: string, lt: number): number {
    const gt = s.indexOf('>', lt + 2);
    if (gt < 0) return CUT;
    const empty = s.charCodeAt(gt - 1) === 47;
    this.startCell(s, lt + 2, empty ? gt - 1 : gt);
    if (empty) {
      this.endCell();
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
            this.endCell();
            return a + 4;
          }
          if (s.startsWith('row', a + 2)) {
            this.endCell();
            return a;
          }
          if (s.startsWith('rPh', a + 2)) inPhonetic = false;
          p = a + 2;
          break;
        case 118: // <v
          if (this.value === null && isNameEnd(s.charCodeAt(a + 2))) {
            const end = this.textEnd(s, a + 2, 118);
            if (end < 0) return end;
            this.value = s.slice(this.textFrom, end);
            p = end;
          } else p = a + 1;
          break;
        case 116: // <t
          if (inIs && !inPhonetic && isNameEnd(s.charCodeAt(a + 2))) {
            const end = this.textEnd(s, a + 2, 116);
            if (end < 0) return end;
            this.inline += s.slice(this.textFrom, end);
            p = end;
          } else p = a + 1;
          break;
        case 102: // <f
          if (isNameEnd(s.charCodeAt(a + 2))) this.hasFormula = true;
          p = a + 1;
          break;
        case 105: // <is
          if (s.charCodeAt(a + 2) === 115 && isNameEnd(s.charCodeAt(a + 3))) {
            inIs = true;
            this.inline ??= '';
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
  }

  /**
   * Reads the row whose tag starts at s[lt]: its cells, and the row into `out`. Returns where the
   * text after the row starts, CUT (nothing read) when the text ends before the row does, or
   * UNUSUAL (nothing read).
   */
  private readRow(s: string, lt: number): number {
    const gt = s.indexOf('>', lt + 4);
    if (gt < 0) return CUT;
    const empty = s.charCodeAt(gt - 1) === 47;
    scanAttributes(s, lt + 4, empty ? gt - 1 : gt);
    const r = attr.rFrom >= 0 ? intAt(s, attr.rFrom, attr.rTo) : Number.NaN;
    const number = Number.isFinite(r) && r > 0 ? r : this.rowNumber + 1;
    this.cells = [];
    this.types = '';
    this.col = 0;
    let p = gt + 1;
    if (!empty) {
      for (;;) {
        const a = s.indexOf('<', p);
        // (no look past the text's end: reading past a string's end costs V8 a deoptimization)
        if (a < 0 || a + LOOKAHEAD >= s.length) return CUT;
        const c1 = s.charCodeAt(a + 1);
        if (c1 === 99 /* c */ && isNameEnd(s.charCodeAt(a + 2))) {
          p = this.readCell(s, a);
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
    this.rowNumber = number;
    this.out.push({ number, cells: this.cells, types: this.types });
    return p;
  }

  /** The fast path: reads the rows whose text is complete, keeps the rest for the next piece. */
  private fastFeed(chunk: string): void {
    const s = this.buf.length > 0 ? this.buf + chunk : chunk;
    let pos = 0;
    if (!this.inData) {
      const at = s.indexOf('<sheetData');
      if (at < 0) {
        this.buf = s.slice(Math.max(0, s.length - 16));
        return;
      }
      const gt = s.indexOf('>', at);
      if (gt < 0) {
        this.buf = s.slice(at);
        return;
      }
      if (s.charCodeAt(gt - 1) === 47) {
        this.done = true;
        return;
      }
      this.inData = true;
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
        const next = this.readRow(s, lt);
        if (next === CUT) {
          pos = lt;
          break;
        }
        if (next === UNUSUAL) return this.handOver(s, lt);
        pos = next;
        continue;
      }
      if (s.startsWith('</sheetData', lt)) {
        this.done = true;
        return;
      }
      const gt = s.indexOf('>', lt);
      if (gt < 0) {
        pos = lt;
        break;
      }
      const c1 = s.charCodeAt(lt + 1);
      if (c1 === 33 || c1 === 63) return this.handOver(s, lt);
      pos = gt + 1; // another element between rows
    }
    this.buf = pos < s.length ? s.slice(pos) : '';
  }

  /** The rest of the sheet from s[at] on goes to the tag scanner, in the data, between rows. */
  private handOver(s: string, at: number): void {
    this.fast = false;
    this.buf = '';
    this.scanner.feed(s.slice(at));
  }
}
