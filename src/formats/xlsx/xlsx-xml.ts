/**
 * The XML of a worksheet, read without an XML library (src/formats/xlsx/xlsx-read.ts says why):
 * character data and attributes decoded, a streaming tag scanner for sheets the fast path does
 * not read, and the position-only attribute and cell-reference readers of the hot path.
 */
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
export function decodeCellString(text: string): string {
  if (text.indexOf('_x') < 0) return text;
  return text.replace(ESCAPED_CHAR, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The attributes of a tag's text (after its name), by local name. */
export function attributes(tag: string, from: number): Map<string, string> {
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
export class TagScanner {
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

/** True when a tag's name ends before this character (whitespace, / or >). */
export function isNameEnd(c: number): boolean {
  return c === 62 || c === 47 || c === 32 || c === 9 || c === 10 || c === 13;
}

/** The column number (1 = A) of the cell reference s[from, to) such as AB12; 0 when it has none. */
export function columnOf(s: string, from: number, to: number): number {
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
export function intAt(s: string, from: number, to: number): number {
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
export function cellTypeAt(s: string, from: number, to: number): string {
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
export const attr = { rFrom: -1, rTo: 0, tFrom: -1, tTo: 0, sFrom: -1, sTo: 0 };

/** Finds the r, t and s attributes of the tag text s[from, to) (local names; values are plain, not decoded). */
export function scanAttributes(s: string, from: number, to: number): void {
  attr.rFrom = -1;
  attr.tFrom = -1;
  attr.sFrom = -1;
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
        attr.rFrom = q + 1;
        attr.rTo = close;
      } else if (c === 116) {
        attr.tFrom = q + 1;
        attr.tTo = close;
      } else if (c === 115) {
        attr.sFrom = q + 1;
        attr.sTo = close;
      }
    }
    i = close + 1;
  }
}

// What the fast path's readers return besides a position: the text ends first (wait for more), or
