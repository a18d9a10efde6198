/**
 * The parser's token cursor: the tokens of one line (src/core/parse/tokenize.ts) read by index, their
 * texts and sections, the text they make and the text as written.
 */
import type { Token } from './tokenize.js';
import { hasDigit } from './chars.js';

export class TokenCursor {
  /** The token texts (upper case, folded). */
  readonly t: string[];
  /** The section (between commas, semicolons, line breaks) of each token. */
  readonly sec: number[];

  constructor(readonly tokens: Token[], readonly source: string, readonly sourceIsUpper: boolean) {
    // Filled by push, so every line's arrays have the same elements kind (map's did not).
    const t: string[] = [];
    const sec: number[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const tok = tokens[i] as Token;
      t.push(tok.text);
      sec.push(tok.section);
    }
    this.t = t;
    this.sec = sec;
  }

  /** The text of token i; '' outside the line (no token is empty). */
  w(i: number): string {
    return this.t[i] ?? '';
  }

  /**
   * The text of token i, undefined outside the line: t[i] without reading past the array's end
   * (which V8's optimized code treats as a case of its own and deoptimizes on, the first time).
   */
  at(i: number): string | undefined {
    return i >= 0 && i < this.t.length ? this.t[i] : undefined;
  }

  /** Tokens [from, to) as written, upper-cased, joined by spaces. */
  rawOf(from: number, to: number): string {
    let out = '';
    for (let k = from; k < to; k++) {
      const tok = this.tokens[k] as Token;
      out += (k > from ? ' ' : '') + this.source.slice(tok.start, tok.end);
    }
    return this.sourceIsUpper ? out : out.toUpperCase();
  }

  /** Token texts [from, to) joined by spaces. */
  text(from: number, to: number): string {
    if (to - from === 1) return this.w(from);
    let out = '';
    for (let k = from; k < to; k++) out += (k > from ? ' ' : '') + this.w(k);
    return out;
  }

  /** True when token i begins a new comma-separated section. */
  startsSection(i: number): boolean {
    return i > 0 && this.sec[i] !== this.sec[i - 1];
  }

  /** Index after the last token of the section that holds token i (bounded by limit). */
  sectionEnd(i: number, limit: number): number {
    let j = i + 1;
    while (j < limit && !this.startsSection(j)) j++;
    return j;
  }

  /** The last of the tokens [s, e) that has a digit, or -1. */
  lastDigitAt(s: number, e: number): number {
    for (let q = e - 1; q >= s; q--) if (hasDigit(this.w(q))) return q;
    return -1;
  }
}
