// The regression corpus of test/fixtures/corpus (README.md there): its rows, the components a
// parse gives in the rows' compact form, and the readable diff of the rows a parser gets wrong.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInput, ParsedAddress } from '../../src/core/model/types.js';

/** The folder of the corpus files. */
export const CORPUS_DIR = fileURLToPath(new URL('../fixtures/corpus/', import.meta.url));

/** What a row expects: the non-null components (cross_street likewise), and `unparsed` when any. */
export type Expected = Record<string, unknown>;

/** One row, with where it is. */
export interface CorpusRow {
  file: string;
  line: number;
  input: AddressInput;
  expected: Expected;
  note?: string;
}

/** The .jsonl files of the corpus, by name. */
export function corpusFiles(): string[] {
  return readdirSync(CORPUS_DIR).filter((f) => f.endsWith('.jsonl')).sort();
}

/** The rows of one corpus file. */
export function readCorpus(file: string): CorpusRow[] {
  return readFileSync(join(CORPUS_DIR, file), 'utf8').split('\n').flatMap((text, i) => {
    if (text.trim() === '') return [];
    const row = JSON.parse(text) as Omit<CorpusRow, 'file' | 'line'>;
    return [{ ...row, file, line: i + 1 }];
  });
}

const nonNull = (o: object): Record<string, unknown> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));

/** A parse in the rows' form. */
export function compact(parsed: ParsedAddress): Expected {
  const out: Expected = {};
  for (const [k, v] of Object.entries(parsed.components)) {
    if (v !== null && v !== undefined) out[k] = k === 'cross_street' ? nonNull(v as object) : v;
  }
  if (parsed.unparsed.length > 0) out.unparsed = parsed.unparsed;
  return out;
}

const show = (v: unknown): string => (v === undefined ? '(none)' : JSON.stringify(v));

/** The fields where `got` differs from `expected`, one line each. */
function fieldDiff(expected: Expected, got: Expected): string[] {
  const keys = [...new Set([...Object.keys(expected), ...Object.keys(got)])];
  return keys.filter((k) => JSON.stringify(expected[k]) !== JSON.stringify(got[k]))
    .map((k) => `    ${k}: expected ${show(expected[k])}, got ${show(got[k])}`);
}

/**
 * Runs every row through `normalize` and returns the rows it answers differently, as text:
 * `file:line  input` then one line per differing field. '' when every row is right.
 */
export function corpusDiff(rows: readonly CorpusRow[], normalize: (input: AddressInput) => ParsedAddress): { text: string; failed: CorpusRow[]; got: Map<CorpusRow, Expected> } {
  const out: string[] = [];
  const failed: CorpusRow[] = [];
  const got = new Map<CorpusRow, Expected>();
  for (const row of rows) {
    const answer = compact(normalize(row.input));
    const lines = fieldDiff(row.expected, answer);
    if (lines.length === 0) continue;
    failed.push(row);
    got.set(row, answer);
    out.push(`${row.file}:${row.line}  ${JSON.stringify(row.input)}${row.note !== undefined ? `  (${row.note})` : ''}`, ...lines);
  }
  return { text: out.join('\n'), failed, got };
}

/** Rewrites the expected answers of `failed` rows of a hand-written file with what was got (ADDR_CORPUS_UPDATE=1). */
export function updateCorpusFile(file: string, got: Map<CorpusRow, Expected>): void {
  const lines = readFileSync(join(CORPUS_DIR, file), 'utf8').split('\n');
  for (const [row, answer] of got) {
    if (row.file !== file) continue;
    const { file: _f, line: _l, ...kept } = row;
    lines[row.line - 1] = JSON.stringify({ ...kept, expected: answer });
  }
  writeFileSync(join(CORPUS_DIR, file), lines.join('\n'));
}
