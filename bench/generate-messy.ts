/**
 * Deterministic generator of messy one-line addresses for benchmarks, the shapes users pipe in:
 * the inputs of the project's own regression corpus (test/fixtures/corpus/*.jsonl, structured
 * rows joined into one line) with the noise of real files laid over them, each kind of noise at
 * its own rate: commas dropped, all lower or upper case, a recipient or a company before the
 * address, a unit added, a typo in a word, periods after abbreviations, doubled spaces, a
 * ZIP+4, the ZIP or the whole last line missing, a trailing country. The clean bench addresses
 * (generate-addresses.ts) are reported apart.
 *
 *   node dist/bench/generate-messy.js [COUNT] [SEED] > messy.txt
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prng } from './generate-addresses.js';

const CORPUS = fileURLToPath(new URL('../../test/fixtures/corpus/', import.meta.url));

const RECIPIENTS = ['John Smith', 'Mary Ann Lopez', 'Attn: Accounts Payable', 'c/o Robert Chen', 'Acme Supply Co', 'Dr. Patel', 'Jones Family', 'ABC Plumbing LLC',
  'Sarah & Tom Miller', 'Receiving Dept', 'Ofc of the Registrar', 'Riverside Dental Group'];
const UNITS = ['Apt 4', 'apt 12B', '# 210', '#3', 'Ste 200', 'Suite 1400', 'Unit C', 'Fl 2', 'Rm 105', 'Bldg 7', 'APT. 3-A', 'Lot 22', 'Trlr 15', 'Dept 5021'];
const COUNTRIES = ['USA', 'US', 'United States'];

/** The one-line inputs of the regression corpus, in file order. */
export function corpusLines(dir = CORPUS): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const input = (JSON.parse(line) as { input: unknown }).input;
      if (typeof input === 'string') out.push(input);
      else if (typeof input === 'object' && input !== null) {
        const f = input as Record<string, string | undefined>;
        out.push([f.line1, f.line2, f.city, [f.state, f.zip].filter(Boolean).join(' ')].filter((p) => p !== undefined && p !== '').join(', '));
      }
    }
  }
  return out.filter((l) => l.trim() !== '');
}

/** A typo in one letter of a word of letters (swapped with the next, dropped, or doubled). */
function typo(word: string, rnd: () => number): string {
  if (word.length < 4 || !/^[A-Za-z]+$/.test(word)) return word;
  const at = 1 + Math.floor(rnd() * (word.length - 2));
  const kind = rnd();
  if (kind < 0.4) return word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2);
  if (kind < 0.7) return word.slice(0, at) + word.slice(at + 1);
  return word.slice(0, at) + (word[at] ?? '') + word.slice(at);
}

/** One messy line from a clean one. */
export function messUp(line: string, rnd: () => number): string {
  let s = line;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  // The last line: sometimes the ZIP, sometimes everything after the street line, is missing.
  const r = rnd();
  if (r < 0.05) s = s.replace(/,?\s*\d{5}(?:-\d{4})?\s*$/, '');
  else if (r < 0.08 && s.includes(',')) s = s.slice(0, s.indexOf(','));
  else if (r < 0.18) s = s.replace(/\b(\d{5})\s*$/, (_m, zip: string) => `${zip}-${String(1000 + Math.floor(rnd() * 9000))}`);
  // A unit after the street line (before the first comma, or the end).
  if (rnd() < 0.15 && /^\d/.test(s)) {
    const comma = s.indexOf(',');
    const unit = pick(UNITS);
    s = comma > 0 ? `${s.slice(0, comma)}${rnd() < 0.5 ? ',' : ''} ${unit}${s.slice(comma)}` : `${s} ${unit}`;
  }
  if (rnd() < 0.12) s = `${pick(RECIPIENTS)}${rnd() < 0.5 ? ', ' : ' '}${s}`;
  if (rnd() < 0.12) s = s.split(' ').map((w) => (rnd() < 0.25 ? typo(w, rnd) : w)).join(' ');
  if (rnd() < 0.15) s = s.replace(/\b(St|Ave|Rd|Dr|Blvd|Ln|Ct|N|S|E|W)\b(?!\.)/g, (w) => (rnd() < 0.6 ? `${w}.` : w));
  if (rnd() < 0.55) s = s.replace(/,/g, rnd() < 0.8 ? '' : ' ');
  const c = rnd();
  if (c < 0.3) s = s.toLowerCase();
  else if (c < 0.55) s = s.toUpperCase();
  if (rnd() < 0.08) s = s.replace(/ /g, (m) => (rnd() < 0.2 ? '  ' : m));
  if (rnd() < 0.04) s = `${s}${rnd() < 0.5 ? ', ' : ' '}${pick(COUNTRIES)}`;
  return s.replace(/\s+$/, '').replace(/^\s+/, '');
}

/** `count` messy lines: the corpus inputs in a seeded order, each messed up in its own way. */
export function generateMessy(count: number, seed = 11, lines: readonly string[] = corpusLines()): string[] {
  const rnd = prng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(messUp(lines[Math.floor(rnd() * lines.length)] as string, rnd));
  return out;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const count = Number.parseInt(process.argv[2] ?? '100000', 10);
  const seed = Number.parseInt(process.argv[3] ?? '11', 10);
  process.stdout.write(`${generateMessy(count, seed).join('\n')}\n`);
}
