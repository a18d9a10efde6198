/**
 * Rows routed to workers by area, for a run with street data (imported points or ranges): the
 * records of a chunk are split by the area they name, each part goes to the worker of its area,
 * and the parts' outputs are put back in input order (run-loop.ts). Each engine then reads and
 * unpacks the streets of its areas only: a street's first read (the database, the points'
 * unpacking) is most of what points add to a run, and with the chunks dealt whole every worker
 * read nearly every street (docs/performance.md, "addr batch with points").
 *
 * The area is read from a record's text without parsing it: its town, the word before its last
 * state code that a ZIP follows, else before its last state code (`Springfield, IL`; the last
 * word of a city's name; a note after the address may hold an `in` or `or`), so that the
 * records of a town with and without a ZIP go to one worker; else its last run of exactly five
 * digits that has a letter before it (a ZIP; a house number that starts the line is not taken),
 * else its last word of letters. A chunk whose records crowd into one worker by town (a file of one city) is routed
 * by ZIP instead, the way a city's streets are filed; where they crowd by ZIP too (a file of one
 * ZIP), the chunk is not routed (`balanced`): the workers share it as before. A wrong guess costs
 * only locality: every record is validated the same on whichever worker it lands.
 */
import { isDigitCode } from '../core/parse/chars.js';
import { STATE_CODES } from '../core/parse/pub28.js';
import type { ChunkRequest, ChunkResult } from './batch-protocol.js';

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16777619;

/** The state codes by their two letters (lower case, as routeOf folds them): (first - 97) * 26 + (second - 97). */
const IS_STATE = new Uint8Array(26 * 26);
for (const code of STATE_CODES) IS_STATE[((code.charCodeAt(0) | 0x20) - 97) * 26 + ((code.charCodeAt(1) | 0x20) - 97)] = 1;

/** What a record is routed by: its town (else its ZIP), or its ZIP. */
export type RouteBy = 'town' | 'zip';

/** The worker of a record whose text is `length` char codes read by `code`, among `workers`. */
export function routeOf(length: number, code: (i: number) => number, workers: number, by: RouteBy = 'town'): number {
  let sawLetter = false;
  let digits = 0; // length of the current run of digits
  let value = 0; // its value
  let area = -1; // the ZIP, once seen
  let letters = 0; // length of the current word of letters
  let hash = FNV_OFFSET; // of the current word
  let first = 0; // its first two letters (lower case)
  let second = 0;
  let lastWord = 0; // hash of the last word of two letters or more
  let town = -1; // hash of the word before the last state code and of the code, once seen
  let sinceState = -1; // that town while no other word came after its state code
  let townOfZip = -1; // the town of the last state code a ZIP follows (not an `in` or `or` of a note)
  for (let i = 0; i <= length; i++) {
    const c = i < length ? code(i) : 0;
    if (isDigitCode(c)) {
      value = value * 10 + (c - 48);
      digits++;
      continue;
    }
    if (digits === 5 && sawLetter) {
      area = value;
      if (sinceState >= 0) townOfZip = sinceState;
    }
    digits = 0;
    value = 0;
    const lower = c | 0x20;
    if (lower >= 97 && lower <= 122) {
      if (letters === 0) hash = FNV_OFFSET;
      hash = Math.imul(hash ^ lower, FNV_PRIME);
      if (letters === 0) first = lower;
      else if (letters === 1) second = lower;
      letters++;
      sawLetter = true;
    } else {
      if (letters === 2 && IS_STATE[(first - 97) * 26 + (second - 97)] === 1) sinceState = town = (Math.imul(lastWord, 31) ^ hash) >>> 0;
      else if (letters > 0) sinceState = -1;
      if (letters >= 2) lastWord = hash;
      letters = 0;
    }
  }
  const key = by === 'town' && townOfZip >= 0 ? townOfZip : by === 'town' && town >= 0 ? town : area >= 0 ? area : lastWord;
  return mix(key) % workers;
}

/** A 32-bit mix (MurmurHash3's finalizer): every bit of `h` moves the low bits, so that a city's ZIPs, often consecutive, spread over the workers evenly. */
function mix(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** The largest part's share of a routed chunk's records at which it is sent whole instead, as a share of an even split. */
const MOST_OVER_EVEN = 1.5;

/** Whether records routed as `order` says are spread evenly enough over `workers` for the parts to be sent. */
export function balanced(order: Uint8Array, workers: number): boolean {
  const counts = new Uint32Array(workers);
  for (const w of order) counts[w] = (counts[w] as number) + 1;
  return Math.max(...counts) <= (order.length / workers) * MOST_OVER_EVEN;
}

/**
 * How a chunk is routed: the worker of each record by town, else (a chunk of one city) by ZIP, or
 * null when its records crowd into one worker either way (a chunk of one ZIP: dealt whole).
 */
export function routing(req: ChunkRequest, workers: number): Uint8Array | null {
  const byTown = routeOrder(req, workers);
  if (balanced(byTown, workers)) return byTown;
  const byZip = routeOrder(req, workers, 'zip');
  return balanced(byZip, workers) ? byZip : null;
}

/** The worker of each record of a chunk (routeOf), among `workers`. */
export function routeOrder(req: ChunkRequest, workers: number, by: RouteBy = 'town'): Uint8Array {
  if (req.kind === 'rows') {
    return Uint8Array.from(req.rows, (row) => {
      const text = row.join(' ');
      return routeOf(text.length, (i) => text.charCodeAt(i), workers, by);
    });
  }
  const { bytes, ends } = req;
  const order = new Uint8Array(ends.length);
  let start = 0;
  for (let k = 0; k < ends.length; k++) {
    const end = ends[k] as number;
    const from = start;
    order[k] = routeOf(end - from, (i) => bytes[from + i] as number, workers, by);
    start = end;
  }
  return order;
}

function splitBytes(req: Extract<ChunkRequest, { kind: 'bytes' }>, order: Uint8Array, workers: number): (ChunkRequest | null)[] {
  const { bytes, ends, quoted } = req;
  const counts = new Array<number>(workers).fill(0);
  const sizes = new Array<number>(workers).fill(0);
  for (let k = 0, start = 0; k < ends.length; start = ends[k] as number, k++) {
    const w = order[k] as number;
    counts[w] = (counts[w] as number) + 1;
    sizes[w] = (sizes[w] as number) + (ends[k] as number) - start;
  }
  const first = req.firstRow ?? 2;
  const parts: (ChunkRequest | null)[] = counts.map((count, w) => (count === 0 ? null : {
    seq: req.seq,
    kind: 'bytes',
    bytes: new Uint8Array(sizes[w] as number),
    ends: new Uint32Array(count),
    quoted: new Uint8Array(count),
    rowNumbers: new Array<number>(count),
  }));
  const filled = new Array<number>(workers).fill(0);
  const written = new Array<number>(workers).fill(0);
  let start = 0;
  for (let k = 0; k < ends.length; k++) {
    const end = ends[k] as number;
    const w = order[k] as number;
    const part = parts[w] as Extract<ChunkRequest, { kind: 'bytes' }>;
    const j = filled[w] as number;
    const at = written[w] as number;
    part.bytes.set(bytes.subarray(start, end), at);
    written[w] = at + end - start;
    part.ends[j] = at + end - start;
    part.quoted[j] = quoted[k] as number;
    (part.rowNumbers as number[])[j] = first + k;
    filled[w] = j + 1;
    start = end;
  }
  return parts;
}

function splitRows(req: Extract<ChunkRequest, { kind: 'rows' }>, order: Uint8Array, workers: number): (ChunkRequest | null)[] {
  const first = req.firstRow ?? 2;
  const parts: Extract<ChunkRequest, { kind: 'rows' }>[] = [];
  for (let w = 0; w < workers; w++) parts.push({ seq: req.seq, kind: 'rows', rows: [], types: [], rowNumbers: [] });
  for (let k = 0; k < req.rows.length; k++) {
    const part = parts[order[k] as number] as (typeof parts)[number];
    part.rows.push(req.rows[k] as string[]);
    part.types.push(req.types[k] ?? '');
    (part.rowNumbers as number[]).push(req.rowNumbers?.[k] ?? first + k);
  }
  return parts.map((p) => (p.rows.length === 0 ? null : p));
}

/** A chunk's records split as `order` says: `parts[w]` holds worker w's (null: none), each with its output row number. */
export function splitChunk(req: ChunkRequest, order: Uint8Array, workers: number): (ChunkRequest | null)[] {
  return req.kind === 'bytes' ? splitBytes(req, order, workers) : splitRows(req, order, workers);
}

/** Encoded records and where each ends (a chunk's text output). */
export interface EncodedRecords {
  text: Uint8Array;
  ends: Uint32Array;
}

/** The records of routed parts (`parts[w]`: worker w's, null where it had none) put back in input order. */
export function mergeRecords(parts: readonly (EncodedRecords | null)[], order: Uint8Array): EncodedRecords {
  let size = 0;
  for (const p of parts) size += p?.text.length ?? 0;
  const text = new Uint8Array(size);
  const ends = new Uint32Array(order.length);
  const next = new Uint32Array(parts.length); // each part's next record
  let at = 0;
  // Each run of records from one part is one copy: they lie one after another in its text.
  for (let k = 0; k < order.length;) {
    const w = order[k] as number;
    const part = parts[w] as EncodedRecords;
    const first = next[w] as number;
    const from = first === 0 ? 0 : (part.ends[first - 1] as number);
    let j = first;
    for (; k < order.length && order[k] === w; k++, j++) ends[k] = at + (part.ends[j] as number) - from;
    const to = part.ends[j - 1] as number;
    text.set(part.text.subarray(from, to), at);
    at += to - from;
    next[w] = j;
  }
  return { text, ends };
}

/**
 * The output of a routed chunk, in input order, from its parts' outputs (`results[w]`: worker
 * w's, null where it had no records): rows, or a text or worksheet output put together from
 * each part's records (each part's `textEnds` says where they end).
 */
export function mergeResults(results: readonly (ChunkResult | null)[], order: Uint8Array, seq: number): ChunkResult {
  const statuses: Record<string, number> = {};
  for (const r of results) {
    if (r === null) continue;
    for (const [status, n] of Object.entries(r.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
  }
  const some = results.find((r) => r !== null) as ChunkResult;
  if (some.rows !== null) {
    const next = new Uint32Array(results.length); // each part's next row
    const rows = Array.from(order, (w) => (results[w] as ChunkResult).rows?.[(next[w] as number)++] as string[]);
    return { seq, text: null, textEnds: null, rows, statuses };
  }
  const { text, ends } = mergeRecords(results.map((r) => (r === null ? null : { text: r.text as Uint8Array, ends: r.textEnds as Uint32Array })), order);
  return { seq, text, textEnds: ends, rows: null, statuses };
}
