/**
 * Readers of address-point files (docs/data.md §4): OpenAddresses CSV
 * (LON/LAT or GEOM WKT, headers in any order and case, HASH optional),
 * OpenAddresses GeoJSON lines (null and whitespace values, string
 * coordinates) and the National Address Database text files (recent and
 * older column names). Each yields source rows in batches, with their line
 * numbers; a row that cannot be read at all comes out as `malformed`, never
 * as an exception, so one bad line never stops an import.
 */
import { AddrError } from '../core/model/errors.js';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { RawPointAddress } from '../core/points/point-address.js';
import { readCsvRecords } from '../formats/csv/csv-records.js';

/** The formats `addr data import` reads. */
export const POINT_FORMATS = ['openaddresses', 'geojson', 'nad'] as const;

/** One format. */
export type PointFormat = (typeof POINT_FORMATS)[number];

/** One row of a source, fields as strings. */
export interface SourceRow {
  line: number; // 1-based line of the file where the row ends
  lon: string | null;
  lat: string | null;
  address: RawPointAddress;
  ref: string | null; // the source's own id (OA ID or HASH, NAD UUID)
}

/** A row that could not be read (bad JSON, wrong column count, broken quoting). */
export interface MalformedRow {
  line: number;
  malformed: string; // what was wrong
}

/** What the readers yield, in batches. */
export type ReadRow = SourceRow | MalformedRow;

const BATCH = 2000;

// A value as text: null for absent, JSON null, or blank.
function text(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const s = typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
  if (s === null) return null;
  const t = s.trim();
  return t === '' ? null : t;
}

// ---- CSV: OpenAddresses and NAD ------------------------------------------------

/** A column lookup by lower-case header name. */
type Columns = ReadonlyMap<string, number>;

function pick(record: readonly string[], columns: Columns, ...names: string[]): string | null {
  for (const name of names) {
    const at = columns.get(name);
    if (at !== undefined) {
      const v = text(record[at]);
      if (v !== null) return v;
    }
  }
  return null;
}

const WKT_POINT = /^\s*POINT\s*(?:Z\s*)?\(\s*([-+0-9.eE]+)\s+([-+0-9.eE]+)(?:\s+[-+0-9.eE]+)?\s*\)\s*$/i;

/** The value of the first of the columns `at` (indexes, in order of preference) that is not blank. */
function first(record: readonly string[], at: readonly number[]): string | null {
  for (let i = 0; i < at.length; i++) {
    const v = text(record[at[i] as number]);
    if (v !== null) return v;
  }
  return null;
}

/** The mapper of OpenAddresses CSV records to rows, for a header: each field's columns are looked up once. */
function openAddressesRows(columns: Columns): (record: readonly string[], line: number) => ReadRow {
  const at = (...names: string[]): number[] => names.map((n) => columns.get(n)).filter((i): i is number => i !== undefined);
  const lonAt = at('lon', 'longitude', 'x');
  const latAt = at('lat', 'latitude', 'y');
  const geomAt = at('geom', 'wkt', 'geometry');
  const numberAt = at('number');
  const streetAt = at('street');
  const unitAt = at('unit');
  const cityAt = at('city');
  const stateAt = at('region', 'state');
  const zipAt = at('postcode', 'zip', 'zipcode');
  const refAt = at('hash', 'id');
  return (record, line) => {
    let lon = first(record, lonAt);
    let lat = first(record, latAt);
    const geom = first(record, geomAt);
    if ((lon === null || lat === null) && geom !== null) {
      const m = WKT_POINT.exec(geom);
      if (m === null) return { line, malformed: `GEOM is not a WKT POINT: ${geom.slice(0, 40)}` };
      lon = m[1] as string;
      lat = m[2] as string;
    }
    return {
      line,
      lon,
      lat,
      address: {
        number: first(record, numberAt),
        street: first(record, streetAt),
        unit: first(record, unitAt),
        city: first(record, cityAt),
        state: first(record, stateAt),
        zip: first(record, zipAt),
      },
      ref: first(record, refAt),
    };
  };
}

const NAD_STREET_PARTS = [
  ['st_premod', 'stn_premod'], ['st_predir', 'stn_predir'], ['st_pretyp', 'stn_pretyp'], ['st_presep', 'stn_presep'],
  ['st_name', 'streetname'], ['st_postyp', 'stn_postyp'], ['st_posdir', 'stn_posdir'], ['st_posmod', 'stn_posmod'],
] as const;

/** Maps a National Address Database record (recent or older column names) to a row. */
function nadRow(record: readonly string[], columns: Columns, line: number): ReadRow {
  let number = pick(record, columns, 'addno_full');
  if (number === null) {
    const main = pick(record, columns, 'add_number');
    if (main !== null) {
      const pre = pick(record, columns, 'addnum_pre') ?? '';
      const suf = pick(record, columns, 'addnum_suf') ?? '';
      number = `${pre}${main}${suf.includes('/') ? ` ${suf}` : suf}`;
    }
  }
  let street = pick(record, columns, 'stnam_full');
  if (street === null) {
    const parts = NAD_STREET_PARTS.map((names) => pick(record, columns, ...names)).filter((p): p is string => p !== null);
    street = parts.length > 0 ? parts.join(' ') : null;
  }
  const unitParts = [
    ['BLDG', pick(record, columns, 'building')],
    ['FL', pick(record, columns, 'floor')],
    ['', pick(record, columns, 'unit')],
    ['RM', pick(record, columns, 'room')],
  ].filter(([, v]) => v !== null);
  // The finest part is the unit a letter carrier uses; a building or floor alone still names it.
  const finest = unitParts[unitParts.length - 1];
  const unit = finest === undefined ? null : `${finest[0] as string} ${finest[1] as string}`.trim();
  const zip5 = pick(record, columns, 'zip_code', 'zip', 'zipcode');
  const plus4 = pick(record, columns, 'plus_4', 'plus4');
  return {
    line,
    lon: pick(record, columns, 'longitude', 'long', 'lon'),
    lat: pick(record, columns, 'latitude', 'lat'),
    address: {
      number,
      street,
      unit,
      city: pick(record, columns, 'post_city', 'post_comm', 'inc_muni', 'uninc_comm'),
      state: pick(record, columns, 'state'),
      zip: zip5 !== null && plus4 !== null ? `${zip5}-${plus4}` : zip5,
    },
    ref: pick(record, columns, 'uuid', 'guid', 'oid_', 'oid'),
  };
}

// The columns a layout cannot do without: each entry is a list of alternatives (any one will do).
const REQUIRED_COLUMNS: Record<'openaddresses' | 'nad', readonly (readonly [label: string, ...names: string[]])[]> = {
  openaddresses: [
    ['LON/LAT or GEOM', 'lon', 'longitude', 'x', 'geom', 'wkt', 'geometry'],
    ['NUMBER', 'number'],
    ['STREET', 'street'],
  ],
  nad: [
    ['Longitude/Latitude', 'longitude', 'long', 'lon'],
    ['AddNo_Full or Add_Number', 'addno_full', 'add_number'],
    ['StNam_Full or St_Name', 'stnam_full', 'st_name', 'streetname'],
  ],
};

/** The labels of the required columns a header lacks (none when it can be read). */
function missingColumns(format: 'openaddresses' | 'nad', columns: Columns): string[] {
  return REQUIRED_COLUMNS[format].filter(([, ...names]) => !names.some((n) => columns.has(n))).map(([label]) => label);
}

/** True when a header row is a National Address Database layout. */
export function isNadHeader(headers: readonly string[]): boolean {
  const set = new Set(headers.map((h) => h.trim().toLowerCase()));
  return set.has('add_number') || set.has('addno_full') || set.has('stnam_full') || (set.has('streetname') && set.has('zip_code'));
}

/** Reads the first chunk of a stream without consuming it; null for an empty stream; throws the stream's error. */
export async function peek(stream: Readable): Promise<Buffer | null> {
  for (;;) {
    if (stream.errored) throw stream.errored;
    const chunk = stream.read() as Buffer | string | null;
    if (chunk !== null) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      stream.unshift(buf);
      return buf;
    }
    if (stream.readableEnded) return null;
    if (stream.destroyed) {
      if (stream.errored) throw stream.errored;
      return null;
    }
    await new Promise<void>((resolve) => {
      const done = (): void => {
        stream.off('readable', done);
        stream.off('end', done);
        stream.off('error', done);
        stream.off('close', done);
        resolve();
      };
      stream.on('readable', done);
      stream.on('end', done);
      stream.on('error', done);
      stream.on('close', done);
    });
  }
}

/** The delimiter of a header line: the most frequent of comma, pipe and tab. */
function sniffDelimiter(head: string): string {
  const line = head.split(/\r?\n/, 1)[0] ?? '';
  let best = ',';
  let bestCount = 0;
  for (const d of [',', '|', '\t']) {
    const n = line.split(d).length - 1;
    if (n > bestCount) {
      best = d;
      bestCount = n;
    }
  }
  return best;
}

/** Reads a CSV source (OpenAddresses or NAD) in batches; `format` null picks by header. */
async function* csvRows(stream: Readable, format: 'openaddresses' | 'nad' | null, onFormat: (f: PointFormat) => void): AsyncGenerator<ReadRow[]> {
  const first = await peek(stream);
  if (first === null) return;
  let batch: ReadRow[] = [];
  let columns: Map<string, number> | null = null;
  let width = 0;
  let toRow: (record: readonly string[], line: number) => ReadRow = () => {
    throw new Error('no header read');
  };
  for await (const records of readCsvRecords(stream, sniffDelimiter(first.subarray(0, 65536).toString('utf8')))) {
    for (const r of records) {
      if ('error' in r) {
        batch.push({ line: r.line, malformed: r.error });
        continue;
      }
      const record = r.fields;
      if (columns === null) {
        const headers = record.map((h) => h.trim().toLowerCase());
        columns = new Map();
        headers.forEach((h, i) => {
          if (!columns?.has(h)) columns?.set(h, i);
        });
        width = headers.length;
        const chosen = format ?? (isNadHeader(headers) ? 'nad' : 'openaddresses');
        const missing = missingColumns(chosen, columns);
        if (missing.length > 0) {
          const shown = headers.slice(0, 12).map((h) => (h.length > 30 ? `${h.slice(0, 30)}...` : h)).join(', ');
          throw new AddrError('ADDR_ERR_IMPORT_READ', [
            `not ${chosen === 'nad' ? 'a National Address Database' : 'an OpenAddresses'} file: its header (${shown}${headers.length > 12 ? ', ...' : ''}) has no ${missing.join(', no ')} column`,
          ]);
        }
        onFormat(chosen);
        const header = columns;
        toRow = chosen === 'nad' ? (record, line) => nadRow(record, header, line) : openAddressesRows(header);
        continue;
      }
      batch.push(record.length !== width ? { line: r.line, malformed: `${record.length} fields where the header has ${width}` } : toRow(record, r.line));
    }
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

// ---- GeoJSON lines -------------------------------------------------------------

function geojsonRow(lineText: string, line: number): ReadRow | null {
  const t = lineText.trim();
  if (t === '' || t === ',') return null; // blank lines between features
  let feature: unknown;
  try {
    feature = JSON.parse(t.endsWith(',') ? t.slice(0, -1) : t);
  } catch {
    return { line, malformed: 'not valid JSON' };
  }
  if (typeof feature !== 'object' || feature === null || (feature as { type?: unknown }).type !== 'Feature') {
    return { line, malformed: 'not a GeoJSON Feature' };
  }
  const f = feature as { properties?: unknown; geometry?: unknown };
  const props: Record<string, unknown> = {};
  if (typeof f.properties === 'object' && f.properties !== null) {
    for (const [k, v] of Object.entries(f.properties)) props[k.toLowerCase()] = v;
  }
  let lon: string | null = null;
  let lat: string | null = null;
  const g = f.geometry as { type?: unknown; coordinates?: unknown } | null | undefined;
  if (g && g.type === 'Point' && Array.isArray(g.coordinates)) {
    lon = text(g.coordinates[0]);
    lat = text(g.coordinates[1]);
  }
  return {
    line,
    lon,
    lat,
    address: {
      number: text(props.number),
      street: text(props.street),
      unit: text(props.unit),
      city: text(props.city),
      state: text(props.region ?? props.state),
      zip: text(props.postcode ?? props.zip),
    },
    ref: text(props.hash) ?? text(props.id),
  };
}

async function* geojsonRows(stream: Readable): AsyncGenerator<ReadRow[]> {
  const lines = createInterface({ input: stream, crlfDelay: Infinity, terminal: false });
  let batch: ReadRow[] = [];
  let n = 0;
  for await (const lineText of lines) {
    n++;
    const row = geojsonRow(lineText, n);
    if (row !== null) batch.push(row);
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Reads the rows of a source stream (already decompressed) in batches; `onFormat` learns the format read. */
export function readPointRows(stream: Readable, format: PointFormat | null, onFormat: (f: PointFormat) => void): AsyncGenerator<ReadRow[]> {
  if (format === 'geojson') {
    onFormat('geojson');
    return geojsonRows(stream);
  }
  return csvRows(stream, format, onFormat);
}
