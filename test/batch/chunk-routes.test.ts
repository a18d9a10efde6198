// Rows routed to workers by area (src/batch/chunk-routes.ts): which worker a record goes to,
// and a chunk split into parts and put back together in input order.
import { describe, expect, it } from 'vitest';
import { balanced, mergeResults, routeOf, routeOrder, splitChunk } from '../../src/batch/chunk-routes.js';
import type { ChunkRequest, ChunkResult } from '../../src/batch/batch-protocol.js';

/** A chunk's records split by routeOrder: the order and the parts. */
function split(req: ChunkRequest, workers: number): { order: Uint8Array; parts: (ChunkRequest | null)[] } {
  const order = routeOrder(req, workers);
  return { order, parts: splitChunk(req, order, workers) };
}

const route = (s: string, workers = 4): number => routeOf(s.length, (i) => s.charCodeAt(i), workers);

/** A bytes chunk of `records` (each with its line break), as the CSV reader makes one. */
function bytesChunk(records: readonly string[], quoted: readonly number[] = []): Extract<ChunkRequest, { kind: 'bytes' }> {
  const parts = records.map((r) => Buffer.from(r));
  const ends = new Uint32Array(records.length);
  let at = 0;
  parts.forEach((p, k) => {
    at += p.length;
    ends[k] = at;
  });
  return { seq: 0, kind: 'bytes', firstRow: 10, bytes: new Uint8Array(Buffer.concat(parts)), ends, quoted: Uint8Array.from(records.map((_, k) => quoted[k] ?? 0)) };
}

/** What a worker would answer for a part: each record's text upper-cased, as an output record. */
function answer(part: ChunkRequest): ChunkResult {
  if (part.kind === 'rows') return { seq: part.seq, text: null, textEnds: null, rows: part.rows.map((r, k) => [...r, String(part.rowNumbers?.[k])]), statuses: { VALIDATED: part.rows.length } };
  const text = Buffer.from(Buffer.from(part.bytes).toString('utf8').toUpperCase());
  return { seq: part.seq, text: new Uint8Array(text), textEnds: part.ends, rows: null, statuses: { VALIDATED: part.ends.length } };
}

describe('routeOf', () => {
  it('sends the records of one ZIP to one worker, whatever else they hold', () => {
    const w = route('1 Main St, Springfield, IL 62701');
    expect(route('99 Oak Avenue Apt 4,Springfield,IL,62701')).toBe(w);
    expect(route('"7 Elm Rd","Chatham","IL","62701-1234",customer 5')).toBe(w);
    expect(route('12345 Oak Ave Springfield IL 62701')).toBe(w);
  });

  it('does not take a house number that starts the line for a ZIP, and goes by the last word without one', () => {
    expect(route('12345 Main St, Springfield, IL')).toBe(route('7 Oak Ave, Peoria, IL'));
    expect(route('12345 Main St, Springfield, IL')).toBe(route('IL'));
  });

  it('spreads ZIPs over every worker, within range', () => {
    const seen = new Array<number>(4).fill(0);
    for (let zip = 10000; zip < 10400; zip++) {
      const w = route(`1 Main St, Town, NY ${String(zip)}`);
      expect(w).toBeGreaterThanOrEqual(0);
      expect(w).toBeLessThan(4);
      seen[w] = (seen[w] as number) + 1;
    }
    for (const n of seen) expect(n).toBeGreaterThan(50);
    expect(route('', 3)).toBe(0);
  });
});

describe('routeOrder, splitChunk and mergeResults', () => {
  const records = Array.from({ length: 40 }, (_, k) => `${String(k)} Main St,Town,NY,${String(10000 + k * 7)}\r\n`);
  records[3] = '"3 Main St, Apt ""B""",Town,NY,é10021\n';

  it('splits a bytes chunk by worker, keeping each record, its quoting and its row number, and puts the outputs back in order', () => {
    const chunk = bytesChunk(records, [0, 0, 0, 1]);
    const routed = split(chunk, 3);
    expect(routed.order).toHaveLength(40);
    const results = routed.parts.map((part, w) => {
      if (part === null) return null;
      if (part.kind !== 'bytes') throw new Error('bytes expected');
      const mine = [...routed.order.keys()].filter((k) => routed.order[k] === w);
      expect(Buffer.from(part.bytes).toString('utf8')).toBe(mine.map((k) => records[k]).join(''));
      expect(part.rowNumbers).toEqual(mine.map((k) => 10 + k));
      expect([...part.quoted]).toEqual(mine.map((k) => (k === 3 ? 1 : 0)));
      return answer(part);
    });
    const merged = mergeResults(results, routed.order, 7);
    expect(merged.seq).toBe(7);
    expect(Buffer.from(merged.text as Uint8Array).toString('utf8')).toBe(records.join('').toUpperCase());
    expect([...(merged.textEnds as Uint32Array)]).toEqual([...chunk.ends].map((_, k) => Buffer.byteLength(records.slice(0, k + 1).join('').toUpperCase())));
    expect(merged.statuses).toEqual({ VALIDATED: 40 });
  });

  it('splits a chunk of rows (a workbook) and merges rows back in order', () => {
    const rows = records.map((r) => r.trim().split(','));
    const chunk: ChunkRequest = { seq: 0, kind: 'rows', rows, types: rows.map(() => ''), rowNumbers: rows.map((_, k) => 100 + k * 2) };
    const routed = split(chunk, 2);
    const merged = mergeResults(routed.parts.map((p) => (p === null ? null : answer(p))), routed.order, 1);
    expect(merged.rows).toEqual(rows.map((r, k) => [...r, String(100 + k * 2)]));
  });

  it('calls a chunk balanced only when no worker gets much more than an even share', () => {
    expect(balanced(routeOrder(bytesChunk(records), 2), 2)).toBe(true);
    const oneZip = bytesChunk(records.map((_, k) => `${String(k)} Main St,Town,NY,10001\n`));
    expect(balanced(routeOrder(oneZip, 2), 2)).toBe(false);
  });
});
