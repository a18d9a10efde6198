/**
 * One spreadsheet row through the engine (docs/cli.md, `addr batch`): the address
 * fields picked by the column mapping, ZIP repair (repair-zip.ts), validation,
 * and the result cells appended to the row. Pure over the engine.
 *
 * A row that cannot be validated (empty, no address, unreadable) is not
 * dropped: it gets status ERROR and a row code (data/batch-columns.json).
 */
import data from '../data/batch-columns.json' with { type: 'json' };
import type { ColumnMapping } from './detect-columns.js';
import type { Engine } from '../engine.js';
import { isBlankField } from '../parse/normalize.js';
import { repairZip } from './repair-zip.js';
import type { StructuredAddress } from '../model/types.js';

/** The status of a row that could not be validated. */
export const ROW_ERROR = 'ERROR';

/** The codes of rows (beside the engine's reason codes). */
export type RowCode = keyof typeof data.row_codes;

/** The names of the result columns, without their prefix. */
export const RESULT_COLUMNS: readonly string[] = data.result_columns;

/** The prefix of the result columns: addr_, or addr2_, addr3_ ... when a header already uses a name. */
export function resultPrefix(headers: readonly string[]): string {
  const taken = new Set(headers.map((h) => h.trim().toLowerCase()));
  for (let n = 1; ; n++) {
    const prefix = n === 1 ? 'addr_' : `addr${n}_`;
    if (RESULT_COLUMNS.every((c) => !taken.has(`${prefix}${c}`))) return prefix;
  }
}

const REASON_SEPARATOR = ';';
const CHANGE_SEPARATOR = ' ';
const WIDTH = RESULT_COLUMNS.length;
const REASONS_AT = RESULT_COLUMNS.indexOf('reason_codes');

/** The result cells of a row that could not be validated. */
export function errorCells(code: RowCode): string[] {
  const cells = new Array<string>(WIDTH).fill('');
  cells[0] = ROW_ERROR;
  cells[REASONS_AT] = code;
  return cells;
}

const at = (fields: readonly string[], index: number | undefined): string => (index === undefined ? '' : (fields[index] ?? ''));

// Coordinates and confidences repeat from row to row (a ZIP's or a city's centroid, a few
// confidence levels), and writing a double as text is most of a row's own cost here: the
// texts are remembered in a direct-mapped table (a slot per hash of the number's bits), where a
// number seen once (a rooftop point's coordinate) costs a slot's overwrite, not the upkeep of a
// memo's order.
const TEXT_SLOTS = 4096;
const slotNumbers = new Float64Array(TEXT_SLOTS).fill(Number.NaN);
const slotTexts = new Array<string>(TEXT_SLOTS).fill('');
const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);

/** String(n), remembered. */
export function numberText(n: number): string {
  bits[0] = n;
  const slot = (Math.imul((words[0] as number) ^ Math.imul(words[1] as number, 0x9e3779b1), 0x85ebca6b) >>> 20) & (TEXT_SLOTS - 1);
  if (slotNumbers[slot] === n) return slotTexts[slot] as string;
  const text = String(n);
  slotNumbers[slot] = n;
  slotTexts[slot] = text;
  return text;
}

/** list.join(separator), without the join for the usual none or one. */
function joined(list: readonly string[], separator: string): string {
  return list.length === 0 ? '' : list.length === 1 ? (list[0] as string) : list.join(separator);
}

/** Validates one row; returns the result cells (RESULT_COLUMNS order), status first. */
export function validateRow(fields: readonly string[], mapping: ColumnMapping, engine: Engine): string[] {
  let empty = true;
  for (let i = 0; i < fields.length; i++) {
    if ((fields[i] as string).trim() !== '') {
      empty = false;
      break;
    }
  }
  if (empty) return errorCells('ROW_EMPTY');
  const r = mapping.roles;
  let input: string | StructuredAddress;
  let repaired: { zip: string; from: string } | null = null;
  if (r.address !== undefined) {
    input = at(fields, r.address);
    if (isBlankField(input)) return errorCells('ADDRESS_EMPTY');
  } else {
    const state = at(fields, r.state);
    let zip = at(fields, r.zip);
    repaired = zip === '' ? null : repairZip(zip, state, engine.ports.locality);
    if (repaired !== null) zip = repaired.zip;
    const line1 = at(fields, r.line1);
    const line2 = at(fields, r.line2);
    const city = at(fields, r.city);
    // Empty, or nothing but placeholders of empty cells (N/A, NULL, #N/A).
    if (isBlankField(line1) && isBlankField(line2) && isBlankField(city) && isBlankField(state) && isBlankField(zip)) return errorCells('ADDRESS_EMPTY');
    const structured: StructuredAddress = { line1, line2, city, state, zip };
    input = structured;
  }
  const result = engine.assess(input);
  const s = result.standardized;
  const g = result.geocode;
  const tz = result.timezone;
  let reasons = joined(result.reason_codes, REASON_SEPARATOR);
  let changes = joined(result.changes, CHANGE_SEPARATOR);
  if (repaired !== null) {
    reasons = reasons === '' ? 'ZIP_REPAIRED' : `ZIP_REPAIRED${REASON_SEPARATOR}${reasons}`;
    const sentence = `Repaired ZIP ${repaired.from} to ${repaired.zip} (leading zeros a spreadsheet dropped).`;
    changes = changes === '' ? sentence : `${sentence}${CHANGE_SEPARATOR}${changes}`;
  }
  return [
    result.status,
    numberText(result.confidence),
    s.line1 ?? '',
    s.line2 ?? '',
    s.city ?? '',
    s.state ?? '',
    s.zip5 ?? '',
    s.zip4 ?? '',
    s.county ?? '',
    s.county_fips ?? '',
    g === null ? '' : numberText(g.lat),
    g === null ? '' : numberText(g.lon),
    g === null ? '' : g.quality,
    tz === null ? '' : tz.name,
    tz === null || tz.utc_offset === null ? '' : numberText(tz.utc_offset),
    tz === null || tz.dst === null ? '' : tz.dst ? 'true' : 'false',
    s.deliverability,
    result.match_code,
    reasons,
    changes,
  ];
}
