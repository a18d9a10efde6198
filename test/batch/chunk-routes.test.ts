// Rows routed to workers by area (src/batch/chunk-routes.ts): which worker a record goes to,
// and a chunk split into parts and put back together in input order.
import { describe, expect, it } from 'vitest';
import { balanced, mergeResults, routeOf, routeOrder, routing, splitChunk } from '../../src/batch/chunk-routes.js';
import type { ChunkRequest, ChunkResult } from '../../src/batch/batch-protocol.js';

/** A chunk's records split by routeOrder (by ZIP: the records below are of one town, many ZIPs): the order and the parts. */
function split(req: ChunkRequest, workers: number): { order: Uint8Array; parts: (ChunkRequest | null)[] } {
  const order = routeOrder(req, workers, 'zip');
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
  const byZip = (s: string, workers = 4): number => routeOf(s.length, (i) => s.charCodeAt(i), workers, 'zip');

  it('sends the records of one town to one worker, with a ZIP or without, whatever else they hold', () => {
    const w = route('1 Main St, Springfield, IL 62701');
    expect(route('99 Oak Avenue Apt 4,Springfield,IL,62702')).toBe(w);
    expect(route('"7 Elm Rd","Springfield","IL","62703-1234",customer 5')).toBe(w);
    expect(route('12345 Oak Ave Springfield IL')).toBe(w);
    expect(route('12345 OAK AVE SPRINGFIELD IL 62704')).toBe(w);
    // The town is the word before the last state code: a street type that is one (CT) is not it.
    expect(route('5 Oak Ct, Springfield, IL')).toBe(w);
    // ... the last one a ZIP follows, where one does: a note after the address is not it.
    const notes = ['call in the morning', 'leave at door or in box', 'hi me ok', 'de la cruz'];
    for (const note of notes) expect(route(`"7 Elm Rd","Springfield","IL","62703",${note}`), note).toBe(w);
  });

  it('tells towns apart by their state too', () => {
    const towns = ['Springfield, IL', 'Springfield, MO', 'Springfield, MA', 'Springfield, OR', 'Springfield, OH', 'Springfield, VT'];
    expect(new Set(towns.map((t) => route(`1 Main St, ${t}`, 64))).size).toBeGreaterThan(3);
  });

  it('by ZIP, sends the records of one ZIP to one worker, and does not take a house number that starts the line for a ZIP', () => {
    const w = byZip('1 Main St, Springfield, IL 62701');
    expect(byZip('99 Oak Avenue Apt 4,Chatham,IL,62701')).toBe(w);
    expect(byZip('"7 Elm Rd","Chatham","IL","62701-1234",customer 5')).toBe(w);
    expect(byZip('12345 Main St, Springfield, IL')).toBe(byZip('7 Oak Ave, Peoria, IL'));
    expect(byZip('12345 Main St, Springfield, IL')).toBe(byZip('IL'));
  });

  it('goes by the ZIP, else the last word, where no state code is written', () => {
    expect(route('1 Main St, Springfield 62701')).toBe(byZip('1 Main St, Anywhere 62701'));
    expect(route('1 Main St, Springfield')).toBe(route('Springfield'));
  });

  it('spreads towns and ZIPs over every worker, within range', () => {
    const seen = new Array<number>(4).fill(0);
    const seenZips = new Array<number>(4).fill(0);
    for (let zip = 10000; zip < 10400; zip++) {
      const w = route(`1 Main St, Town${String.fromCharCode(97 + (zip % 26), 97 + (Math.floor(zip / 26) % 26))}, NY ${String(zip)}`);
      const z = byZip(`1 Main St, Town, NY ${String(zip)}`);
      for (const x of [w, z]) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThan(4);
      }
      seen[w] = (seen[w] as number) + 1;
      seenZips[z] = (seenZips[z] as number) + 1;
    }
    for (const n of [...seen, ...seenZips]) expect(n).toBeGreaterThan(50);
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
    expect(balanced(routeOrder(bytesChunk(records), 2, 'zip'), 2)).toBe(true);
    const oneZip = bytesChunk(records.map((_, k) => `${String(k)} Main St,Town,NY,10001\n`));
    expect(balanced(routeOrder(oneZip, 2, 'zip'), 2)).toBe(false);
  });

  it('routes a chunk by town, a chunk of one city by ZIP, and a chunk of one ZIP not at all', () => {
    const towns = bytesChunk(records.map((_, k) => `${String(k)} Main St,Town${String.fromCharCode(97 + k)},NY\n`));
    expect(routing(towns, 2)).toEqual(routeOrder(towns, 2));
    // records (above): one town, 40 ZIPs
    const oneCity = bytesChunk(records);
    expect(balanced(routeOrder(oneCity, 2), 2)).toBe(false);
    expect(routing(oneCity, 2)).toEqual(routeOrder(oneCity, 2, 'zip'));
    expect(routing(bytesChunk(records.map((_, k) => `${String(k)} Main St,Town,NY,10001\n`)), 2)).toBeNull();
  });
});
