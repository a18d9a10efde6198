/**
 * DDL of the locality reference file (db/locality.sqlite). Kept as a TS
 * constant rather than a .sql file so dist/ needs no copy step.
 */

/** Bumped whenever the tables below change shape; the store refuses other versions. */
export const LOCALITY_SCHEMA_VERSION = '2';

/** The tables of the locality layer: zips, places (one per state and city key), meta. */
export const LOCALITY_SCHEMA = `
CREATE TABLE zips (
  zip5        TEXT PRIMARY KEY,  -- five digits
  city        TEXT NOT NULL,     -- USPS-style primary city, upper case
  state       TEXT NOT NULL,     -- two-letter code, AA/AE/AP for military
  county      TEXT,              -- primary county name
  county_fips TEXT,              -- five digits: state FIPS + county FIPS
  lat         REAL,              -- centroid
  lon         REAL,
  timezone    TEXT,              -- IANA name
  accuracy_m  INTEGER            -- metres the centroid may lie from the ZIP's addresses (more where ZIPs share a point)
) WITHOUT ROWID;

CREATE TABLE places (
  state TEXT NOT NULL,           -- two-letter code
  key   TEXT NOT NULL,           -- cityKey(city)
  city  TEXT NOT NULL,           -- the reference's spelling, upper case
  zips  TEXT NOT NULL,           -- space-separated, ascending
  lat   REAL,                    -- mean centroid of its ZIPs
  lon   REAL,
  PRIMARY KEY (key, state)       -- also serves lookups by key alone
) WITHOUT ROWID;

CREATE INDEX places_state ON places (state);

CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
`;
