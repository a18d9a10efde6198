/**
 * The nearest address points to a position, from an in-memory KDBush index
 * over every point's coordinates (reverse geocoding). Built lazily: the first
 * GRID_CALLS calls of an open store are answered by the store's own grid
 * query (points_cell), so a one-shot `addr reverse` never pays for the index;
 * from then on (a server, a batch) the index is read once from compact
 * coordinate arrays (~1 s and ~30 MB for 1,000,000 points) and each call
 * scans boxes that grow until the nearest `limit` points are certain.
 * Like the rest of an open PointStore, it sees the points as they were when
 * first read: reopen after an import.
 *
 * Memory is bounded: the index costs ~45 bytes a point, so it is built only for
 * up to INDEX_MAX_POINTS points (~90 MB); a larger store (a state's or the
 * nation's points) is answered by the store's grid on disk (points_cell, a few
 * indexed range reads per call) for good.
 */
import type Database from 'better-sqlite3';
import KDBush from 'kdbush';
import { readInTurn } from './data-db-file.js';
import { distanceKm } from '../core/util/geo-distance.js';
import type { NearPoint, PointRecord, PointStore } from '../core/model/ports.js';

/** Calls answered by the store's grid before the index is built. */
export const GRID_CALLS = 16;
/** The most points the in-memory index is built for; above, the grid answers every call. */
export const INDEX_MAX_POINTS = 2_000_000;
const METERS_PER_DEGREE = 111_320;

interface Built {
  index: KDBush;
  ids: Float64Array; // row id of each indexed point
  lat: Float64Array;
  lon: Float64Array;
}

/** Nearest points over one connection to points.sqlite, the grid first, the index after GRID_CALLS calls. */
export class PointNearIndex {
  private calls = 0;
  private built: Built | null = null;
  private tooMany = false; // more than INDEX_MAX_POINTS points: the grid answers
  private byId: Database.Statement | null = null;

  constructor(private readonly db: Database.Database, private readonly grid: Pick<PointStore, 'nearest'>, private readonly maxIndexed = INDEX_MAX_POINTS) {}

  private build(): Built {
    const count = (this.db.prepare('SELECT COUNT(*) AS n FROM points').get() as { n: number }).n;
    const ids = new Float64Array(count);
    const lat = new Float64Array(count);
    const lon = new Float64Array(count);
    const index = new KDBush(Math.max(1, count));
    let i = 0;
    for (const [id, y, x] of this.db.prepare('SELECT id, lat, lon FROM points').raw(true).iterate() as IterableIterator<[number, number, number]>) {
      if (i === count) break; // rows added since the count (an import running now): left for the next open
      ids[i] = id;
      lat[i] = y;
      lon[i] = x;
      index.add(x, y);
      i++;
    }
    for (; i < Math.max(1, count); i++) index.add(0, -90); // rows removed since the count: a position nothing asks about
    index.finish();
    return { index, ids, lat, lon };
  }

  /** The points nearest (lat, lon), nearest first, within `maxMeters`, at most `limit`. */
  nearest(lat: number, lon: number, limit: number, maxMeters: number): NearPoint[] {
    if (limit <= 0 || !Number.isFinite(lat) || !Number.isFinite(lon)) return [];
    if (this.built === null && (this.tooMany || ++this.calls <= GRID_CALLS)) return this.grid.nearest(lat, lon, limit, maxMeters);
    if (this.built === null) {
      const count = (this.db.prepare('SELECT COUNT(*) AS n FROM points').get() as { n: number }).n;
      if (count > this.maxIndexed) {
        this.tooMany = true;
        return this.grid.nearest(lat, lon, limit, maxMeters);
      }
    }
    readInTurn(this.db); // one read transaction per turn (data-db-file.ts)
    const b = (this.built ??= this.build());
    this.byId ??= this.db.prepare(`SELECT p.id, p.place_id, p.street_id, p.number, p.number_int, p.number_fraction, s.predir, s.street, s.suffix, s.postdir,
      p.unit_type, p.unit_number, COALESCE(p.city, s.city) AS city, s.state, s.zip5, p.zip4, p.lat, p.lon, p.inferred, src.name AS source
      FROM points p JOIN streets s ON s.id = p.street_id JOIN sources src ON src.id = s.source_id WHERE p.id = ?`);
    const cosLat = Math.max(0.01, Math.cos((lat * Math.PI) / 180));
    // Boxes that grow until `limit` points lie within the box's half-width (then no point outside is nearer).
    for (let half = Math.min(100, maxMeters); ; half = Math.min(half * 4, maxMeters)) {
      const dLat = half / METERS_PER_DEGREE;
      const dLon = dLat / cosLat;
      const found: { i: number; meters: number }[] = [];
      for (const i of b.index.range(lon - dLon, lat - dLat, lon + dLon, lat + dLat)) {
        const meters = distanceKm(lat, lon, b.lat[i] as number, b.lon[i] as number) * 1000;
        if (meters <= maxMeters) found.push({ i, meters });
      }
      found.sort((x, y) => x.meters - y.meters || (b.ids[x.i] as number) - (b.ids[y.i] as number));
      const enough = found.length >= limit && (found[limit - 1] as { meters: number }).meters <= half;
      if (enough || half >= maxMeters) {
        const out: NearPoint[] = [];
        for (const f of found) {
          if (out.length === limit) break;
          const point = this.byId.get(b.ids[f.i]) as PointRecord | undefined;
          if (point !== undefined) out.push({ point, meters: Math.round(f.meters * 10) / 10 }); // gone since the index was read: skipped
        }
        return out;
      }
    }
  }
}
