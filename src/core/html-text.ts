/**
 * HTML read as its text, for extraction: tags dropped, entities decoded, block
 * elements (p, div, li, td, br ...) read as line breaks, script, style and the
 * like skipped; with an offset map from every character of the text back to
 * the original input, so that an address found in the text is reported at its
 * place in the HTML. Uses htmlparser2 (a streaming, forgiving parser), whose
 * Parser class the caller passes in: the engine's port `html` (core/ports.ts)
 * loads it at the first HTML read. Pure.
 */
import type { Parser } from 'htmlparser2';
import type { HtmlParserClass } from './ports.js';
import words from './data/extraction.json' with { type: 'json' };

const BLOCK = new Set<string>(words.blockElements);
const SKIPPED = new Set<string>(words.skippedElements);

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
export function htmlToText(html: string, HtmlParser: HtmlParserClass): HtmlText {
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
  const parser: Parser = new HtmlParser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipDepth++;
        else if (skipDepth === 0 && BLOCK.has(name)) lineBreak(parser.startIndex);
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipDepth = Math.max(0, skipDepth - 1);
        else if (skipDepth === 0 && BLOCK.has(name)) lineBreak(parser.startIndex);
      },
      ontext(data) {
        if (skipDepth > 0) return;
        const from = parser.startIndex;
        const to = parser.endIndex + 1;
        // Text the parser did not change (no entity in it) maps character by character.
        push(data, from, to, to - from === data.length && html.slice(from, to) === data);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  try {
    parser.write(html);
    parser.end();
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
