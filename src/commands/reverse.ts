/**
 * addr reverse LAT LON — the address points nearest a position, with their
 * distance in meters; without point coverage within --max-distance, the nearest
 * ZIP of the locality layer, labelled `coverage: locality`. Flags, help and
 * examples are registered in program.ts.
 *
 * json and ndjson write the whole result (one line in ndjson); csv and table
 * write one row per point (or one row for the nearest ZIP).
 */
import { randomUUID } from 'node:crypto';
import { AddrError } from '../core/model/errors.js';
import type { ReverseResult } from '../core/suggest/reverse.js';
import { openEngine } from '../store/open-engine.js';
import { EXIT_OK } from '../core/model/exit-codes.js';
import { openOutput } from './io.js';
import type { CommandContext } from './io.js';
import type { ReverseFlags } from './options.js';
import { engineLocation } from '../store/data-location.js';
import { createRenderer, defaultFormat, shouldColor } from './render.js';
import type { Column } from './render.js';

const col = (header: string, path: string = header): Column => ({ header, path: path.split('.') });

/** csv and table columns: one row per point, or the nearest ZIP. */
export const REVERSE_COLUMNS: readonly Column[] = [
  { header: 'coverage', path: ['coverage'], style: (v) => (v === 'address_points' ? 'green' : 'yellow') },
  col('distance_meters'),
  { header: 'text', path: ['text'], style: () => 'bold' },
  col('kind'),
  col('place_id'),
  col('line1', 'standardized.line1'),
  col('city'),
  col('state'),
  col('zip5'),
  col('zip4'),
  col('county'),
  col('lat', 'geocode.lat'),
  col('lon', 'geocode.lon'),
  col('quality', 'geocode.quality'),
  col('source'),
];

/** The rows csv and table print for a result. */
export function reverseRows(result: ReverseResult): object[] {
  if (result.results.length > 0) {
    return result.results.map((p) => ({ coverage: result.coverage, ...p, city: p.standardized.city, state: p.standardized.state, zip5: p.standardized.zip5, zip4: p.standardized.zip4 }));
  }
  if (result.locality !== null) return [{ coverage: result.coverage, ...result.locality }];
  return [{ coverage: result.coverage, text: 'no address point and no U.S. ZIP near this position' }];
}

/** A coordinate argument as a number; throws ADDR_ERR_COORDINATES_INVALID for text that is not one, or out of range (before any file is opened). */
function coordinate(name: 'latitude' | 'longitude', text: string | undefined, bound: number): number {
  const t = (text ?? '').trim();
  const n = /^[-+]?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : Number.NaN;
  if (!Number.isFinite(n) || Math.abs(n) > bound) throw new AddrError('ADDR_ERR_COORDINATES_INVALID', [name, t === '' ? '(none)' : `'${t}'`, `-${bound}`, String(bound)]);
  return n;
}

/** Runs `addr reverse LAT LON`; returns the exit code. */
export async function runReverse(args: readonly string[], flags: ReverseFlags, ctx: CommandContext): Promise<number> {
  if (args.length !== 2) throw new AddrError('ADDR_ERR_USAGE', [`Give a latitude and a longitude, e.g. addr reverse 38.4021 -122.8287 (got ${args.length} argument${args.length === 1 ? '' : 's'}).`]);
  const lat = coordinate('latitude', args[0], 90);
  const lon = coordinate('longitude', args[1], 180);
  const opened = openEngine(engineLocation(flags.dataDir, ctx.env));
  try {
    const startedAt = performance.now();
    const result = opened.engine.reverse(lat, lon, {
      ...(flags.limit !== undefined ? { limit: flags.limit } : {}),
      ...(flags.maxDistance !== undefined ? { maxDistanceMeters: flags.maxDistance } : {}),
      requestId: randomUUID(),
      startedAt,
      now: () => performance.now(),
    });
    const format = flags.format ?? defaultFormat(ctx.stdout);
    const tabular = format === 'csv' || format === 'table';
    const renderer = createRenderer(openOutput(ctx.stdout), {
      format,
      columns: REVERSE_COLUMNS,
      many: false,
      color: shouldColor(ctx.stdout, flags.color, ctx.env),
    });
    for (const row of tabular ? reverseRows(result) : [result]) {
      if (!(await renderer.write(row))) return EXIT_OK;
    }
    await renderer.end();
    return EXIT_OK;
  } finally {
    opened.close();
  }
}
