/**
 * HTML read as its text, for extraction: tags dropped, entities decoded, block
 * elements (p, div, li, td, br ...) read as line breaks, script, style and the
 * like skipped; with an offset map from every character of the text back to
 * the original input, so that an address found in the text is reported at its
 * place in the HTML. Uses htmlparser2's Tokenizer (streaming, forgiving, linear
 * time), whose class the caller passes in: the engine's port `html`
 * (core/model/ports.ts) loads it at the first HTML read. Pure.
 *
 * The open elements are kept here, not by htmlparser2's Parser: its stack is an
 * array it unshifts onto and searches with indexOf at every end tag, quadratic in
 * the open elements (a megabyte of unclosed tags took 7-31 s). This stack is
 * pushed and popped at its end, with a count per tag name, so an end tag finds
 * whether its element is open in constant time and each element is closed once:
 * linear in the input whatever its nesting.
 */
import type { TokenizerCallbacks as Callbacks } from 'htmlparser2';
import type { HtmlParserClass } from '../model/ports.js';
import words from '../data/extraction.json' with { type: 'json' };

const BLOCK = new Set<string>(words.blockElements);
const SKIPPED = new Set<string>(words.skippedElements);
const VOID = new Set<string>(words.voidElements);
const CLOSED_BY_OPENING = new Map<string, readonly string[]>(Object.entries(words.closedByOpening));

/** The elements open at a point of the document: a stack with a count per name. */
class OpenElements {
  private readonly names: string[] = [];
  private readonly counts = new Map<string, number>();

  push(name: string): void {
    this.names.push(name);
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
  }

  has(name: string): boolean {
    return (this.counts.get(name) ?? 0) > 0;
  }

  top(): string | undefined {
    return this.names[this.names.length - 1];
  }

  /** Closes the innermost open `name` and every element opened inside it, innermost first; nothing when `name` is not open. */
  closeTo(name: string, onClose: (name: string) => void): void {
    if (!this.has(name)) return;
    for (;;) {
      const popped = this.names.pop() as string;
      this.counts.set(popped, (this.counts.get(popped) as number) - 1);
      onClose(popped);
      if (popped === name) return;
    }
  }

  /** Closes every open element, innermost first. */
  closeAll(onClose: (name: string) => void): void {
    while (this.names.length > 0) {
      const popped = this.names.pop() as string;
      this.counts.set(popped, (this.counts.get(popped) as number) - 1);
      onClose(popped);
    }
  }
}

/** The text of an HTML document and where each of its characters came from. */
export interface HtmlText {
  text: string;
  /** Offset in the HTML of text character i (i = text.length gives the end of the input). */
  startOf(i: number): number;
  /** Offset in the HTML after text character i - 1: the end of a span ending at i. */
  endOf(i: number): number;
}

/** True when the input looks like HTML: it starts (after blanks) with a tag, a doctype or a comment, and has a known element. */
export function looksLikeHtml(head: string): boolean {
  const s = head.replace(/^\uFEFF/, '').trimStart();
  if (!s.startsWith('<')) return false;
  return /^<(!doctype\s+html|html[\s>]|!--)/i.test(s) || /<(html|head|body|div|p|br|span|table|td|li|a|h[1-6])[\s/>]/i.test(s.slice(0, 4096));
}

/** Reads HTML as text with an offset map. Never throws on any string. */
export function htmlToText(html: string, HtmlTokenizer: HtmlParserClass): HtmlText {
  const parts: string[] = [];
  // For each piece of text: its start in the output, its start and end in the input, and
  // whether it maps one to one (plain text) or as a whole (an entity, a line break for a tag).
  const outStart: number[] = [];
  const inStart: number[] = [];
  const inEnd: number[] = [];
  const exact: boolean[] = [];
  let length = 0;
  let skipDepth = 0;
  let lastBreak = true; // no line break is added at the very start or after another one
  const push = (text: string, from: number, to: number, oneToOne: boolean): void => {
    if (text === '') return;
    outStart.push(length);
    inStart.push(from);
    inEnd.push(to);
    exact.push(oneToOne);
    parts.push(text);
    length += text.length;
    lastBreak = text.endsWith('\n');
  };
  const lineBreak = (at: number): void => {
    if (!lastBreak) push('\n', at, at, false);
  };
  const open = new OpenElements();
  let last = 0; // where the last token ended: an entity starts there
  const opened = (name: string, at: number): void => {
    if (SKIPPED.has(name)) skipDepth++;
    else if (skipDepth === 0 && BLOCK.has(name)) lineBreak(at);
  };
  const closed = (at: number) => (name: string): void => {
    if (SKIPPED.has(name)) skipDepth = Math.max(0, skipDepth - 1);
    else if (skipDepth === 0 && BLOCK.has(name)) lineBreak(at);
  };
  let current = ''; // the element whose start tag is being read
  const noop = (): void => undefined;
  const callbacks: Callbacks = {
    ontext(start, end) {
      if (skipDepth === 0) push(html.slice(start, end), start, end, true);
      last = end;
    },
    ontextentity(codePoint, end) {
      if (skipDepth === 0) push(String.fromCodePoint(codePoint), last, end, false);
      last = end;
    },
    onopentagname(start, end) {
      const name = html.slice(start, end).toLowerCase();
      const at = start - 1; // the "<"
      for (const implied of CLOSED_BY_OPENING.get(name) ?? []) open.closeTo(implied, closed(at));
      current = name;
      if (!VOID.has(name)) open.push(name);
      opened(name, at);
    },
    onopentagend(end) {
      last = end + 1;
    },
    onselfclosingtag(end) {
      // <div/>: opened and closed at once.
      if (open.top() === current && !VOID.has(current)) open.closeTo(current, closed(end + 1));
      last = end + 1;
    },
    onclosetag(start, end) {
      const name = html.slice(start, end).toLowerCase();
      const at = start - 2; // the "</"
      if (open.has(name)) open.closeTo(name, closed(at));
      else if (name === 'br' || name === 'p') closed(at)(name); // </br> and a stray </p> are read as <br> and <p></p>
      last = end + 1;
    },
    onend() {
      open.closeAll(closed(html.length));
    },
    isInForeignContext() {
      return open.has('svg') || open.has('math');
    },
    onattribdata: noop,
    onattribentity: noop,
    onattribend: noop,
    onattribname: noop,
    oncdata: noop,
    oncomment: noop,
    ondeclaration: noop,
    onprocessinginstruction: noop,
  };
  const tokenizer = new HtmlTokenizer({ decodeEntities: true, recognizeSelfClosing: true }, callbacks);
  try {
    tokenizer.write(html);
    tokenizer.end();
  } catch {
    // htmlparser2 does not throw on malformed markup; this guards the "never throws" promise.
  }
  const text = parts.join('');
  const find = (i: number): number => {
    // The last piece starting at or before i (binary search).
    let lo = 0;
    let hi = outStart.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((outStart[mid] as number) <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  return {
    text,
    startOf(i: number): number {
      if (outStart.length === 0) return html.length;
      if (i >= length) return html.length;
      const k = find(i);
      return exact[k] ? (inStart[k] as number) + (i - (outStart[k] as number)) : (inStart[k] as number);
    },
    endOf(i: number): number {
      if (outStart.length === 0 || i <= 0) return 0;
      const k = find(i - 1);
      return exact[k] ? (inStart[k] as number) + (i - (outStart[k] as number)) : (inEnd[k] as number);
    },
  };
}
