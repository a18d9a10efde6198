/**
 * Which columns of a spreadsheet hold the address (docs/cli.md, `addr batch`): found from the
 * header row with the synonyms of data/batch-columns.json, or given as
 * `--columns line1=Street,city=Town,...`. Pure: headers in, a mapping out.
 */
import data from '../data/batch-columns.json' with { type: 'json' };
import { AddrError } from '../model/errors.js';

/** The address parts a column can hold. */
export type ColumnRole =
  | 'address' // the whole address on one line
  | 'line1' // street line
  | 'line2' // apartment, suite, unit
  | 'city'
  | 'state'
  | 'zip'; // ZIP or ZIP+4

/** Every role, in the order mappings are printed. */
export const COLUMN_ROLES: readonly ColumnRole[] = ['address', 'line1', 'line2', 'city', 'state', 'zip'];

/** The column index of each role present (0-based), and how the mapping was found. */
export interface ColumnMapping {
  roles: Partial<Record<ColumnRole, number>>;
  source: 'header' | 'flag';
}

/** A header folded for comparison: lower case, letters and digits only. */
export function foldHeader(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

const SYNONYMS: ReadonlyMap<ColumnRole, readonly string[]> = new Map(
  COLUMN_ROLES.map((role) => [role, (data.roles[role] as string[]).map(foldHeader)]),
);

/** The mapping the headers give; throws ADDR_ERR_BATCH_NO_ADDRESS when no address column is found. */
export function detectColumns(headers: readonly string[]): ColumnMapping {
  const folded = headers.map(foldHeader);
  const roles: Partial<Record<ColumnRole, number>> = {};
  const taken = new Set<number>();
  // Roles with the more specific names first, so that 'address line 2' is never taken as 'address'.
  for (const role of ['line2', 'line1', 'zip', 'state', 'city', 'address'] as const) {
    for (const name of SYNONYMS.get(role) ?? []) {
      const at = folded.findIndex((h, i) => h === name && !taken.has(i));
      if (at >= 0) {
        roles[role] = at;
        taken.add(at);
        break;
      }
    }
  }
  return finish(roles, headers, 'header');
}

/** Parses `--columns line1=Street,city=Town,...` against the headers (names matched folded, or 1-based column numbers). */
export function columnsFromFlag(spec: string, headers: readonly string[]): ColumnMapping {
  const folded = headers.map(foldHeader);
  const roles: Partial<Record<ColumnRole, number>> = {};
  for (const part of spec.split(',')) {
    if (part.trim() === '') continue;
    const eq = part.indexOf('=');
    const role = (eq < 0 ? '' : part.slice(0, eq)).trim().toLowerCase();
    const column = eq < 0 ? '' : part.slice(eq + 1).trim();
    if (!(COLUMN_ROLES as readonly string[]).includes(role) || column === '') {
      throw new AddrError('ADDR_ERR_USAGE', [`--columns: '${part.trim()}' is not ROLE=COLUMN; roles are ${COLUMN_ROLES.join(', ')} (e.g. --columns line1=Street,city=Town,zip=Postcode).`]);
    }
    let at = headers.indexOf(column);
    if (at < 0) at = folded.indexOf(foldHeader(column));
    if (at < 0 && /^\d+$/.test(column) && Number(column) >= 1 && Number(column) <= headers.length) at = Number(column) - 1;
    if (at < 0) throw new AddrError('ADDR_ERR_USAGE', [`--columns: no column '${column}' for ${role}; the headers are ${quoteList(headers)}.`]);
    roles[role as ColumnRole] = at;
  }
  return finish(roles, headers, 'flag');
}

function finish(roles: Partial<Record<ColumnRole, number>>, headers: readonly string[], source: ColumnMapping['source']): ColumnMapping {
  if (roles.address === undefined && roles.line1 === undefined) {
    throw new AddrError('ADDR_ERR_BATCH_NO_ADDRESS', [quoteList(headers)]);
  }
  // An 'Address' column beside city/state/zip columns is the street line, not a one-line address.
  if (roles.address !== undefined && roles.line1 === undefined && (roles.city !== undefined || roles.state !== undefined || roles.zip !== undefined)) {
    roles.line1 = roles.address;
    delete roles.address;
  }
  return { roles, source };
}

function quoteList(headers: readonly string[]): string {
  return headers.length === 0 ? '(none)' : headers.map((h) => `'${h}'`).join(', ');
}

/** The mapping as one line for stderr: "line1='Street' city='Town' (from the header)". */
export function describeMapping(mapping: ColumnMapping, headers: readonly string[]): string {
  const parts = COLUMN_ROLES.filter((r) => mapping.roles[r] !== undefined)
    .map((r) => `${r}='${headers[mapping.roles[r] as number] ?? ''}'`);
  return `${parts.join(' ')} (${mapping.source === 'flag' ? 'from --columns' : 'detected from the header'})`;
}
