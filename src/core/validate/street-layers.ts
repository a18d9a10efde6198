/**
 * The street layers of a validation in turn (docs/validation.md): the address points, then, where
 * no point answered, the TIGER/Line address ranges. One exception to the order: where the points
 * cover neither the decided ZIP nor any ZIP of the decided city (they could only answer with a
 * street of another town, a wrong ZIP corrected) and the ranges cover the ZIP, the ranges are
 * asked first, and an answer that confirms the address as it stands (a side of its street in its
 * ZIP holds the number, nothing changed) is taken without asking the points: the user's ZIP has
 * that street and that number. Any other answer of the ranges is let go, its findings undone, and
 * the layers answer in the usual order. Points of the city filed under another of its ZIPs (a ZIP
 * the import inferred from the nearest centre) are still asked first: their ZIP is then taken from
 * the range side they lie on.
 */
import type { Findings, FindingsMark } from '../model/findings.js';
import type { Locality } from '../locality/locality.js';
import type { LocalityStore, PointStore } from '../model/ports.js';
import type { AddressComponents } from '../model/types.js';
import { coversCity } from '../points/city-coverage.js';
import { matchPoint } from '../points/match-point.js';
import type { PointMatch } from '../points/match-point.js';
import { matchRange } from '../ranges/match-range.js';
import type { RangeMatch } from '../ranges/match-range.js';
import type { RangeStore } from '../ranges/range-store.js';

/** What the street layers answered (at most one of them). */
export interface StreetLayers {
  pm: PointMatch | null;
  rm: RangeMatch | null;
}

/**
 * The range layer asked first: its answer, whether it confirms the address as it stands in its
 * own ZIP, the findings before it (what `f` holds again when it does not) and those it left.
 */
interface FirstAsk {
  rm: RangeMatch | null;
  asGiven: boolean;
  before: FindingsMark;
  after: FindingsMark;
}

/**
 * Asks the range layer first: when its answer confirms the address as it stands (`asGiven`),
 * `f` keeps its findings (the same as before it); otherwise `f` is put back as it was.
 */
export function rangeAsGiven(c: AddressComponents, loc: Locality, zip4: string | null, ranges: RangeStore, store: LocalityStore, f: Findings): FirstAsk {
  const before = f.mark();
  const rm = matchRange(c, loc, zip4, ranges, store, f);
  const asGiven = rm !== null && rm.level === 'range' && rm.locality.zip5 === loc.zip5 && f.sameAs(before);
  if (asGiven) return { rm, asGiven, before, after: before };
  const after = f.mark();
  f.rollback(before);
  return { rm, asGiven, before, after };
}

/** The street layers' answer for an address whose locality is decided (`loc`) and that has a delivery line. */
export function matchStreetLayers(c: AddressComponents, loc: Locality, zip4: string | null, points: PointStore | null, ranges: RangeStore | null, store: LocalityStore, f: Findings): StreetLayers {
  let first: FirstAsk | null = null;
  if (points !== null && ranges !== null && loc.zip5 !== null && !points.coversZip(loc.zip5) && ranges.coversZip(loc.zip5) && !coversCity(loc, points, store)) {
    first = rangeAsGiven(c, loc, zip4, ranges, store, f);
    if (first.asGiven) return { pm: null, rm: first.rm };
  }
  const pm = points !== null ? matchPoint(c, loc, zip4, points, store, f, ranges) : null;
  if (pm !== null || ranges === null) return { pm, rm: null };
  // The range layer, where no points answered: the answer of the first ask stands when the points
  // left the findings as they were before it (the same question, asked again, gets the same answer).
  if (first !== null && f.sameAs(first.before)) {
    f.rollback(first.after);
    return { pm: null, rm: first.rm };
  }
  return { pm: null, rm: matchRange(c, loc, zip4, ranges, store, f) };
}
