/**
 * The details of an autocomplete suggestion by its place_id: the full record
 * (standardized address, components, geocode, county) of an address point, a
 * building listed by its units, a street, a city or a ZIP. Throws
 * ADDR_ERR_PLACE_NOT_FOUND for an id that names nothing (malformed, or its
 * source removed or changed since).
 */
import { cityKey } from '../parse/city-key.js';
import { displayAddress, mixedCase } from '../parse/display-address.js';
import { AddrError } from '../model/errors.js';
import { formatDeliveryLine, formatUnit } from '../parse/format-lines.js';
import { cityCentroid, zipCentroid } from '../locality/locality.js';
import { inferredFields, pointComponents, pointPlace } from '../views/place-record.js';
import type { PlaceAddress, PlaceGeocode } from '../views/place-record.js';
import { placeIdOf, readPlaceId } from '../model/place-id.js';
import type { PlaceRef } from '../model/place-id.js';
import type { LocalityStore, PointRecord, PointSearch, PointStore } from '../model/ports.js';
import { rangeGeocode, sideHolds, streetCentre } from '../ranges/edge-geometry.js';
import type { RangeStore } from '../ranges/range-store.js';
import { streetKey } from '../parse/street-key.js';
import type { AddressComponents } from '../model/types.js';

/** accuracy_meters of a street's centre (the mean of its points). */
export const STREET_CENTRE_ACCURACY_METERS = 250;

/** The full record of a suggestion. */
export interface PlaceDetails {
  id: string; // request id
  kind: 'address' | 'street' | 'city' | 'zip' | 'interpolated'; // interpolated: a number a TIGER/Line range holds (ranges)
  place_id: string;
  text: string; // mixed case one line, as the suggestion showed it
  standardized: Omit<PlaceAddress, 'line1' | 'state'> & { line1: string | null; state: string }; // line1 null for a city or ZIP
  components: AddressComponents;
  geocode: PlaceGeocode | null; // ROOFTOP (address), STREET (street centre), RANGE_INTERPOLATED (interpolated), CITY_CENTROID, ZIP_CENTROID
  county: string | null; // from the locality layer, by ZIP
  county_fips: string | null;
  source: string | null; // imported source (address, street), "ranges:<sources>" for a place of the ranges
  inferred: ('city' | 'state' | 'zip5')[]; // address: fields the importer filled by position
  units: string[]; // address: units the data lists at the building ("APT 1"); [] otherwise
  zips: string[]; // the ZIPs of the place (a city's, or the one of an address, street or ZIP)
  points: number | null; // street: address points on it
  data_version: string;
  latency_ms: number;
}

/** The ports details reads. */
export interface DetailsPorts {
  locality: LocalityStore;
  points: PointStore | null;
  search: PointSearch | null;
  ranges?: RangeStore | null; // places of the TIGER/Line ranges (rs_, ra_ ids)
  dataVersion: string;
}

/** Options of a details call. */
export interface DetailsOptions {
  requestId?: string;
  startedAt?: number;
  now?: () => number;
}

const EMPTY: AddressComponents = {
  number: null, number_fraction: null, predir: null, street: null, suffix: null, postdir: null, unit_type: null, unit_number: null,
  po_box: null, rural_route: null, box: null, box_group_type: null, urbanization: null, city: null, state: null, zip5: null, zip4: null,
};

type Body = Omit<PlaceDetails, 'id' | 'data_version' | 'latency_ms' | 'county' | 'county_fips'>;

function unitsOf(points: readonly PointRecord[], fraction: string | null): string[] {
  return points.filter((p) => p.number_fraction === fraction && (p.unit_type !== null || p.unit_number !== null))
    .map((p) => formatUnit(pointComponents(p)))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

function notFound(placeId: string): AddrError {
  return new AddrError('ADDR_ERR_PLACE_NOT_FOUND', [placeId.length > 80 ? `${placeId.slice(0, 80)}...` : placeId]);
}

function body(placeId: string, ports: DetailsPorts): Body {
  const ref = typeof placeId === 'string' ? readPlaceId(placeId.trim()) : null;
  if (ref === null) throw notFound(String(placeId));
  switch (ref.kind) {
    case 'point': {
      const p = ports.points?.byPlaceId(ref.placeId) ?? null;
      if (p === null) throw notFound(placeId);
      const place = pointPlace(p);
      const siblings = p.unit_type === null && p.unit_number === null ? unitsOf(ports.points?.pointsAt(p.street_id, p.number) ?? [], p.number_fraction) : [];
      return { ...place, units: siblings, zips: p.zip5 !== null ? [p.zip5] : [], points: null };
    }
    case 'building':
    case 'street': {
      const s = ref.street;
      const street = ports.search?.streetByParts(s.source, s.state, s.zip5, s.predir, s.street, s.suffix, s.postdir) ?? null;
      if (street === null) throw notFound(placeId);
      if (ref.kind === 'street') {
        const components: AddressComponents = { ...EMPTY, predir: street.predir, street: street.street, suffix: street.suffix, postdir: street.postdir, city: street.city, state: street.state, zip5: street.zip5 };
        const standardized = { line1: formatDeliveryLine(components), line2: null, city: street.city, state: street.state, zip5: street.zip5, zip4: null };
        return {
          kind: 'street', place_id: placeIdOf(ref), text: displayAddress(standardized) ?? standardized.line1, standardized, components,
          geocode: { lat: street.lat, lon: street.lon, quality: 'STREET', accuracy_meters: STREET_CENTRE_ACCURACY_METERS },
          source: street.source, inferred: [], units: [], zips: street.zip5 !== null ? [street.zip5] : [], points: street.points,
        };
      }
      const points = (ports.points?.pointsAt(street.id, ref.number) ?? []).filter((p) => p.number_fraction === ref.fraction);
      const first = points[0];
      if (first === undefined) throw notFound(placeId);
      const place = pointPlace({ ...first, unit_type: null, unit_number: null, zip4: null });
      return { ...place, place_id: placeIdOf(ref), inferred: inferredFields(first.inferred), units: unitsOf(points, ref.fraction), zips: first.zip5 !== null ? [first.zip5] : [], points: null };
    }
    case 'city': {
      const place = ports.locality.placesByKey(cityKey(ref.city), ref.state).find((p) => p.city === ref.city) ?? null;
      if (place === null) throw notFound(placeId);
      const zip = place.zips[0] ?? null;
      return {
        kind: 'city', place_id: placeId, text: `${mixedCase(place.city)}, ${place.state}${zip !== null ? ` ${zip}` : ''}`,
        standardized: { line1: null, line2: null, city: place.city, state: place.state, zip5: zip, zip4: null },
        components: { ...EMPTY, city: place.city, state: place.state, zip5: zip },
        geocode: cityCentroid(place), source: null, inferred: [], units: [], zips: [...place.zips], points: null,
      };
    }
    case 'range_street':
    case 'range_address': return rangeBody(placeId, ref, ports);
    case 'zip': {
      const z = ports.locality.zip(ref.zip5);
      if (z === null) throw notFound(placeId);
      return {
        kind: 'zip', place_id: placeId, text: `${mixedCase(z.city)}, ${z.state} ${z.zip5}`,
        standardized: { line1: null, line2: null, city: z.city, state: z.state, zip5: z.zip5, zip4: null },
        components: { ...EMPTY, city: z.city, state: z.state, zip5: z.zip5 },
        geocode: zipCentroid(z), source: null, inferred: [], units: [], zips: [z.zip5], points: null,
      };
    }
  }
}

/** A street of the ranges (its centre), or a number one of its ranges holds (interpolated). */
function rangeBody(placeId: string, ref: Extract<PlaceRef, { kind: 'range_street' | 'range_address' }>, ports: DetailsPorts): Body {
  const s = ref.street;
  const ranges = ports.ranges ?? null;
  const street = ranges?.streetsInZip(s.zip5 as string, streetKey(s.street))
    .find((r) => r.predir === s.predir && r.street === s.street && r.suffix === s.suffix && r.postdir === s.postdir) ?? null;
  if (ranges === null || street === null) throw notFound(placeId);
  const city = ports.locality.zip(street.zip5)?.city ?? null;
  const number = ref.kind === 'range_address' ? ref.number : null;
  const components: AddressComponents = { ...EMPTY, number, predir: street.predir, street: street.street, suffix: street.suffix, postdir: street.postdir, city, state: street.state, zip5: street.zip5 };
  const standardized = { line1: formatDeliveryLine(components), line2: null, city, state: street.state, zip5: street.zip5, zip4: null };
  let geocode: PlaceGeocode | null;
  if (number === null) {
    const centre = streetCentre(ranges.edgesOf(street));
    geocode = centre !== null ? { lat: centre.lat, lon: centre.lon, quality: 'STREET', accuracy_meters: centre.accuracy_meters } : null;
  } else {
    const n = Number(number);
    const sides = ranges.edgesHolding(street, n).flatMap((edge) => (['left', 'right'] as const).map((side) => ({ edge, side, range: edge[side] })))
      .filter((h) => h.range !== null && sideHolds(h.range, n));
    const hit = sides.find((h) => h.range?.zip5 === street.zip5);
    if (hit === undefined) throw notFound(placeId);
    geocode = rangeGeocode(hit.edge, hit.side, n);
  }
  return {
    kind: number === null ? 'street' : 'interpolated', place_id: placeIdOf(ref), text: displayAddress(standardized) ?? standardized.line1, standardized, components,
    geocode, source: ranges.dataVersion(), inferred: [], units: [], zips: [street.zip5], points: null,
  };
}

/** The full record of a suggestion by its place_id. */
export function placeDetails(placeId: string, options: DetailsOptions, ports: DetailsPorts): PlaceDetails {
  const b = body(placeId, ports);
  const zip = b.standardized.zip5 !== null ? ports.locality.zip(b.standardized.zip5) : null;
  const t1 = options.now?.();
  const t0 = options.startedAt;
  return {
    id: options.requestId ?? '',
    ...b,
    county: zip?.county ?? null,
    county_fips: zip?.county_fips ?? null,
    data_version: ports.dataVersion,
    latency_ms: t0 !== undefined && t1 !== undefined ? Math.max(0, Math.round((t1 - t0) * 100) / 100) : 0,
  };
}
