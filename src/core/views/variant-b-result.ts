/**
 * The Variant B reading of a validation result (docs/validation.md): statuses
 * VALIDATED / NOT_IN_REFERENCE / INVALID, match_code EXACT / PARTIAL /
 * NO_MATCH, `changes` as codes, the geocode and the reason codes only when the
 * request asks for them, and the secondary unit on `line2` (Variant A, after
 * Pub 28, keeps it on the delivery line). Pure; the tables are
 * src/core/data/contract-b.json.
 * Every face that speaks Variant B (addr serve, and any other) uses this.
 */
import table from '../data/contract-b.json' with { type: 'json' };
import { formatDeliveryLine, formatUnit } from '../parse/format-lines.js';
import type { ChangeCode, ReasonCode } from '../model/reason-codes.js';
import type { Geocode, TimeZone, ValidationInput, ValidationResult, ValidationStatus } from '../model/validation-result.js';

/** Variant B status. */
export type VariantBStatus =
  | 'VALIDATED' // found in the reference (Variant A VALIDATED or CORRECTED)
  | 'NOT_IN_REFERENCE' // well formed, but the reference does not confirm it (A's PARTIAL)
  | 'INVALID'; // missing required parts, inconsistent beyond repair, or not an address (A's NOT_FOUND)

/** Variant B match code. */
export type VariantBMatchCode =
  | 'EXACT' // found with no substantive change
  | 'PARTIAL' // found after a substantive change, or only partly confirmed
  | 'NO_MATCH'; // nothing confirmed

/** The standardized address of Variant B: Variant A's without `source`. */
export interface VariantBStandardized {
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  zip5: string | null;
  zip4: string | null;
  carrier_route: string | null;
  county: string | null;
  county_fips: string | null;
  deliverability: 'D' | 'U' | 'N';
}

/** A Variant B validation result. */
export interface VariantBResult {
  id: string;
  status: VariantBStatus;
  confidence: number;
  input: ValidationInput;
  standardized: VariantBStandardized;
  geocode: Geocode | null; // null unless options.geocode asked for it (or no point is known)
  timezone: TimeZone | null; // as Variant A's: IANA name, UTC offset and DST at the time of the request
  match_code: VariantBMatchCode;
  reason_codes?: ReasonCode[]; // present only when options.include_reason_codes is true
  changes: ChangeCode[];
  suggested_address: string | null;
  suggested_addresses: string[]; // every reading to review, suggested_address first
  display_address: string | null;
  latency_ms: number;
}

/** What a Variant B request asks for beyond the address. */
export interface VariantBOptions {
  geocode: boolean; // options.geocode
  includeReasonCodes: boolean; // options.include_reason_codes
}

const STATUS: Readonly<Record<ValidationStatus, VariantBStatus>> = table.status as Record<ValidationStatus, VariantBStatus>;
const MATCH_CODE: Readonly<Record<ValidationStatus, VariantBMatchCode>> = table.match_code as Record<ValidationStatus, VariantBMatchCode>;

/** The Variant B status of a Variant A status. */
export function variantBStatus(status: ValidationStatus): VariantBStatus {
  return STATUS[status];
}

/** The Variant B match code of a Variant A status. */
export function variantBMatchCode(status: ValidationStatus): VariantBMatchCode {
  return MATCH_CODE[status];
}

/**
 * Variant B's two street lines: line1 the delivery line without the unit, line2
 * the secondary unit ("STE 500") after the Puerto Rico urbanization line Variant A
 * carries in its line2 ("URB LAS GLADIOLAS, APT 4").
 */
export function variantBLines(result: ValidationResult): { line1: string | null; line2: string | null } {
  const c = result.components;
  const unit = formatUnit(c);
  if (result.standardized.line1 === null || unit === '') return { line1: result.standardized.line1, line2: result.standardized.line2 };
  const line1 = formatDeliveryLine({ ...c, unit_type: null, unit_number: null });
  const line2 = result.standardized.line2 === null ? unit : `${result.standardized.line2}, ${unit}`;
  return { line1: line1 === '' ? null : line1, line2 };
}

/** Reads a validation result the Variant B way. */
export function toVariantBResult(result: ValidationResult, options: VariantBOptions): VariantBResult {
  const s = result.standardized;
  const lines = variantBLines(result);
  const out: VariantBResult = {
    id: result.id,
    status: STATUS[result.status],
    confidence: result.confidence,
    input: result.input,
    standardized: {
      line1: lines.line1,
      line2: lines.line2,
      city: s.city,
      state: s.state,
      zip5: s.zip5,
      zip4: s.zip4,
      carrier_route: s.carrier_route,
      county: s.county,
      county_fips: s.county_fips,
      deliverability: s.deliverability,
    },
    geocode: options.geocode ? result.geocode : null,
    timezone: result.timezone,
    match_code: MATCH_CODE[result.status],
    changes: result.change_codes,
    suggested_address: result.suggested_address,
    suggested_addresses: result.suggested_addresses,
    display_address: result.display_address,
    latency_ms: result.latency_ms,
  };
  if (options.includeReasonCodes) out.reason_codes = result.reason_codes;
  return out;
}
