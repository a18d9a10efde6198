/**
 * One place from several sources: two address points with the same house
 * number, fraction, street (directionals, name, suffix) and unit that lie
 * within SAME_PLACE_METERS of each other are the same place, whichever source
 * each comes from (an OpenAddresses file and the NAD, a county file imported
 * twice under two names). Validation, reverse geocoding and autocomplete show
 * such a place once. Pure.
 */
import { withinKm } from '../util/geo-distance.js';
import { houseNumberKey } from './point-address.js';
import type { PointRecord } from '../model/ports.js';

/** How close two points of one address must lie to be one place: ~4 decimals of a degree, as the importer's duplicate key. */
export const SAME_PLACE_METERS = 11;

/** Unit numbers compare without a designator, case or leading zeros ("APT 04" is "# 4"). */
export function unitKey(u: string | null): string {
  return u === null ? '' : u.toUpperCase().replace(/[^A-Z0-9]/g, '').replace(/^0+(?=.)/, '');
}

/** True when two points are one place (see the module comment). */
export function samePlace(a: PointRecord, b: PointRecord): boolean {
  return a.street === b.street && a.predir === b.predir && a.suffix === b.suffix && a.postdir === b.postdir
    && a.number_fraction === b.number_fraction && houseNumberKey(a.number) === houseNumberKey(b.number)
    && unitKey(a.unit_number) === unitKey(b.unit_number) && withinKm(a.lat, a.lon, b.lat, b.lon, SAME_PLACE_METERS / 1000);
}

/** The items in order, each dropped whose point is the same place as one kept before it (items without a point are kept); at most `limit`. */
export function distinctPlaces<T>(items: readonly T[], pointOf: (item: T) => PointRecord | null, limit = Number.POSITIVE_INFINITY): T[] {
  const out: T[] = [];
  const kept: PointRecord[] = [];
  for (const item of items) {
    if (out.length >= limit) break;
    const p = pointOf(item);
    if (p !== null) {
      if (kept.some((k) => samePlace(k, p))) continue;
      kept.push(p);
    }
    out.push(item);
  }
  return out;
}
