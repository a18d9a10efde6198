/**
 * The edges of ranges.sqlite as the range store hands them to the engine (RangeEdge of
 * src/core/ranges/range-store.ts): from a row of `edges` (StoredEdge), or from a street's spans
 * (SpanEdge, range-spans.ts), whose TLID and line are read from the store when first asked for;
 * and the encoding of an edge's line (Int32 micro-degrees).
 */
import type { Parity, RangeEdge, RangeSide } from '../core/ranges/range-store.js';
import type { EdgeSpan } from './range-spans.js';

/** Where a SpanEdge reads its TLID and line (the range store, ranges-db.ts). */
export interface EdgeLines {
  lineOf(edgeId: number): { tlid: number; line: Float64Array };
}

/** The line of an edge from its BLOB (Int32 micro-degrees) as degrees. */
export function decodeCoords(blob: Buffer): Float64Array {
  const n = blob.length >> 2;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = blob.readInt32LE(i * 4) / 1e6;
  return out;
}

/** The BLOB of a line (lon, lat pairs in degrees). */
export function encodeCoords(coords: ArrayLike<number>): Buffer {
  const out = Buffer.allocUnsafe(coords.length * 4);
  for (let i = 0; i < coords.length; i++) out.writeInt32LE(Math.round((coords[i] as number) * 1e6), i * 4);
  return out;
}

/** A row of EDGE_COLUMNS, in their order (read raw: arrays cost less than row objects). */
export type EdgeRow = [number, number, number | null, number | null, string | null, string | null, number | null, number | null, string | null, string | null, Buffer];

function sideOf(from: number | null, to: number | null, parity: string | null, zip: string | null): RangeSide | null {
  if (from === null || to === null || zip === null) return null;
  return { from, to, parity: (parity ?? 'B') as Parity, zip5: zip };
}

/** An edge whose line is decoded when first read: most edges a lookup reads are only asked whether a side holds a number. */
class StoredEdge implements RangeEdge {
  readonly id: number;
  readonly tlid: number;
  readonly left: RangeSide | null;
  readonly right: RangeSide | null;
  private blob: Buffer | null;
  private line: Float64Array | null = null;
  constructor(r: EdgeRow) {
    this.id = r[0];
    this.tlid = r[1];
    this.left = sideOf(r[2], r[3], r[4], r[5]);
    this.right = sideOf(r[6], r[7], r[8], r[9]);
    this.blob = r[10];
  }
  get coords(): Float64Array {
    if (this.line === null) {
      this.line = decodeCoords(this.blob as Buffer);
      this.blob = null;
    }
    return this.line;
  }
}

/** The edge of a row of edges. */
export function edgeOf(r: EdgeRow): RangeEdge {
  return new StoredEdge(r);
}

/** An edge as its street's spans give it (range-spans.ts): its TLID and line are read when first asked for. */
export class SpanEdge implements RangeEdge {
  readonly id: number;
  readonly left: RangeSide | null;
  readonly right: RangeSide | null;
  private row: { tlid: number; line: Float64Array } | null = null;
  constructor(span: EdgeSpan, private readonly store: EdgeLines) {
    this.id = span.id;
    this.left = span.left;
    this.right = span.right;
  }
  private read(): { tlid: number; line: Float64Array } {
    if (this.row === null) this.row = this.store.lineOf(this.id);
    return this.row;
  }
  get tlid(): number {
    return this.read().tlid;
  }
  get coords(): Float64Array {
    return this.read().line;
  }
}
