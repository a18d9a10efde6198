/**
 * The worker thread of `addr data import` (points-import.ts): it reads the
 * source from the bytes the main thread sends (point-readers.ts),
 * standardizes each row's address through the core parser
 * (core/points/point-address.ts), fills a missing city, state and ZIP by position
 * from the locality layer's ZIPs (nearest ZIP centroid, in the row's state
 * when it has one; flagged inferred, with how sure: core/points/point-locality.ts), gives each point its place id, drops
 * duplicates, gathers the streets, and sends the points rows back ready to
 * insert, a batch at a time, then the streets and the tallies. The main thread
 * only writes SQLite, so reading and writing overlap on two cores. Messages
 * and credits: points-import-protocol.ts.
 *
 * Knobs: INFER_MAX_METERS (how far a ZIP centroid may be to fill a row's
 * locality), PLACE_ROUNDING (the point's share of the duplicate key).
 */
import { hash as digestOf } from 'node:crypto';
import { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { isAddrError } from '../core/model/errors.js';
import { standardizePointAddress } from '../core/points/point-address.js';
import type { PointAddress } from '../core/points/point-address.js';
import { cityKey } from '../core/parse/city-key.js';
import { inferenceCertainty, nearLimitKm } from '../core/points/point-locality.js';
import { INFERRED } from '../core/model/ports.js';
import type { NearZip, ZipRecord } from '../core/model/ports.js';
import { MAX_HELD_STREET_POINTS } from './held-street.js';
import { readPointRows } from './point-readers.js';
import type { PointFormat, ReadRow } from './point-readers.js';
import { cellOf } from './points-db.js';
import { BATCHES_AHEAD, Credits, zipRecords } from './points-import-protocol.js';
import type { FromImportWorker, ImportTallies, ImportWorkerSetup, PointBatch, SkipReason, ToImportWorker } from './points-import-protocol.js';
import { StreetPacker } from './street-packer.js';
import type { PackerState } from './street-packer.js';
import { zipLocator } from './zip-locator.js';

/** A ZIP centroid farther than this from a point does not give it a locality: the row is skipped. */
export const INFER_MAX_METERS = 100_000;
// Points that agree on the address and on the position to 4 decimals (~11 m) are duplicates.
const PLACE_ROUNDING = 1e4;
const FIRST_LINES_KEPT = 5;
const PACKED_CHUNK_BYTES = 1 << 20; // packed values sent to the main thread about this many bytes at a time

/** The stable id of a point: its source and content (address, unit, ZIP, position to ~11 m). */
export function placeId(source: string, a: PointAddress, lat: number, lon: number): string {
  const text = `${source}|${a.number}|${a.number_fraction ?? ''}|${a.predir ?? ''}|${a.street}|${a.suffix ?? ''}|${a.postdir ?? ''}|${a.unit_number ?? ''}|${a.zip5 ?? ''}|${
    Math.round(lat * PLACE_ROUNDING)}|${Math.round(lon * PLACE_ROUNDING)}`;
  // Joined, not a template: `pt_${slice}` would keep a link, a slice and the whole digest for
  // every id the import holds (133 against 61 MB a million ids).
  return ['pt_', digestOf('sha1', text, 'base64url').slice(0, 16)].join('');
}

interface StreetAcc {
  id: number;
  predir: string | null;
  street: string;
  street_key: string;
  suffix: string | null;
  postdir: string | null;
  city: string | null;
  state: string;
  zip5: string | null;
  points: number;
  sumLat: number;
  sumLon: number;
  min: number | null;
  max: number | null;
}

function coordinate(text: string | null, limit: number): number | null {
  if (text === null) return null;
  const n = Number(text);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/** Points rows gathered column-wise until `take` makes them a PointBatch. */
class BatchWriter {
  readonly numbers: number[] = [];
  private lengths: number[] = [];
  private texts: string[] = [];
  rows = 0;

  text(t: string | null): void {
    if (t === null) {
      this.lengths.push(-1);
    } else {
      this.lengths.push(t.length);
      this.texts.push(t);
    }
  }

  take(): PointBatch {
    const batch: PointBatch = { rows: this.rows, numbers: Float64Array.from(this.numbers), lengths: Int32Array.from(this.lengths), text: this.texts.join('') };
    this.numbers.length = 0;
    this.lengths = [];
    this.texts = [];
    this.rows = 0;
    return batch;
  }
}

/** Turns source rows into points rows: `take` each row in file order, `out` gathers the rows kept. */
function pointRows(setup: ImportWorkerSetup): {
  tallies: ImportTallies;
  out: BatchWriter;
  take: (row: ReadRow) => void;
  streets: Map<string, StreetAcc>;
  zips: Set<string>;
  states: Set<string>;
} {
  const name = setup.source;
  const tallies: ImportTallies = { rows_read: 0, rows_imported: 0, rows_skipped: 0, rows_inferred: 0, number_zero: 0, skipped: {} };
  const out = new BatchWriter();
  const streets = new Map<string, StreetAcc>();
  const seen = new Set<string>();
  const zips = new Set<string>();
  const states = new Set<string>();
  const zipList = zipRecords(setup.zips);
  const zipByCode = new Map<string, ZipRecord>(zipList.map((z) => [z.zip5, z]));
  const locator = zipLocator(zipList, (z) => z);
  // ZIPs per city (the reference spells a city's name alike in each of its ZIPs), counted at the
  // first ZIP taken from a position: a source that gives its ZIPs never pays for it.
  let zipsOfCity: Map<string, number> | null = null;
  const cityZipCount = (z: ZipRecord): number => {
    if (zipsOfCity === null) {
      zipsOfCity = new Map();
      for (const r of zipList) zipsOfCity.set(`${r.city}|${r.state}`, (zipsOfCity.get(`${r.city}|${r.state}`) ?? 0) + 1);
    }
    return zipsOfCity.get(`${z.city}|${z.state}`) ?? 0;
  };
  // Nearest-ZIP answers, with the certainty bits of what they give, by ~1 km cell (per state
  // given): neighbouring points share them.
  const nearCaches = new Map<string, Map<number, { near: NearZip; sure: number } | null>>();
  const nearestOf = (lat: number, lon: number, state: string | null): { near: NearZip; sure: number } | null => {
    const near = locator.nearestZip(lat, lon, state, INFER_MAX_METERS);
    if (near === null) return null;
    const around = locator.zipsWithin(lat, lon, state, nearLimitKm(near.meters / 1000) * 1000).map((z) => z.zip);
    return { near, sure: inferenceCertainty(near.zip, around, cityZipCount(near.zip)) };
  };

  const skip = (reason: SkipReason, line: number): void => {
    const entry = (tallies.skipped[reason] ??= { count: 0, lines: [] });
    entry.count++;
    if (entry.lines.length < FIRST_LINES_KEPT) entry.lines.push(line);
    tallies.rows_skipped++;
  };

  // Fills city, state and ZIP; returns the INFERRED bits, or null when the locality cannot be had.
  const fillLocality = (a: PointAddress, lat: number, lon: number): number | null => {
    let bits = 0;
    const zipRec = a.zip5 !== null ? (zipByCode.get(a.zip5) ?? null) : null;
    if (zipRec !== null) {
      if (a.state === null) { a.state = zipRec.state; bits |= INFERRED.state; }
      if (a.city === null) { a.city = zipRec.city; bits |= INFERRED.city; }
      return bits;
    }
    if (a.zip5 !== null && a.state !== null && a.city !== null) return 0; // a ZIP the reference lacks, all else given
    let nearCache = nearCaches.get(a.state ?? '');
    if (nearCache === undefined) nearCaches.set(a.state ?? '', (nearCache = new Map()));
    const cacheKey = Math.round(lat * 100) * 100_000 + Math.round(lon * 100);
    let found = nearCache.get(cacheKey);
    if (found === undefined) {
      found = nearestOf(lat, lon, a.state);
      nearCache.set(cacheKey, found);
    }
    if (found === null) return null;
    const { near, sure } = found;
    // A city the source gave that is not the nearest ZIP's makes that ZIP a guess.
    const otherCity = a.city !== null && cityKey(a.city) !== cityKey(near.zip.city);
    if (a.state === null) { a.state = near.zip.state; bits |= INFERRED.state; }
    if (a.zip5 === null) { a.zip5 = near.zip.zip5; a.zip4 = null; bits |= INFERRED.zip5 | (otherCity ? 0 : sure & INFERRED.zipSure); }
    if (a.city === null) { a.city = near.zip.city; bits |= INFERRED.city | (sure & INFERRED.citySure); }
    return bits;
  };

  let last: StreetAcc | undefined; // the street of the last row kept, and its parts
  let lastRow = { area: '', street: '', predir: null as string | null, suffix: null as string | null, postdir: null as string | null };
  const take = (row: ReadRow): void => {
    tallies.rows_read++;
    if ('malformed' in row) return skip('malformed', row.line);
    const lon = coordinate(row.lon, 180);
    const lat = coordinate(row.lat, 90);
    if (lon === null || lat === null || (lon === 0 && lat === 0)) return skip('no_coordinates', row.line);
    const a = standardizePointAddress(row.address);
    if (typeof a === 'string') return skip(a, row.line);
    const filled = fillLocality(a, lat, lon);
    if (filled === null) return skip('no_locality', row.line);
    const place = placeId(name, a, lat, lon);
    if (seen.has(place)) return skip('duplicate', row.line);
    seen.add(place);
    const state = a.state as string;
    const area = a.zip5 ?? state;
    let s = last;
    // Rows come street by street: the same parts as the row before, the same street.
    if (s === undefined || area !== lastRow.area || a.street !== lastRow.street || a.predir !== lastRow.predir || a.suffix !== lastRow.suffix || a.postdir !== lastRow.postdir) {
      const key = [area, a.predir, a.street, a.suffix, a.postdir].join('|');
      s = streets.get(key);
      if (s === undefined) {
        s = {
          id: setup.firstStreetId + streets.size, predir: a.predir, street: a.street, street_key: a.street_key, suffix: a.suffix, postdir: a.postdir,
          city: a.city, state, zip5: a.zip5, points: 0, sumLat: 0, sumLon: 0, min: null, max: null,
        };
        streets.set(key, s);
      }
      last = s;
      lastRow = { area, street: a.street, predir: a.predir, suffix: a.suffix, postdir: a.postdir };
    }
    s.points++;
    s.sumLat += lat;
    s.sumLon += lon;
    if (a.number_int !== null) {
      if (s.min === null || a.number_int < s.min) s.min = a.number_int;
      if (s.max === null || a.number_int > s.max) s.max = a.number_int;
    }
    if (a.number_int === 0) tallies.number_zero++;
    const city = a.city === s.city ? null : a.city;
    // In the order of POINT_COLUMNS.
    out.numbers.push(s.id, a.number_int ?? NaN, lat, lon, cellOf(lat, lon), filled);
    out.text(place);
    out.text(a.number);
    out.text(a.number_fraction);
    out.text(a.unit_type);
    out.text(a.unit_number);
    out.text(city);
    out.text(a.zip4);
    out.text(row.ref);
    out.rows++;
    tallies.rows_imported++;
    if (filled !== 0) tallies.rows_inferred++;
    if (a.zip5 !== null) zips.add(a.zip5);
    states.add(state);
  };

  return { tallies, out, take, streets, zips, states };
}

/** The source's bytes as the main thread sends them, one credit back for each chunk taken. */
function inputFrom(port: MessagePort): Readable {
  const queue: Uint8Array[] = [];
  let ended = false;
  let wanted = false;
  const send = (msg: FromImportWorker): void => port.postMessage(msg);
  const pump = (): void => {
    while (wanted && queue.length > 0) {
      const chunk = queue.shift() as Uint8Array;
      send({ kind: 'read' });
      wanted = input.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    }
    if (wanted && ended && queue.length === 0) {
      wanted = false;
      input.push(null);
    }
  };
  const input = new Readable({
    read() {
      wanted = true;
      pump();
    },
  });
  port.on('message', (msg: ToImportWorker) => {
    if (msg.kind === 'bytes') queue.push(msg.chunk);
    else if (msg.kind === 'end') ended = true;
    else return;
    pump();
  });
  return input;
}

async function run(port: MessagePort, setup: ImportWorkerSetup): Promise<void> {
  const send = (msg: FromImportWorker): void => port.postMessage(msg);
  const written = new Credits(BATCHES_AHEAD);
  let packing: (state: PackerState) => void = () => undefined;
  const toPack = new Promise<PackerState>((resolve) => { packing = resolve; });
  port.on('message', (msg: ToImportWorker) => {
    if (msg.kind === 'written') written.give();
    else if (msg.kind === 'pack') packing(msg.packer);
  });
  const input = inputFrom(port);
  const rows = pointRows(setup);
  let format: PointFormat | null = null;
  for await (const batch of readPointRows(input, setup.format, (f) => { format = f; })) {
    for (const row of batch) rows.take(row);
    if (rows.out.rows === 0) continue;
    await written.take();
    const points = rows.out.take();
    port.postMessage({ kind: 'points', rowsRead: rows.tallies.rows_read, batch: points } satisfies FromImportWorker, [points.numbers.buffer as ArrayBuffer, points.lengths.buffer as ArrayBuffer]);
  }
  const streets: unknown[] = [];
  for (const s of rows.streets.values()) {
    streets.push(s.id, setup.sourceId, s.predir, s.street, s.street_key, s.suffix, s.postdir, s.city, s.state, s.zip5, s.points, s.sumLat / s.points, s.sumLon / s.points, s.min, s.max);
  }
  send({ kind: 'done', format, tallies: rows.tallies, streets, zips: [...rows.zips], states: [...rows.states] });
  // The streets' packed values, from the points the main thread gathered as it wrote them, while
  // it writes the streets and builds the indexes.
  const packer = StreetPacker.from(await toPack);
  let ids: number[] = [];
  let values: Buffer[] = [];
  let size = 0;
  const flush = async (): Promise<void> => {
    if (ids.length === 0) return;
    await written.take();
    const bytes = new Uint8Array(size);
    const ends = new Uint32Array(ids.length);
    let at = 0;
    values.forEach((v, i) => {
      bytes.set(v, at);
      ends[i] = at += v.length;
    });
    const streetIds = Float64Array.from(ids);
    port.postMessage({ kind: 'packed', streets: streetIds, ends, bytes } satisfies FromImportWorker, [streetIds.buffer, ends.buffer, bytes.buffer]);
    ids = [];
    values = [];
    size = 0;
  };
  for (const [index, value] of packer.packed(rows.streets.size, MAX_HELD_STREET_POINTS)) {
    ids.push(setup.firstStreetId + index);
    values.push(value);
    size += value.length;
    if (size >= PACKED_CHUNK_BYTES) await flush();
  }
  await flush();
  send({ kind: 'packed-end' });
}

const port = parentPort;
port?.once('message', (msg: ToImportWorker) => {
  if (msg.kind !== 'start') return;
  run(port, msg.setup).catch((err: unknown) => {
    const failure: FromImportWorker = isAddrError(err)
      ? { kind: 'failed', code: err.code, message: err.message }
      : { kind: 'failed', code: null, message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
    port.postMessage(failure);
  });
});
