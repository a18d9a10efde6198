/**
 * Reverse geocoding from the range layer where no address point lies within
 * reach: the nearest street edges, and on each the house number its side's
 * range gives at the position's place along the edge (the side the position
 * lies on when that side has a range), interpolated (RANGE_INTERPOLATED). Pure.
 */
import { displayAddress } from '../parse/display-address.js';
import { formatDeliveryLine } from '../parse/format-lines.js';
import type { LocalityStore } from '../model/ports.js';
import type { AddressComponents } from '../model/types.js';
import type { Geocode } from '../model/validation-result.js';
import { numberAt, projectOnto, rangeGeocode } from './edge-geometry.js';
import type { NearEdge, RangeSide, RangeStore } from './range-store.js';

/** An address interpolated in a range near the position asked. */
export interface RangePlace {
  kind: 'interpolated'; // a number a range gives, not a known address point
  place_id: null; // interpolated places have no record of their own
  text: string; // "105 E Main St, White Sulphur Springs, MT 59645"
  standardized: { line1: string; line2: null; city: string | null; state: string; zip5: string; zip4: null };
  components: AddressComponents;
  geocode: Geocode;
  source: string; // "ranges:<sources>"
  inferred: never[];
  distance_meters: number; // from the position to the edge's line
}

/** The place an edge gives near a position, or null when neither side has a range. */
function placeOn(near: NearEdge, lat: number, lon: number, locality: Pick<LocalityStore, 'zip'>, source: string): RangePlace | null {
  const { edge } = near;
  const at = projectOnto(edge.coords, lat, lon);
  const sideName = edge[at.side] !== null ? at.side : at.side === 'left' ? 'right' : 'left';
  const side = edge[sideName] as RangeSide | null;
  if (side === null) return null;
  const street = near.streets.find((s) => s.zip5 === side.zip5) ?? near.streets[0];
  if (street === undefined) return null;
  const number = numberAt(side, at.share);
  const city = locality.zip(side.zip5)?.city ?? null;
  const components: AddressComponents = {
    number: String(number), number_fraction: null, predir: street.predir, street: street.street, suffix: street.suffix, postdir: street.postdir,
    unit_type: null, unit_number: null, po_box: null, rural_route: null, box: null, box_group_type: null, urbanization: null,
    city, state: street.state, zip5: side.zip5, zip4: null,
  };
  const standardized = { line1: formatDeliveryLine(components), line2: null, city, state: street.state, zip5: side.zip5, zip4: null };
  return {
    kind: 'interpolated',
    place_id: null,
    text: displayAddress(standardized) ?? standardized.line1,
    standardized,
    components,
    geocode: rangeGeocode(edge, sideName, number),
    source,
    inferred: [],
    distance_meters: Math.round(near.meters * 10) / 10,
  };
}

/** The interpolated addresses of the edges nearest a position, nearest first, one per address. */
export function rangePlaces(lat: number, lon: number, limit: number, maxMeters: number, ranges: RangeStore, locality: Pick<LocalityStore, 'zip'>): RangePlace[] {
  const out: RangePlace[] = [];
  const seen = new Set<string>();
  for (const near of ranges.nearestEdges(lat, lon, limit * 2, maxMeters)) {
    const place = placeOn(near, lat, lon, locality, ranges.dataVersion());
    if (place === null || seen.has(place.text)) continue;
    seen.add(place.text);
    out.push(place);
    if (out.length === limit) break;
  }
  return out;
}
