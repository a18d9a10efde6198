/**
 * The address of a validate or normalize request, checked beyond its schema:
 * a one-line `input` or a structured `address`, not both and not neither;
 * `address.line1` always, and in Variant B `address.city` and `address.state`
 * too (docs/api.md). Refusals are 400 bad_request.
 */
import { AddrError } from '../core/model/errors.js';
import type { AddressInput, StructuredAddress } from '../core/model/types.js';
import type { Contract } from './contract.js';

/** A structured address as a JSON body may send it: `zip` may be a number. */
export type AddressJson = Omit<StructuredAddress, 'zip'> & { zip?: string | number | null };

/** The address fields of a request body (already checked against its schema). */
export interface AddressFields {
  input?: string;
  address?: AddressJson;
}

/**
 * The ZIP a JSON number stands for: a number cannot keep leading zeros (a spreadsheet or a
 * client that typed the ZIP as a number sends 2108 for 02108), so they are restored, as batch
 * restores a ZIP cell stored as a number: up to 5 digits is a ZIP, 7 to 9 a ZIP+4. Other
 * lengths are passed as they are, for validation to judge.
 */
export function zipOfNumber(value: number): string {
  const digits = String(value);
  if (digits.length <= 5) return digits.padStart(5, '0');
  if (digits.length >= 7) {
    const nine = digits.padStart(9, '0');
    return `${nine.slice(0, 5)}-${nine.slice(5)}`;
  }
  return digits;
}

const blank = (v: string | null | undefined): boolean => v === undefined || v === null || v.trim() === '';

function refuse(message: string): AddrError {
  return new AddrError('ADDR_ERR_INPUT_INVALID', [message]);
}

/** The engine input of a request, or the 400 that refuses it. */
export function addressInputOf(fields: AddressFields, contract: Contract): AddressInput {
  const { input, address } = fields;
  if (input !== undefined && address !== undefined) throw refuse('Send either `input` or `address`, not both.');
  if (input !== undefined) {
    if (blank(input)) throw refuse('`input` is empty: send a one-line address.');
    return input;
  }
  if (address === undefined) throw refuse('Address input missing: send `input` (a one-line address) or `address` with `line1`.');
  if (blank(address.line1)) throw refuse('`address.line1` is required when `input` is absent.');
  const structured: StructuredAddress = typeof address.zip === 'number' ? { ...address, zip: zipOfNumber(address.zip) } : address as StructuredAddress;
  if (contract === 'b') {
    const missing = (['city', 'state'] as const).filter((f) => blank(address[f]));
    if (missing.length > 0) throw refuse(`Variant B requires ${missing.map((f) => `\`address.${f}\``).join(' and ')} in a structured address.`);
  }
  return structured;
}
