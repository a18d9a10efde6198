/**
 * The number spans of a street's edges, kept beside the street (range_streets.spans, migration
 * 3 of ranges-migrations.ts): for each edge the street carries, its row id and each side's
 * range, ZIP and parity, in fixed-width big-endian fields. A lookup of a number decides which
 * edges hold it from the street's row alone, without reading each edge's row (the line is read
 * only for the edge an answer uses); docs/performance.md, "The range layer at national scale".
 *
 * One edge is SPAN_BYTES bytes: id (8), left from, left to, right from, right to (4 each), left
 * ZIP, right ZIP (4 each, the five digits as a number), left parity, right parity (1 each: the
 * character code of O, E or B; 0 for a side without a range; INEXACT when a value does not fit
 * the fields, so the street is read from its edges' rows as before).
 */
import type { Parity, RangeSide } from '../core/ranges/range-store.js';
import { intern } from '../core/util/intern.js';
import { ZIP_NUMBERS, zipTable } from '../core/util/zip-number.js';

/** The bytes of one edge in range_streets.spans. */
export const SPAN_BYTES = 34;

/** The parity byte of a side whose values do not fit the fields. */
export const INEXACT = 0x80;

const MAX_NUMBER = 2_147_483_646;

/** The parity byte of side `s` (l or r) of the edge row aliased `e`, in SQL. */
function parityByte(e: string, s: 'l' | 'r'): string {
  const [from, to, zip, parity] = [`${e}.${s}from`, `${e}.${s}to`, `${e}.${s}zip`, `${e}.${s}parity`];
  const exact = `typeof(${from}) = 'integer' AND typeof(${to}) = 'integer' AND ${from} BETWEEN 0 AND ${MAX_NUMBER} AND ${to} BETWEEN 0 AND ${MAX_NUMBER}
    AND typeof(${zip}) = 'text' AND ${zip} GLOB '[0-9][0-9][0-9][0-9][0-9]' AND (${parity} IS NULL OR ${parity} IN ('O', 'E', 'B'))`;
  return `CASE WHEN ${from} IS NULL OR ${to} IS NULL OR ${zip} IS NULL THEN 0 WHEN ${exact} THEN unicode(coalesce(${parity}, 'B')) ELSE ${INEXACT} END`;
}

/** A number field in SQL: the value where it fits (else 0: its side is INEXACT or has no range). */
const numberField = (v: string): string => `CASE WHEN typeof(${v}) = 'integer' AND ${v} BETWEEN 0 AND ${MAX_NUMBER} THEN ${v} ELSE 0 END`;
const zipField = (v: string): string => `CASE WHEN typeof(${v}) = 'text' AND ${v} GLOB '[0-9][0-9][0-9][0-9][0-9]' THEN CAST(${v} AS INTEGER) ELSE 0 END`;

/** The SQL expression of one edge's span as hex (unhex() makes the bytes), from the edges row aliased `e`. */
export function spanHexSql(e: string): string {
  return `printf('%016X%08X%08X%08X%08X%08X%08X%02X%02X', ${e}.id, ${numberField(`${e}.lfrom`)}, ${numberField(`${e}.lto`)}, ${numberField(`${e}.rfrom`)}, ${numberField(`${e}.rto`)},
    ${zipField(`${e}.lzip`)}, ${zipField(`${e}.rzip`)}, ${parityByte(e, 'l')}, ${parityByte(e, 'r')})`;
}

/** The UPDATE that writes the spans of the streets `where` selects (a condition on range_streets), from their links and edges. */
export function fillSpansSql(where: string): string {
  return `UPDATE range_streets SET spans = (SELECT unhex(group_concat(${spanHexSql('e')}, '' ORDER BY se.edge_id))
    FROM street_edges se JOIN edges e ON e.id = se.edge_id WHERE se.street_id = range_streets.id) WHERE ${where}`;
}

/** One edge as its span says: its id and sides. */
export interface EdgeSpan { id: number; left: RangeSide | null; right: RangeSide | null }

// The text of each ZIP number, made once and interned (core/util/intern.ts), kept by the number
// (an array read, not a hashed lookup): every side of every edge decoded carries one, which the
// range layer then compares and looks up (a string made once is hashed once).
const ZIP_TEXTS = zipTable<string>();
const zipText = (n: number): string => {
  if (n >= ZIP_NUMBERS) return String(n);
  let text = ZIP_TEXTS[n];
  if (text === undefined) ZIP_TEXTS[n] = text = intern(String(n).padStart(5, '0'));
  return text;
};

// The parity of each parity byte the spans hold (O, E, B).
const PARITY_TEXT: Partial<Record<number, Parity>> = { 0x4f: 'O', 0x45: 'E', 0x42: 'B' };

// Offsets in an edge's bytes.
const L_FROM = 8, R_FROM = 16, L_ZIP = 24, R_ZIP = 28, L_PARITY = 32, R_PARITY = 33;

/** The unsigned 32-bit big-endian number at `at` (as Buffer.readUInt32BE, without its checks: callers stay within whole edges). */
const u32 = (b: Buffer, at: number): number => (b[at] as number) * 0x100_0000 + (((b[at + 1] as number) << 16) | ((b[at + 2] as number) << 8) | (b[at + 3] as number));

/** A side from its from, to (at `at`, `at` + 4), ZIP (at `zipAt`) and parity byte. */
function sideAt(b: Buffer, at: number, zipAt: number, parity: number): RangeSide | null {
  if (parity === 0) return null;
  return { from: u32(b, at), to: u32(b, at + 4), parity: PARITY_TEXT[parity] ?? (String.fromCharCode(parity) as Parity), zip5: zipText(u32(b, zipAt)) };
}

/** Whether the spans can be read (false: not a BLOB, some edge is INEXACT, or the length is not whole edges). */
export function spansExact(b: unknown): b is Buffer {
  if (!Buffer.isBuffer(b) || b.length % SPAN_BYTES !== 0) return false;
  for (let at = 0; at < b.length; at += SPAN_BYTES) if ((((b[at + L_PARITY] as number) | (b[at + R_PARITY] as number)) & INEXACT) !== 0) return false;
  return true;
}

/** Whether the side whose from, to are at `at`, `at` + 4 holds n, either way round. */
function holdsAt(b: Buffer, at: number, parity: number, n: number): boolean {
  if (parity === 0) return false;
  const from = u32(b, at);
  const to = u32(b, at + 4);
  return from <= to ? n >= from && n <= to : n >= to && n <= from;
}

/**
 * The edges of exact spans (spansExact) with a side whose range holds n either way round (parity
 * not checked), or every edge when n is null; by id, the order of the edges' rows.
 */
export function decodeSpans(b: Buffer, n: number | null): EdgeSpan[] {
  const out: EdgeSpan[] = [];
  for (let at = 0; at < b.length; at += SPAN_BYTES) {
    const lp = b[at + L_PARITY] as number;
    const rp = b[at + R_PARITY] as number;
    if (n !== null && !holdsAt(b, at + L_FROM, lp, n) && !holdsAt(b, at + R_FROM, rp, n)) continue;
    const id = u32(b, at) * 0x1_0000_0000 + u32(b, at + 4);
    out.push({ id, left: sideAt(b, at + L_FROM, at + L_ZIP, lp), right: sideAt(b, at + R_FROM, at + R_ZIP, rp) });
  }
  if (out.length > 1) out.sort((x, y) => x.id - y.id);
  return out;
}
