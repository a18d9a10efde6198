/**
 * The full record of one place of the address-point layer, as reverse
 * geocoding returns its results and autocomplete's details lookup returns a
 * suggestion: the standardized address (USPS upper case), its components
 * (docs/parser.md, Components), the one-line text for people (mixed case) and the
 * rooftop geocode. Pure: built from a PointRecord.
 */
import { displayAddress } from '../parse/display-address.js';
import { formatDeliveryLine } from '../parse/format-lines.js';
import { INFERRED } from '../model/ports.js';
import type { PointRecord } from '../model/ports.js';
import type { AddressComponents } from '../model/types.js';
import type { GeocodeQuality } from '../model/validation-result.js';

/** Accuracy claimed for a point's own position (a rooftop or parcel point of the source). */
export const ROOFTOP_ACCURACY_METERS = 10;

/** The standardized address of a place. */
export interface PlaceAddress {
  line1: string; // street line with the unit: "1400 ABERCROMBIE DR APT 2"
  line2: string | null; // always null for points (the unit is on line1); kept for the shape of validation results
  city: string | null;
  state: string;
  zip5: string | null;
  zip4: string | null;
}

/** Position and how good it is. */
export interface PlaceGeocode {
  lat: number;
  lon: number;
  quality: GeocodeQuality;
  accuracy_meters: number;
}

/** One address point, in full. */
export interface PointPlace {
  kind: 'address'; // an address point (with or without a unit)
  place_id: string; // stable across re-imports of the same content
  text: string; // mixed case one line: "1400 Abercrombie Dr Apt 2, Kodiak, AK 99615"
  standardized: PlaceAddress;
  components: AddressComponents;
  geocode: PlaceGeocode;
  source: string; // the imported source it comes from
  inferred: ('city' | 'state' | 'zip5')[]; // fields the importer filled from the locality layer by position
}

/** The components of a point (docs/parser.md, Components; PO box, route and urbanization never apply). */
export function pointComponents(p: PointRecord): AddressComponents {
  return {
    number: p.number,
    number_fraction: p.number_fraction,
    predir: p.predir,
    street: p.street,
    suffix: p.suffix,
    postdir: p.postdir,
    unit_type: p.unit_type,
    unit_number: p.unit_number,
    po_box: null,
    rural_route: null,
    box: null,
    box_group_type: null,
    urbanization: null,
    city: p.city,
    state: p.state,
    zip5: p.zip5,
    zip4: p.zip4,
  };
}

/** Which fields of a point were inferred, by name. */
export function inferredFields(bits: number): ('city' | 'state' | 'zip5')[] {
  const out: ('city' | 'state' | 'zip5')[] = [];
  if ((bits & INFERRED.city) !== 0) out.push('city');
  if ((bits & INFERRED.state) !== 0) out.push('state');
  if ((bits & INFERRED.zip5) !== 0) out.push('zip5');
  return out;
}

/** The full record of an address point. */
export function pointPlace(p: PointRecord): PointPlace {
  const components = pointComponents(p);
  const standardized: PlaceAddress = { line1: formatDeliveryLine(components), line2: null, city: p.city, state: p.state, zip5: p.zip5, zip4: p.zip4 };
  return {
    kind: 'address',
    place_id: p.place_id,
    text: displayAddress(standardized) ?? standardized.line1,
    standardized,
    components,
    geocode: { lat: p.lat, lon: p.lon, quality: 'ROOFTOP', accuracy_meters: ROOFTOP_ACCURACY_METERS },
    source: p.source,
    inferred: inferredFields(p.inferred),
  };
}
