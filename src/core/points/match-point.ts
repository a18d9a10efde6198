/**
 * The address-point half of a validation (docs/validation.md): once the locality is
 * decided, find the street among the imported points (exact name in the ZIP,
 * then in a nearby ZIP of the state, then a misspelling in the ZIP), repair a
 * missing or wrong suffix or directional, confirm the house number and the
 * unit, and correct the ZIP and city from the point. Returns null when no
 * points cover the area: the result then stays at the locality layer.
 *
 * Knobs: NEARBY_KM (nearby-streets.ts: how far from the given locality a street in
 * another ZIP may be), the geocode accuracies in point-geocode.ts.
 */
import { cityKey } from '../parse/city-key.js';
import type { Findings } from '../model/findings.js';
import type { Locality } from '../locality/locality.js';
import { isZip5 } from '../locality/match-zip.js';
import { pointGeocode, streetGeocode } from './point-geocode.js';
import { samePlace, unitKey } from './same-place.js';
import { settleLocality } from './point-locality.js';
import { NEARBY_KM, nearbyStreets } from './nearby-streets.js';
import { FUZZY_ZIPS, coveredZips } from './city-coverage.js';
import type { LocalityStore, PointRecord, PointStore, StreetRecord } from '../model/ports.js';
import { INFERRED } from '../model/ports.js';
import { nearestNames } from '../util/nearest-names.js';
import { rememberedStreetKey } from '../parse/street-key.js';
import type { AddressComponents } from '../model/types.js';
import { leadingNumber } from '../parse/vocabulary.js';
import type { Deliverability, Geocode, QualityLevel } from '../model/validation-result.js';

/** Points asked on each side of a number not found: enough to find a neighbour of the same parity past the units of a building. */
const NEAR_WINDOW = 12;
/** The nearest numbers offered (candidates) for a number not found. */
const NEAREST_OFFERED = 4;


/** What the points say about an address. */
export interface PointMatch {
  street: StreetRecord | null; // the street chosen (null: not found)
  point: PointRecord | null; // the delivery point confirmed (building, or its unit)
  components: AddressComponents; // the address as the points give it
  locality: Locality; // the locality after a ZIP or city taken from the point
  zip4: string | null;
  deliverability: Deliverability;
  level: QualityLevel;
  geocode: Geocode | null; // ROOFTOP, or STREET when the number is not found
  suggestion: PointRecord | null; // what to review: the nearest number, the point of a missing or unknown unit (none for an ambiguity: the candidates list every reading)
  candidates: PointRecord[]; // other readings, best first
}

/** One street found for the address, with how well it fits. */
interface StreetHit { street: StreetRecord; fuzzy: boolean; points: PointRecord[]; score: number }

// The street's point at this number and fraction (all units), or none. A number whose leading
// integer lies outside the street's range is not asked for (the common case of a number not
// found: the street's points are not read).
function pointsOn(points: PointStore, street: StreetRecord, c: AddressComponents): PointRecord[] {
  const number = c.number as string;
  if (street.min_number !== undefined && street.max_number !== undefined) {
    const n = leadingNumber(number);
    if (n !== null && (street.min_number === null || street.max_number === null || n < street.min_number || n > street.max_number)) return [];
  }
  const at = points.pointsAt(street.id, number);
  const fraction = c.number_fraction;
  for (const p of at) if (p.number_fraction !== fraction) return at.filter((q) => q.number_fraction === fraction);
  return at;
}

/** The covered ZIPs a misspelled street is looked for in: the decided one, then the city's (at most FUZZY_ZIPS). */
function fuzzyZips(loc: Locality, zipCovered: boolean, points: PointStore, locality: LocalityStore): string[] {
  const out: string[] = [];
  if (zipCovered) out.push(loc.zip5 as string);
  if (loc.city !== null && loc.state !== null) {
    for (const z of coveredZips(locality.placesByKey(cityKey(loc.city), loc.state), points)) if (out.length < FUZZY_ZIPS && !out.includes(z)) out.push(z);
  }
  return out;
}

/** The streets of a name (its key) in a ZIP as another layer knows them (the ranges'): only whether there are any is asked. */
export interface KnownStreets {
  streetsInZip(zip5: string, key: string): readonly unknown[];
}

/** Whether the ranges hold a street of this key in the ZIP given or in the ZIPs searched for a misspelling (each asked once). */
function knowsName(known: KnownStreets, key: string, zip5: string | null, zips: readonly string[]): boolean {
  if (zip5 !== null && !zips.includes(zip5) && known.streetsInZip(zip5, key).length > 0) return true;
  return zips.some((z) => known.streetsInZip(z, key).length > 0);
}

/**
 * Streets named like the input near the locality; fuzzy when only a misspelling matched;
 * inZip when they are the streets of the decided ZIP (others nearby may still hold the number).
 */
function findStreets(key: string, loc: Locality, zipCovered: boolean, points: PointStore, locality: LocalityStore, known: KnownStreets | null): { streets: StreetRecord[]; fuzzy: boolean; inZip: boolean } {
  const zip = zipCovered ? loc.zip5 : null;
  if (zip !== null) {
    const inZip = points.streetsInZip(zip, key);
    if (inZip.length > 0) return { streets: inZip, fuzzy: false, inZip: true };
  }
  // Another ZIP of the same place (a wrong or missing ZIP).
  const near = nearbyStreets(key, loc, points, NEARBY_KM);
  if (near.length > 0) return { streets: near, fuzzy: false, inZip: false };
  // A misspelling: the closest street names of the ZIP and of the city's other covered ZIPs,
  // when one name wins. Not where the ranges know a street of the name as written, in the ZIP
  // given or in those: the name is a street's, one the points lack, not another's misspelt.
  const zips = fuzzyZips(loc, zipCovered, points, locality);
  if (known !== null && knowsName(known, key, loc.zip5, zips)) return { streets: [], fuzzy: false, inZip: false };
  const max = key.length <= 4 ? 0 : key.length <= 8 ? 1 : 2;
  const names = nearestNames(key, zips.map((z) => points.streetNamesInZip(z)), max);
  if (names.length === 1) {
    const name = names[0] as string;
    const streets = zips.flatMap((z) => points.streetsInZip(z, name));
    if (streets.length > 0) return { streets, fuzzy: true, inZip: false };
  }
  return { streets: [], fuzzy: false, inZip: false };
}

/**
 * The streets scored, best first. When the first fits strictly better than every other
 * (without the number) and has the number, no other can score as well: the rest are not
 * asked. On a tie (N MAIN ST and S MAIN ST for MAIN ST) every street is asked.
 */
function rankStreets(c: AddressComponents, loc: Locality, points: PointStore, streets: readonly StreetRecord[], fuzzy: boolean): StreetHit[] {
  if (streets.length === 1) {
    const street = streets[0] as StreetRecord;
    const at = pointsOn(points, street, c);
    return [{ street, fuzzy, points: at, score: fit(c, street, loc, at.length > 0) }];
  }
  // The best fit, first of its streets in their order: alone, and holding the number, it is the answer.
  let best = 0;
  let bestFit = -1;
  let alone = true;
  for (let i = 0; i < streets.length; i++) {
    const f = fit(c, streets[i] as StreetRecord, loc, false);
    if (f > bestFit) {
      best = i;
      bestFit = f;
      alone = true;
    } else if (f === bestFit) alone = false;
  }
  const first = streets[best] as StreetRecord;
  const firstAt = alone ? pointsOn(points, first, c) : null;
  if (firstAt !== null && firstAt.length > 0) return [{ street: first, fuzzy, points: firstAt, score: fit(c, first, loc, true) }];
  // Each street's fit computed once; the sort is stable, as over the streets themselves.
  const ordered = streets.map((street) => ({ street, fit: fit(c, street, loc, false) })).sort((a, b) => b.fit - a.fit);
  const hits: StreetHit[] = [];
  for (const { street } of ordered) {
    const at = street === first && firstAt !== null ? firstAt : pointsOn(points, street, c);
    hits.push({ street, fuzzy, points: at, score: fit(c, street, loc, at.length > 0) });
    if (alone && at.length > 0) break;
  }
  return hits.sort((a, b) => b.score - a.score);
}

/** How well a street fits the input's directionals, suffix and ZIP (higher is better). */
function fit(c: AddressComponents, s: StreetRecord, loc: Locality, hasNumber: boolean): number {
  let score = hasNumber ? 8 : 0;
  if (c.predir === s.predir) score += 2;
  else if (c.predir === null || s.predir === null) score += 1; // added or dropped
  if (c.postdir === s.postdir) score += 2;
  else if (c.postdir === null || s.postdir === null) score += 1;
  if (c.suffix === s.suffix) score += 2;
  else if (c.suffix === null || s.suffix === null) score += 1;
  if (loc.zip5 !== null && s.zip5 === loc.zip5) score += 1;
  return score;
}

/**
 * Records the street changes from the input to the point's street; returns the components. The
 * street is written as the points write it: a suffix or directional the input has and the points'
 * street lacks is removed (SUFFIX_REMOVED, DIRECTIONAL_REMOVED), never kept as written.
 */
function repairStreet(c: AddressComponents, s: StreetRecord, fuzzy: boolean, f: Findings): AddressComponents {
  const out: AddressComponents = { ...c, predir: s.predir, suffix: s.suffix, postdir: s.postdir };
  if (fuzzy) {
    f.reason('STREET_FUZZY_MATCH');
    f.change('STREET_CORRECTED', c.street, s.street);
    out.street = s.street;
  }
  if (c.suffix !== s.suffix) {
    if (c.suffix === null) f.change('SUFFIX_ADDED', null, s.suffix);
    else if (s.suffix !== null) f.change('SUFFIX_CORRECTED', c.suffix, s.suffix);
    else f.change('SUFFIX_REMOVED', c.suffix, null);
  }
  for (const [given, found] of [[c.predir, s.predir], [c.postdir, s.postdir]] as const) {
    if (given === found) continue;
    if (given === null) f.change('DIRECTIONAL_ADDED', null, found);
    else if (found !== null) f.change('DIRECTIONAL_CORRECTED', given, found);
    else f.change('DIRECTIONAL_REMOVED', given, null);
  }
  return out;
}

/**
 * Matches a parsed address (with its decided locality) against the points; null without coverage.
 * `known`: the streets the ranges hold, when loaded (no misspelling is looked for of a name they know).
 */
export function matchPoint(c: AddressComponents, loc: Locality, zip4: string | null, points: PointStore, locality: LocalityStore, f: Findings, known: KnownStreets | null = null): PointMatch | null {
  if (c.street === null || c.number === null || c.po_box !== null || c.rural_route !== null) return null;
  // Whether the points cover the decided ZIP: asked once (the answer cannot change during the call).
  const zipCovered = loc.zip5 !== null && points.coversZip(loc.zip5);
  if (!zipCovered && !(loc.state !== null && points.coversState(loc.state))) return null;
  const key = rememberedStreetKey(c.street); // street names repeat across a batch
  const { streets, fuzzy, inZip } = findStreets(key, loc, zipCovered, points, locality, known);
  if (streets.length === 0) {
    // Points known complete for the ZIP know no such street: said, not confirmed. Elsewhere (a
    // source not known complete, a state merely touched by some source) the layers below answer.
    if (!zipCovered || !points.completeZip(loc.zip5 as string)) return null;
    f.reason('STREET_NOT_FOUND');
    return { street: null, point: null, components: c, locality: loc, zip4, deliverability: 'N', level: 'locality', geocode: loc.geocode, suggestion: null, candidates: [] };
  }
  let hits = rankStreets(c, loc, points, streets, fuzzy);
  if (inZip && !fuzzy && (hits[0] as StreetHit).points.length === 0) {
    // The street runs on into a neighbouring ZIP (W 26th St in 10001 and 10010): the number
    // may be on that part, and then the ZIP given is the wrong one.
    const other = nearbyStreets(key, loc, points, NEARBY_KM);
    if (other.length > 0) {
      const wider = rankStreets(c, loc, points, [...streets, ...other], fuzzy);
      if ((wider[0] as StreetHit).points.length > 0) hits = wider;
    }
  }
  const best = hits[0] as StreetHit;
  // A rival is another street: not the same one (of another source, say), nor one whose point at
  // this number is the same place as the best one's (one address from two sources).
  const rivals = hits.filter((h) => h !== best && h.score === best.score && !sameStreet(h.street, best.street) && !samePoints(h.points, best.points));
  if (rivals.length > 0 && best.points.length > 0) {
    // Two streets fit equally well and both have this number (N and S Main St without a directional).
    f.reason('AMBIGUOUS_MATCH');
    const readings = [best, ...rivals].map((h) => h.points.find((p) => p.unit_number === null) ?? (h.points[0] as PointRecord));
    return { street: null, point: null, components: c, locality: loc, zip4, deliverability: 'N', level: 'locality', geocode: loc.geocode, suggestion: null, candidates: readings };
  }
  if (rivals.length > 0) {
    // Equally good streets, none with this number: it exists under no reading (U) where the points
    // are complete, and which street was meant stays open, so neither's directional or suffix is taken.
    if (![best, ...rivals].every((h) => complete(points, h.street))) return null;
    f.reason('HOUSE_NUMBER_NOT_FOUND');
    f.reason('AMBIGUOUS_MATCH');
    const n = leadingNumber(c.number);
    const near = n === null ? [] : [best, ...rivals].flatMap((h) => points.pointsNear(h.street.id, n, NEAR_WINDOW));
    return { street: null, point: null, components: c, locality: loc, zip4, deliverability: 'U', level: 'locality', geocode: loc.geocode, suggestion: null, candidates: nearestNumbers(near, n) };
  }
  // The street is found, this number is not on it: said only where the points are known complete
  // (elsewhere the number may be one the source lacks: the layers below answer).
  if (best.points.length === 0 && !complete(points, best.street)) return null;
  const components = repairStreet(c, best.street, best.fuzzy, f);
  const givenZip = c.zip5 !== null && isZip5(c.zip5);

  if (best.points.length === 0) {
    f.reason('HOUSE_NUMBER_NOT_FOUND');
    const n = leadingNumber(c.number);
    const near = n !== null ? points.pointsNear(best.street.id, n, NEAR_WINDOW) : [];
    const byGap = nearestNumbers(near, n);
    // What the street says of its locality is what all its points near the number say (nothing sure without them).
    let inferred = near.length === 0 ? INFERRED.zip5 | INFERRED.city : -1;
    for (const p of near) inferred &= p.inferred;
    const settled = settleLocality(loc, { ...best.street, inferred }, givenZip, locality, f);
    const newLoc = settled.loc;
    return {
      street: best.street, point: null, components, locality: newLoc, zip4: newLoc.zip5 === loc.zip5 ? zip4 : null,
      deliverability: 'U', level: 'street', geocode: newLoc.partial ? null : streetGeocode(best.street, n, near),
      suggestion: newLoc.partial ? null : (byGap[0] ?? null), candidates: byGap.slice(0, 4),
    };
  }
  const building = best.points.find((p) => p.unit_number === null) ?? null;
  const units = best.points.filter((p) => p.unit_number !== null);
  let point: PointRecord | null = building ?? (best.points[0] as PointRecord);
  let deliverability: Deliverability = 'D';
  let candidates: PointRecord[] = [];
  if (c.unit_number !== null && units.length > 0) {
    const given = unitKey(c.unit_number);
    const unit = units.find((p) => unitKey(p.unit_number) === given) ?? null;
    if (unit !== null) point = unit;
    else {
      f.reason('UNIT_NOT_FOUND');
      deliverability = 'U';
      candidates = units;
    }
  } else if (c.unit_number === null && units.length > 0 && building === null) {
    f.reason('UNIT_MISSING');
    deliverability = 'U';
    candidates = units;
  }
  const settled = settleLocality(loc, point, givenZip, locality, f);
  const newLoc = settled.loc;
  // A delivery point is confirmed (D) with its ZIP: a point that does not know its ZIP cannot.
  if (deliverability === 'D' && !settled.zipConfirmed) deliverability = 'N';
  if (newLoc.partial) {
    // Far from the locality given, and nothing to correct it with: which place is meant is not known.
    return { street: best.street, point: null, components, locality: newLoc, zip4, deliverability: 'N', level: 'locality', geocode: null, suggestion: null, candidates: [point] };
  }
  let outZip4 = newLoc.zip5 === loc.zip5 ? zip4 : null;
  if (settled.zipConfirmed && newLoc.zip5 === point.zip5 && point.zip4 !== null && outZip4 === null) {
    f.change('ZIP4_ADDED', null, point.zip4);
    outZip4 = point.zip4;
  }
  return {
    street: best.street, point, components, locality: newLoc, zip4: outZip4, deliverability, level: 'delivery_point',
    geocode: pointGeocode(point), suggestion: deliverability === 'U' ? point : null, candidates,
  };
}

// The buildings nearest number n, one per street and number (its point without a unit first), closest first.
function nearestNumbers(near: readonly PointRecord[], n: number | null): PointRecord[] {
  if (n === null) return [];
  const byBuilding = new Map<string, PointRecord>();
  // Points of one street (the usual case) tell their buildings apart by number and fraction alone.
  let oneStreet = true;
  for (const p of near) if (p.street_id !== (near[0] as PointRecord).street_id) oneStreet = false;
  for (const p of near) {
    const key = oneStreet ? (p.number_fraction === null ? p.number : `${p.number}|${p.number_fraction}`) : `${p.street_id}|${p.number}|${p.number_fraction ?? ''}`;
    const held = byBuilding.get(key);
    if (held === undefined || (held.unit_number !== null && p.unit_number === null)) byBuilding.set(key, p);
  }
  const gap = (p: PointRecord): number => Math.abs((p.number_int ?? Number.MAX_SAFE_INTEGER) - n);
  return [...byBuilding.values()].sort((a, b) => gap(a) - gap(b)).slice(0, NEAREST_OFFERED);
}

/** True when the points of the street's ZIP are known complete: only there is a number it lacks not found. */
function complete(points: PointStore, s: StreetRecord): boolean {
  return s.zip5 !== null && points.completeZip(s.zip5);
}

/** True when two lists of points at one number share a place (one address from two sources). */
function samePoints(a: readonly PointRecord[], b: readonly PointRecord[]): boolean {
  for (const p of a) for (const q of b) if (samePlace(p, q)) return true;
  return false;
}

function sameStreet(a: StreetRecord, b: StreetRecord): boolean {
  return a.predir === b.predir && a.street === b.street && a.suffix === b.suffix && a.postdir === b.postdir && a.zip5 === b.zip5;
}
