/**
 * Deterministic generator of an OpenAddresses CSV for benchmarks: streets laid
 * out around real ZIP centroids (so the importer's locality inference and
 * validation hit real data), house numbers in order along each street, even on
 * one side and odd on the other, a few units, and the usual OA habits (types
 * spelled out, POSTCODE and CITY often empty, REGION empty).
 */
import { prng } from './generate-addresses.js';

/** A real ZIP with its centroid. */
export interface ZipCentroid { zip5: string; city: string; state: string; lat: number; lon: number }

const NAMES = ['Main', 'Oak', 'Pine', 'Maple', 'Cedar', 'Elm', 'Washington', 'Lake', 'Hill', 'Park', 'Walnut', 'Sunset', 'Lincoln', 'Jackson', 'Church', 'River', 'Highland', 'Jefferson', 'Madison', 'Franklin', 'Meadow Gate', 'Gravenstein', 'Mill Station', 'Old Farm', '5th', '12th', 'First', 'Second', 'Forest Hills', 'Spring Valley', 'Willow Creek', 'Pennsylvania', 'Broadway', 'Country Club', 'Abercrombie', 'Rezanof', 'Monashka Bay', 'Larch', 'Selief', 'Mylark'];
const TYPES = ['Street', 'Avenue', 'Road', 'Drive', 'Lane', 'Boulevard', 'Court', 'Way', 'Place', 'Circle', 'Terrace', 'Trail'];
const DIRS = ['', '', '', '', 'North', 'South', 'East', 'West'];

/** One generated street: where it runs and what it is called. */
export interface GeneratedStreet { zip: ZipCentroid; name: string; lat: number; lon: number; dLat: number; dLon: number; numbers: number }

/** The streets of the generated file (also what the validate bench picks its addresses from). */
export function generateStreets(zips: readonly ZipCentroid[], points: number, seed = 7): GeneratedStreet[] {
  const rnd = prng(seed);
  const streets: GeneratedStreet[] = [];
  let total = 0;
  while (total < points) {
    const zip = zips[Math.floor(rnd() * zips.length)] as ZipCentroid;
    const dir = DIRS[Math.floor(rnd() * DIRS.length)] as string;
    const name = `${dir} ${NAMES[Math.floor(rnd() * NAMES.length)] as string} ${TYPES[Math.floor(rnd() * TYPES.length)] as string}`.trim();
    const numbers = Math.min(points - total, 20 + Math.floor(rnd() * 180));
    const angle = rnd() * Math.PI;
    streets.push({
      zip, name, numbers,
      lat: zip.lat + (rnd() - 0.5) * 0.04, lon: zip.lon + (rnd() - 0.5) * 0.04,
      dLat: Math.sin(angle) * 0.00012, dLon: Math.cos(angle) * 0.00012,
    });
    total += numbers;
  }
  return streets;
}

/** The house number of the i-th point of a street (both sides: even then odd, 2 apart). */
export function houseNumber(i: number): number {
  return 100 + i * 2 + (i % 2);
}

function csvField(s: string): string {
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The CSV text of the streets' points, in chunks of lines (header first). */
export function* pointCsvChunks(streets: readonly GeneratedStreet[], seed = 11): Generator<string> {
  const rnd = prng(seed);
  yield 'LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH\n';
  let lines: string[] = [];
  let id = 0;
  for (const s of streets) {
    for (let i = 0; i < s.numbers; i++) {
      const side = i % 2 === 0 ? 1 : -1;
      const lat = s.lat + s.dLat * i + side * 0.00008;
      const lon = s.lon + s.dLon * i - side * 0.00008;
      const unit = rnd() < 0.03 ? `APT ${1 + Math.floor(rnd() * 12)}` : '';
      const postcode = rnd() < 0.5 ? s.zip.zip5 : '';
      const city = postcode !== '' && rnd() < 0.5 ? s.zip.city : '';
      id++;
      lines.push(`${lon.toFixed(7)},${lat.toFixed(7)},${houseNumber(i)},${csvField(s.name)},${unit},${csvField(city)},,,${postcode},${id},${id.toString(16)}`);
      if (lines.length === 10_000) {
        yield `${lines.join('\n')}\n`;
        lines = [];
      }
    }
  }
  if (lines.length > 0) yield `${lines.join('\n')}\n`;
}
