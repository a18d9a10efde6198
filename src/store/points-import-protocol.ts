/**
 * The messages between `addr data import` (points-import.ts, the main thread:
 * it reads the bytes and writes SQLite) and its worker thread
 * (points-import-worker.ts: rows to points), and the credits that bound what
 * is in flight each way: the main thread sends the source's bytes at most
 * INPUT_CHUNKS_AHEAD chunks ahead of what the worker has read, and the worker
 * sends points at most BATCHES_AHEAD batches ahead of what the main thread
 * has written. Memory stays flat whichever side is slower.
 */
import type { ErrorCode } from '../core/model/errors.js';
import type { ZipRecord } from '../core/model/ports.js';
import type { PointFormat } from './point-readers.js';
import type { PackerState } from './street-packer.js';

/** Why rows were skipped. */
export const SKIP_REASONS = ['malformed', 'no_coordinates', 'no_number', 'no_street', 'unparseable', 'no_locality', 'duplicate'] as const;

/** One skip reason. */
export type SkipReason = (typeof SKIP_REASONS)[number];

/**
 * Values of one points row, in the order of POINT_COLUMNS. A batch of rows travels as columns
 * (PointBatch): cloning a few long values costs far less than cloning 14 short ones per row.
 */
const POINT_COLUMN_NAMES = ['street_id', 'number_int', 'lat', 'lon', 'cell', 'inferred', 'place_id', 'number', 'number_fraction', 'unit_type', 'unit_number', 'city', 'zip4', 'source_ref'] as const;
export const POINT_VALUES = POINT_COLUMN_NAMES.length;
export const POINT_COLUMNS = POINT_COLUMN_NAMES.join(', ');
/** Where each column lies in a row of POINT_COLUMNS. */
export const POINT_COLUMN = Object.fromEntries(POINT_COLUMN_NAMES.map((c, i) => [c, i])) as Record<(typeof POINT_COLUMN_NAMES)[number], number>;
/** The numbers of a row come first (NaN for a null), then its texts. */
export const POINT_NUMBERS = 6;
export const POINT_TEXTS = POINT_VALUES - POINT_NUMBERS;

/** Points rows as columns: POINT_NUMBERS numbers a row, and POINT_TEXTS texts a row, concatenated, with their lengths (-1 for a null). */
export interface PointBatch {
  rows: number;
  numbers: Float64Array;
  lengths: Int32Array;
  text: string;
}
/** Values of one streets row, in the order of STREET_COLUMNS. */
export const STREET_VALUES = 15;
export const STREET_COLUMNS = 'id, source_id, predir, street, street_key, suffix, postdir, city, state, zip5, points, lat, lon, min_number, max_number';
/** Rows per multi-row INSERT. */
export const INSERT_BATCH = 64;

export const INPUT_CHUNKS_AHEAD = 4;
export const BATCHES_AHEAD = 4;

/** What the worker is started with (workerData). */
export interface ImportWorkerSetup {
  format: PointFormat | null; // null: by header
  source: string; // the source name: part of every place id
  sourceId: number;
  firstStreetId: number; // the id of the source's first new street
  zips: ZipColumns; // every ZIP of the locality layer (ZipTable), for zip() and nearestZip()
}

/** ZIP records as columns (a few values to clone, not 41,000 objects): what the importer uses of them. */
export interface ZipColumns {
  zip5: string[];
  city: string[];
  state: string[];
  lat: Float64Array; // NaN: no centroid
  lon: Float64Array;
}

/** The columns of ZIP records. */
export function zipColumns(records: readonly ZipRecord[]): ZipColumns {
  return {
    zip5: records.map((z) => z.zip5),
    city: records.map((z) => z.city),
    state: records.map((z) => z.state),
    lat: Float64Array.from(records, (z) => z.lat ?? NaN),
    lon: Float64Array.from(records, (z) => z.lon ?? NaN),
  };
}

/** The ZIP records of columns (county and time zone left out: the importer does not use them). */
export function zipRecords(c: ZipColumns): ZipRecord[] {
  return c.zip5.map((zip5, i) => {
    const lat = c.lat[i] as number;
    const lon = c.lon[i] as number;
    return { zip5, city: c.city[i] as string, state: c.state[i] as string, county: null, county_fips: null, lat: Number.isNaN(lat) ? null : lat, lon: Number.isNaN(lon) ? null : lon, timezone: null };
  });
}

/** The counts of an import, as the summary reports them. */
export interface ImportTallies {
  rows_read: number;
  rows_imported: number;
  rows_skipped: number;
  rows_inferred: number;
  number_zero: number;
  skipped: Partial<Record<SkipReason, { count: number; lines: number[] }>>;
}

/** From the main thread to the worker. */
export type ToImportWorker =
  | { kind: 'start'; setup: ImportWorkerSetup } // first (the worker is started early, to load while the file is hashed)
  | { kind: 'bytes'; chunk: Uint8Array } // the next bytes of the (decompressed) source
  | { kind: 'end' } // no more bytes
  | { kind: 'written' } // a points batch (or packed values) is written: the worker may send one more
  | { kind: 'pack'; packer: PackerState }; // after done: the points to pack (street-packer.ts)

/** From the worker to the main thread. */
export type FromImportWorker =
  | { kind: 'read' } // a chunk of bytes is taken: the main thread may send one more
  | { kind: 'points'; rowsRead: number; batch: PointBatch } // rows in file order
  | { kind: 'done'; format: PointFormat | null; tallies: ImportTallies; streets: unknown[]; zips: string[]; states: string[] } // STREET_VALUES per street
  | { kind: 'packed'; streets: Float64Array; ends: Uint32Array; bytes: Uint8Array } // after done: streets' packed values (packed-street.ts), value i ending at ends[i]
  | { kind: 'packed-end' } // every packed value is sent
  | { kind: 'failed'; code: ErrorCode | null; message: string }; // code: an AddrError's

/** Credits of one direction: take() waits while none is left; give() returns one; release() frees every waiter for good. */
export class Credits {
  private left: number;
  private readonly waiting: (() => void)[] = [];
  private released = false;

  constructor(count: number) {
    this.left = count;
  }

  take(): Promise<void> | undefined {
    if (this.released) return undefined;
    if (this.left > 0) {
      this.left--;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next !== undefined) next();
    else this.left++;
  }

  release(): void {
    this.released = true;
    for (const wake of this.waiting.splice(0)) wake();
  }
}
