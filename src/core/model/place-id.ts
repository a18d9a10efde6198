/**
 * The place_id of an autocomplete suggestion. An address point keeps the id
 * the importer gave it (`pt_`, a hash of its source and content). Suggestions
 * that are no single point carry their own content, so the same street,
 * building, city or ZIP gets the same id after any re-import, and details can
 * find it again without a stored table:
 *   bd_<base64url JSON>  a building listed only by its units
 *   st_<base64url JSON>  a street (in one ZIP of one source)
 *   ci_<base64url JSON>  a city of the locality layer
 *   zp_<five digits>     a ZIP of the locality layer
 *   rs_<base64url JSON>  a street of the TIGER/Line ranges (in one ZIP)
 *   ra_<base64url JSON>  a house number a range of such a street holds (interpolated)
 */

/** What a place_id names. */
export type PlaceRef =
  | { kind: 'point'; placeId: string }
  | { kind: 'building'; street: StreetRef; number: string; fraction: string | null }
  | { kind: 'street'; street: StreetRef }
  | { kind: 'city'; state: string; city: string }
  | { kind: 'zip'; zip5: string }
  | { kind: 'range_street'; street: StreetRef } // source: RANGES_SOURCE
  | { kind: 'range_address'; street: StreetRef; number: string };

/** The `source` of the StreetRef of a range street (the ranges are one layer, whatever the files). */
export const RANGES_SOURCE = 'ranges';

/** A street of the point layer by its content. */
export interface StreetRef {
  source: string;
  state: string;
  zip5: string | null;
  predir: string | null;
  street: string;
  suffix: string | null;
  postdir: string | null;
}

const packed = (values: readonly (string | null)[]): string => Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');

function unpacked(text: string, length: number): (string | null)[] | null {
  try {
    const values: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(values) || values.length !== length || !values.every((v) => v === null || typeof v === 'string')) return null;
    return values as (string | null)[];
  } catch {
    return null;
  }
}

const streetValues = (s: StreetRef): (string | null)[] => [s.source, s.state, s.zip5, s.predir, s.street, s.suffix, s.postdir];

function streetOf(v: readonly (string | null)[]): StreetRef | null {
  const [source, state, zip5, predir, street, suffix, postdir] = v;
  if (source == null || state == null || street == null) return null;
  return { source, state, zip5: zip5 ?? null, predir: predir ?? null, street, suffix: suffix ?? null, postdir: postdir ?? null };
}

/** The place_id of a reference. */
export function placeIdOf(ref: PlaceRef): string {
  switch (ref.kind) {
    case 'point': return ref.placeId;
    case 'building': return `bd_${packed([...streetValues(ref.street), ref.number, ref.fraction])}`;
    case 'street': return `st_${packed(streetValues(ref.street))}`;
    case 'city': return `ci_${packed([ref.state, ref.city])}`;
    case 'zip': return `zp_${ref.zip5}`;
    case 'range_street': return `rs_${packed(streetValues(ref.street))}`;
    case 'range_address': return `ra_${packed([...streetValues(ref.street), ref.number])}`;
  }
}

/** What a place_id names; null when it is no id addr gives out. */
export function readPlaceId(id: string): PlaceRef | null {
  const body = id.slice(3);
  switch (id.slice(0, 3)) {
    case 'pt_': return /^[A-Za-z0-9_-]{16}$/.test(body) ? { kind: 'point', placeId: id } : null;
    case 'zp_': return /^\d{5}$/.test(body) ? { kind: 'zip', zip5: body } : null;
    case 'ci_': {
      const v = unpacked(body, 2);
      return v !== null && v[0] != null && v[1] != null ? { kind: 'city', state: v[0], city: v[1] } : null;
    }
    case 'st_': {
      const v = unpacked(body, 7);
      const street = v !== null ? streetOf(v) : null;
      return street !== null ? { kind: 'street', street } : null;
    }
    case 'bd_': {
      const v = unpacked(body, 9);
      const street = v !== null ? streetOf(v) : null;
      return street !== null && v?.[7] != null ? { kind: 'building', street, number: v[7], fraction: v[8] ?? null } : null;
    }
    case 'rs_': {
      const v = unpacked(body, 7);
      const street = v !== null ? streetOf(v) : null;
      return street !== null && street.zip5 !== null ? { kind: 'range_street', street } : null;
    }
    case 'ra_': {
      const v = unpacked(body, 8);
      const street = v !== null ? streetOf(v) : null;
      return street !== null && street.zip5 !== null && v?.[7] != null && /^\d+$/.test(v[7]) ? { kind: 'range_address', street, number: v[7] } : null;
    }
    default: return null;
  }
}
