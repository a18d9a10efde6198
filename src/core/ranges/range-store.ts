/**
 * What the range layer of the core needs from the store: the street edges of
 * the Census Bureau's TIGER/Line ADDRFEAT files (src/store/ranges-db.ts), each
 * with the house-number range, parity and ZIP of its two sides and its line.
 * Kept beside the range layer rather than in ports.ts: tests pass in-memory fakes.
 */

/** Which numbers a side holds: odd, even, or both. */
export type Parity = 'O' | 'E' | 'B';

/** One side of an edge: its house-number range from the edge's first vertex to its last. */
export interface RangeSide {
  from: number; // the number at the edge's first vertex
  to: number; // the number at its last vertex (may be lower than `from`)
  parity: Parity;
  zip5: string; // the side's ZIP
}

/** One street edge (a TIGER edge, TLID), with its ranges and its line. */
export interface RangeEdge {
  id: number; // row id
  tlid: number; // the Census Bureau's edge id
  left: RangeSide | null; // left of the line as digitized (first vertex to last)
  right: RangeSide | null;
  coords: Float64Array; // lon, lat, lon, lat ... (NAD83 degrees) from the first vertex to the last
}

/** A street of the range layer: one standardized name in one ZIP (an edge with sides in two ZIPs is on two). */
export interface RangeStreet {
  id: number;
  predir: string | null;
  street: string; // the name alone, as the parser standardizes it
  suffix: string | null; // Pub 28 C1
  postdir: string | null;
  state: string;
  zip5: string;
}

/** An edge near a position, with its distance and the streets (names) it carries, primary name first. */
export interface NearEdge {
  edge: RangeEdge;
  meters: number;
  streets: RangeStreet[];
}

/** Where autocomplete looks for streets: one ZIP, one state, or (both null) everywhere. */
export interface KeyScope { zip5: string | null; state: string | null }

/** The range layer (imported by `addr data import` from TIGER/Line ADDRFEAT files). */
export interface RangeStore {
  coversZip(zip5: string): boolean; // some side of an edge lies in this ZIP (answered from memory)
  coversState(state: string): boolean; // some edge lies in this state
  streetsInZip(zip5: string, key: string): RangeStreet[]; // the streets of a street key (streetKey of the name) in a ZIP
  // ... in a state, in a ZIP `within` says may be kept (given the ZIP and its number, zip-number.ts), and (n given) whose numbers (lowest to
  // highest of any side) span n: the others are not read. In the order of the numbers (lowest,
  // then highest), then of the streets' ids.
  streetsInStateWithin(state: string, key: string, n: number | null, within: (zip5: string, zip: number) => boolean): RangeStreet[];
  streetKeysInZip(zip5: string): string[]; // the distinct street keys of a ZIP (a misspelled name is matched against them)
  edgesOf(street: RangeStreet): RangeEdge[]; // the edges of a street (one this store returned: it may keep what it read with it)
  edgesHolding(street: RangeStreet, n: number): RangeEdge[]; // those with a side whose range spans n, either way round (parity not checked): what a lookup of a number reads
  nearestEdges(lat: number, lon: number, limit: number, maxMeters: number): NearEdge[]; // edges whose line passes within maxMeters, nearest first
  streetsByKeyRange(from: string, to: string, scope: KeyScope, limit: number): RangeStreet[]; // streets whose key lies in [from, to), by key, at most limit, from an index (autocomplete)
  dataVersion(): string; // the label of the loaded ranges for data_version: "ranges:<sources>"
}
