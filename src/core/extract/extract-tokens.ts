/**
 * The word tokenizer of extraction: splits a stretch of free text into words
 * with their exact offsets, the punctuation around each word and the line
 * breaks before it. Unlike the address tokenizer (tokenize.ts) it keeps the
 * offsets of the original text and never folds or rewrites it, so that a span
 * found in words slices the input exactly. Linear, never throws.
 */

/** One word of free text. */
export interface TextToken {
  start: number; // offset of the word's first character (after leading punctuation)
  end: number; // offset after its last character (before trailing punctuation)
  word: string; // the word upper-cased, periods removed: "P.O." -> "PO", "St." -> "ST"
  lead: string; // punctuation written right before the word: "(", "#", "$", '"'
  trail: string; // punctuation right after it, up to the next blank: ",", ".", ":", ")."
  breaks: number; // line breaks between the previous word and this one (0 for the first)
  upper: boolean; // written in capitals (no lower-case letter in it)
  digit: boolean; // has a digit
}

const LEAD = new Set(['(', '[', '{', '"', "'", '<', '#', '$', '*', '\u201C', '\u2018', '\u00AB']);
const TRAIL = new Set([',', '.', ';', ':', '!', '?', ')', ']', '}', '"', "'", '>', '*', '\u201D', '\u2019', '\u00BB']);

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11 || c === 0xa0 || c === 0x2028 || c === 0x2029 || (c >= 0x2000 && c <= 0x200a) || c === 0x3000 || c === 0xfeff;
}

/** Splits text[from, to) into words; commas and semicolons end a word even without a blank after them. */
export function tokenizeText(text: string, from = 0, to = text.length): TextToken[] {
  const tokens: TextToken[] = [];
  let i = from;
  let breaks = 0;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (isBlank(c)) {
      if (c === 10) breaks++;
      else if (c === 13 && text.charCodeAt(i + 1) !== 10) breaks++;
      i++;
      continue;
    }
    // A chunk: up to the next blank, comma or semicolon (which stays with it as trail).
    let j = i;
    while (j < to) {
      const d = text.charCodeAt(j);
      if (isBlank(d)) break;
      if (d === 44 || d === 59) { j++; break; }
      j++;
    }
    let s = i;
    let e = j;
    while (s < e && LEAD.has(text[s] as string)) s++;
    while (e > s && TRAIL.has(text[e - 1] as string)) e--;
    const lead = text.slice(i, s);
    const trail = text.slice(e, j);
    if (s === e) {
      // Punctuation alone ("#", "-", "&"): kept as a word of its own so that "# 26" stays readable.
      const word = text.slice(i, j).replace(/[,;]+$/, '');
      if (word !== '') tokens.push({ start: i, end: i + word.length, word, lead: '', trail: text.slice(i + word.length, j), breaks, upper: true, digit: false });
      else if (tokens.length > 0) (tokens[tokens.length - 1] as TextToken).trail += text.slice(i, j);
    } else {
      const raw = text.slice(s, e);
      const upperRaw = raw.toUpperCase();
      let digit = false;
      for (let k = 0; k < raw.length; k++) {
        const d = raw.charCodeAt(k);
        if (d >= 48 && d <= 57) { digit = true; break; }
      }
      tokens.push({
        start: s,
        end: e,
        word: upperRaw.indexOf('.') >= 0 ? upperRaw.replace(/\./g, '') : upperRaw,
        lead,
        trail,
        breaks,
        upper: upperRaw === raw,
        digit,
      });
    }
    breaks = 0;
    i = j;
  }
  return tokens;
}
