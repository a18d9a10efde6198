/**
 * Deterministic generator of a TIGER/Line ADDRFEAT shapefile (.shp, .dbf, .cpg, as the Census
 * Bureau ships them, without the zip) for the range-layer benchmark (ranges-scale-bench.ts).
 *
 * Streets are laid out around real ZIP centroids of the reference database: a street runs
 * straight from a point near its ZIP's centroid, block after block (an edge of two to four
 * vertices, ~130 m); block k holds the potential range k*100+1..k*100+99 on its left side (odd)
 * and k*100..k*100+98 on its right (even), as TIGER writes potential ranges. One edge in ten is
 * digitized the other way round (its ranges descend and its sides swap), one street in
 * twenty-five has its right side in the next ZIP of the state, one in fifty has a side of both
 * parities, and one in twenty is listed under an alternate name too (a second record of the
 * same TLID: `State Hwy 12` beside its local name). Names come from the vocabulary: common street
 * names, real place names of the reference database, ordinals and numbered county roads, with the
 * Pub 28 C1 types spelled out and directionals before or after.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import suffixData from '../src/core/data/street-suffixes.json' with { type: 'json' };
import { prng } from './generate-addresses.js';

/** A real ZIP with its centroid. */
export interface EdgeZip { zip5: string; city: string; state: string; lat: number; lon: number }

/** One generated street: its name, ZIP(s), where its first block starts and how each block runs. */
export interface EdgeStreet {
  name: string; // FULLNAME as TIGER writes it ("N Oak Ave", "County Road 12")
  alt: string | null; // an alternate name of every edge of the street
  zip: EdgeZip;
  rightZip: EdgeZip; // the ZIP of the right (even) side: the street's own, or the next ZIP of its state
  both: boolean; // sides of both parities (PARITY B)
  lat: number;
  lon: number;
  dLat: number; // one block's run
  dLon: number;
  blocks: number;
  firstBlock: number; // block k holds k*100..k*100+99
}

const COMMON = ['Main', 'Oak', 'Pine', 'Maple', 'Cedar', 'Elm', 'Washington', 'Lake', 'Hill', 'Park', 'Walnut', 'Sunset', 'Lincoln', 'Jackson', 'Church', 'River', 'Highland', 'Jefferson', 'Madison', 'Franklin', 'Meadow', 'Mill', 'Spring', 'Willow', 'Forest', 'Ridge', 'Valley', 'Center', 'School', 'Railroad', 'Prospect', 'Union', 'Broadway', 'Chestnut', 'Locust', 'Poplar', 'Dogwood', 'Hickory', 'Birch', 'Sycamore'];
const TYPES = ['Street', 'Street', 'Street', 'Avenue', 'Avenue', 'Road', 'Road', 'Road', 'Drive', 'Drive', 'Lane', 'Lane', 'Court', 'Way', 'Place', 'Circle', 'Boulevard', 'Trail', 'Parkway', 'Terrace'];
const PREDIRS = ['N', 'S', 'E', 'W'];
const POSTDIRS = ['NE', 'NW', 'SE', 'SW', 'N', 'S'];
const ORDINAL = (n: number): string => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
const BLOCK_DEG = 0.0012; // ~130 m of latitude

/** The other C1 types, spelled out as the Census Bureau writes them (a few per street in a hundred). */
const RARE_TYPES: readonly string[] = [...new Set((suffixData.rows as string[][]).map((r) => r[0] as string))]
  .filter((t) => /^[A-Z]+$/.test(t) && t.length > 3).map((t) => t.charAt(0) + t.slice(1).toLowerCase());

const mixed = (s: string): string => s.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());

/** The streets of N edges over the ZIPs given (the same seed, the same streets: the bench's addresses are drawn from them again). */
export function generateEdgeStreets(zips: readonly EdgeZip[], places: readonly string[], edges: number, seed = 17): EdgeStreet[] {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const byState = new Map<string, EdgeZip[]>();
  for (const z of zips) {
    const list = byState.get(z.state);
    if (list === undefined) byState.set(z.state, [z]);
    else list.push(z);
  }
  const streets: EdgeStreet[] = [];
  let total = 0;
  while (total < edges) {
    const zip = pick(zips);
    const r = rnd();
    let name: string;
    if (r < 0.05) name = `County Road ${1 + Math.floor(rnd() * 400)}`;
    else {
      const base = r < 0.45 ? pick(COMMON) : r < 0.6 ? ORDINAL(1 + Math.floor(rnd() * 120)) : mixed(pick(places));
      const type = rnd() < 0.04 ? pick(RARE_TYPES) : pick(TYPES);
      const d = rnd();
      name = `${d < 0.2 ? `${pick(PREDIRS)} ` : ''}${base} ${type}${d > 0.95 ? ` ${pick(POSTDIRS)}` : ''}`;
    }
    const alt = rnd() < 0.05 ? `State Hwy ${1 + Math.floor(rnd() * 300)}` : null;
    const state = byState.get(zip.state) as EdgeZip[];
    const next = state[(state.indexOf(zip) + 1) % state.length] as EdgeZip;
    const blocks = Math.min(edges - total, 2 + Math.floor(rnd() * 19));
    const angle = rnd() * Math.PI * 2;
    streets.push({
      name, alt, zip, rightZip: rnd() < 0.04 ? next : zip, both: rnd() < 0.02,
      lat: zip.lat + (rnd() - 0.5) * 0.1, lon: zip.lon + (rnd() - 0.5) * 0.1,
      dLat: Math.sin(angle) * BLOCK_DEG, dLon: (Math.cos(angle) * BLOCK_DEG) / Math.max(0.2, Math.cos((zip.lat * Math.PI) / 180)),
      blocks, firstBlock: 1 + Math.floor(rnd() * 30),
    });
    total += blocks;
  }
  return streets;
}

/** The two sides of block k of a street, as digitized first vertex to last (not reversed). */
export function blockSides(s: EdgeStreet, k: number): { left: [number, number]; right: [number, number] } {
  const base = (s.firstBlock + k) * 100;
  return s.both ? { left: [base + 1, base + 98], right: [base, base + 99] } : { left: [base + 1, base + 99], right: [base, base + 98] };
}

const DBF_FIELDS: readonly [string, 'N' | 'C', number][] = [
  ['TLID', 'N', 10], ['FULLNAME', 'C', 40], ['LFROMHN', 'C', 12], ['LTOHN', 'C', 12], ['RFROMHN', 'C', 12], ['RTOHN', 'C', 12],
  ['ZIPL', 'C', 5], ['ZIPR', 'C', 5], ['PARITYL', 'C', 1], ['PARITYR', 'C', 1],
];
const RECORD_LENGTH = 1 + DBF_FIELDS.reduce((n, f) => n + f[2], 0);
const DBF_HEADER = 32 + 32 * DBF_FIELDS.length + 1;

/** A file written in large chunks, with its header patched at the end. */
class ChunkFile {
  private readonly fd: number;
  private buf = Buffer.alloc(1 << 22);
  private at = 0;
  private written = 0;
  constructor(path: string, headerBytes: number) {
    this.fd = openSync(path, 'w');
    this.at = headerBytes; // written at the end
  }
  room(n: number): Buffer {
    if (this.at + n > this.buf.length) this.flush();
    return this.buf;
  }
  get offset(): number { return this.at; }
  advance(n: number): void { this.at += n; }
  flush(): void {
    writeSync(this.fd, this.buf, 0, this.at, this.written);
    this.written += this.at;
    this.at = 0;
  }
  close(header: Buffer): number {
    this.flush();
    writeSync(this.fd, header, 0, header.length, 0);
    closeSync(this.fd);
    return this.written;
  }
}

/** Writes the shapefile `<stem>.shp`, `.dbf` and `.cpg`; returns the counts of edges and records (an alternate name is a record more). */
export function writeAddrfeat(stem: string, streets: readonly EdgeStreet[], seed = 23): { edges: number; records: number } {
  const rnd = prng(seed);
  const shp = new ChunkFile(`${stem}.shp`, 100);
  const dbf = new ChunkFile(`${stem}.dbf`, DBF_HEADER);
  let records = 0;
  let edges = 0;
  let tlid = 100_000_000;
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  const coords: number[] = [];
  const text = (b: Buffer, at: number, s: string, len: number): void => {
    b.fill(0x20, at, at + len);
    b.write(s.slice(0, len), at, 'utf8');
  };
  const record = (id: number, name: string, lf: number, lt: number, rf: number, rt: number, zl: string, zr: string, pl: string, pr: string): void => {
    // .shp: a PolyLine of one part.
    const n = coords.length / 2;
    const content = 44 + 4 + 16 * n;
    let b = shp.room(8 + content);
    let o = shp.offset;
    b.writeInt32BE(++records, o);
    b.writeInt32BE(content / 2, o + 4);
    b.writeInt32LE(3, o + 8);
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let i = 0; i < coords.length; i += 2) {
      x0 = Math.min(x0, coords[i] as number); x1 = Math.max(x1, coords[i] as number);
      y0 = Math.min(y0, coords[i + 1] as number); y1 = Math.max(y1, coords[i + 1] as number);
    }
    b.writeDoubleLE(x0, o + 12); b.writeDoubleLE(y0, o + 20); b.writeDoubleLE(x1, o + 28); b.writeDoubleLE(y1, o + 36);
    box[0] = Math.min(box[0] as number, x0); box[1] = Math.min(box[1] as number, y0); box[2] = Math.max(box[2] as number, x1); box[3] = Math.max(box[3] as number, y1);
    b.writeInt32LE(1, o + 44);
    b.writeInt32LE(n, o + 48);
    b.writeInt32LE(0, o + 52);
    for (let i = 0; i < coords.length; i++) b.writeDoubleLE(coords[i] as number, o + 56 + i * 8);
    shp.advance(8 + content);
    // .dbf
    b = dbf.room(RECORD_LENGTH);
    o = dbf.offset;
    b[o] = 0x20;
    let at = o + 1;
    const values = [String(id), name, String(lf), String(lt), String(rf), String(rt), zl, zr, pl, pr];
    for (let i = 0; i < DBF_FIELDS.length; i++) {
      const [, type, len] = DBF_FIELDS[i] as [string, string, number];
      const v = values[i] as string;
      if (type === 'N') text(b, at, v.padStart(len), len);
      else text(b, at, v, len);
      at += len;
    }
    dbf.advance(RECORD_LENGTH);
  };
  for (const s of streets) {
    for (let k = 0; k < s.blocks; k++) {
      const sides = blockSides(s, k);
      const startLat = s.lat + s.dLat * k;
      const startLon = s.lon + s.dLon * k;
      const vertices = 2 + Math.floor(rnd() * 3);
      coords.length = 0;
      for (let v = 0; v < vertices; v++) {
        const t = v / (vertices - 1);
        const jitter = v === 0 || v === vertices - 1 ? 0 : (rnd() - 0.5) * 0.00008;
        coords.push(startLon + s.dLon * t + jitter, startLat + s.dLat * t + jitter);
      }
      const reversed = rnd() < 0.1;
      const pl = s.both ? 'B' : 'O';
      const pr = s.both ? 'B' : 'E';
      if (reversed) {
        // Digitized from the far end: the sides swap and their ranges run down.
        const back: number[] = [];
        for (let i = coords.length - 2; i >= 0; i -= 2) back.push(coords[i] as number, coords[i + 1] as number);
        coords.splice(0, coords.length, ...back);
      }
      const id = ++tlid;
      edges++;
      for (const name of s.alt === null ? [s.name] : [s.name, s.alt]) {
        if (reversed) record(id, name, sides.right[1], sides.right[0], sides.left[1], sides.left[0], s.rightZip.zip5, s.zip.zip5, pr, pl);
        else record(id, name, sides.left[0], sides.left[1], sides.right[0], sides.right[1], s.zip.zip5, s.rightZip.zip5, pl, pr);
      }
    }
  }
  const shpHeader = Buffer.alloc(100);
  const shpBytes = shp.close(Buffer.alloc(0));
  shpHeader.writeInt32BE(9994, 0);
  shpHeader.writeInt32BE(shpBytes / 2, 24);
  shpHeader.writeInt32LE(1000, 28);
  shpHeader.writeInt32LE(3, 32);
  for (let i = 0; i < 4; i++) shpHeader.writeDoubleLE(box[i] as number, 36 + i * 8);
  const fd = openSync(`${stem}.shp`, 'r+');
  writeSync(fd, shpHeader, 0, 100, 0);
  closeSync(fd);

  const head = Buffer.alloc(DBF_HEADER);
  const now = new Date();
  head[0] = 0x03;
  head[1] = now.getUTCFullYear() - 1900;
  head[2] = now.getUTCMonth() + 1;
  head[3] = now.getUTCDate();
  head.writeUInt32LE(records, 4);
  head.writeUInt16LE(DBF_HEADER, 8);
  head.writeUInt16LE(RECORD_LENGTH, 10);
  DBF_FIELDS.forEach(([name, type, len], i) => {
    const o = 32 + i * 32;
    head.write(name, o, 'latin1');
    head[o + 11] = type.charCodeAt(0);
    head[o + 16] = len;
  });
  head[DBF_HEADER - 1] = 0x0d;
  dbf.room(1)[dbf.offset] = 0x1a;
  dbf.advance(1);
  dbf.close(head);
  const cpg = openSync(`${stem}.cpg`, 'w');
  writeSync(cpg, 'UTF-8');
  closeSync(cpg);
  return { edges, records };
}
