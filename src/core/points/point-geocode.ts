/**
 * Geocodes from the address-point layer: the point itself (ROOFTOP), or a
 * position on the street (STREET) interpolated between the nearest numbers on
 * the same side (same parity), else the street's centre. Pure.
 */
import type { PointRecord, StreetRecord } from '../model/ports.js';
import type { Geocode } from '../model/validation-result.js';

/** accuracy_meters of a ROOFTOP geocode: an address point lies on its building or parcel. */
export const ROOFTOP_ACCURACY_M = 10;
/** accuracy_meters of a STREET geocode interpolated between two numbers of the same side. */
export const INTERPOLATED_ACCURACY_M = 50;
/** accuracy_meters of a STREET geocode at the street's centre (the mean of its points). */
export const STREET_CENTRE_ACCURACY_M = 500;

const round = (x: number): number => Math.round(x * 1e7) / 1e7;

/** The ROOFTOP geocode of a point. */
export function pointGeocode(p: PointRecord): Geocode {
  return { lat: p.lat, lon: p.lon, quality: 'ROOFTOP', accuracy_meters: ROOFTOP_ACCURACY_M };
}

/**
 * The STREET geocode of house number `n` on `street`, given points of the street near that
 * number: interpolated between the closest lower and higher numbers of the same parity, else
 * the street centre.
 */
export function streetGeocode(street: StreetRecord, n: number | null, near: readonly PointRecord[]): Geocode {
  if (n !== null) {
    let below: PointRecord | null = null;
    let above: PointRecord | null = null;
    for (const p of near) {
      const m = p.number_int;
      if (m === null || m % 2 !== n % 2) continue;
      if (m < n && (below === null || m > (below.number_int as number))) below = p;
      if (m > n && (above === null || m < (above.number_int as number))) above = p;
    }
    if (below !== null && above !== null) {
      const t = (n - (below.number_int as number)) / ((above.number_int as number) - (below.number_int as number));
      return {
        lat: round(below.lat + (above.lat - below.lat) * t),
        lon: round(below.lon + (above.lon - below.lon) * t),
        quality: 'STREET',
        accuracy_meters: INTERPOLATED_ACCURACY_M,
      };
    }
  }
  return { lat: round(street.lat), lon: round(street.lon), quality: 'STREET', accuracy_meters: STREET_CENTRE_ACCURACY_M };
}
