/**
 * The closed vocabulary of address components (docs/parser.md, Components) and the result
 * shapes every face of addr returns. Names here are used unchanged in JSON
 * output, HTTP responses and database columns.
 */

/** The second street of an intersection (`Main St & 1st Ave`). */
export interface CrossStreet {
  predir: string | null; // directional before the name: N S E W NE NW SE SW
  street: string | null; // the street name alone
  suffix: string | null; // Pub 28 C1 standard suffix
  postdir: string | null; // directional after the suffix
}

/** Parsed and standardized components of one address. Absent parts are null. */
export interface AddressComponents {
  number: string | null; // primary house number as written: 123, 45-12, N6W23001, 123A
  number_fraction: string | null; // fraction after the number: 1/2
  predir: string | null; // pre-directional
  street: string | null; // street name alone; highway pre-types stay in it (US HIGHWAY 1)
  suffix: string | null; // Pub 28 C1 standard suffix (ST, AVE, HWY)
  postdir: string | null; // post-directional
  unit_type: string | null; // Pub 28 C2 designator (APT, STE, FL) or '#'
  unit_number: string | null; // secondary unit identifier (4B)
  po_box: string | null; // PO Box (or Caller, Drawer, Lock Box) number alone
  rural_route: string | null; // RR/HC route number, or military PSC/CMR/UNIT number
  box: string | null; // box number of a rural route, highway contract or military unit
  box_group_type: string | null; // RR, HC, PSC, CMR, UNIT (which kind rural_route holds)
  urbanization: string | null; // Puerto Rico urbanization name (without URB)
  city: string | null; // city / place name as written, upper case
  state: string | null; // two-letter state, territory or military (AA AE AP) code
  zip5: string | null; // five-digit ZIP
  zip4: string | null; // ZIP+4 extension
  cross_street?: CrossStreet | null; // present for intersections
}

/** What `normalize` returns for one input. */
export interface NormalizeResult {
  input: string; // the input as received (one line)
  components: AddressComponents;
  delivery_line: string; // USPS line 1: "1005 N GRAVENSTEIN HWY STE 500"
  last_line: string; // "SEBASTOPOL CA 95472-1234"
  unparsed: string[]; // tokens the parser could not place (recipients, notes)
}

/** Structured input: the fields of the validate request body's `address`. */
export interface StructuredAddress {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}

/** One address: a single line, or structured fields. */
export type AddressInput = string | StructuredAddress;

/**
 * The parser's full result: the public NormalizeResult plus what validation
 * needs to describe its changes (each component as written, upper-cased).
 * `normalize` output drops the extra fields before printing.
 */
export interface ParsedAddress extends NormalizeResult {
  raw: Partial<Record<keyof AddressComponents, string>>; // components as written: raw.suffix = 'AVENUE'
  input_kind: 'line' | 'structured'; // how the address was given
}
