/**
 * The address of a validate or normalize request, checked beyond its schema:
 * a one-line `input` or a structured `address`, not both and not neither;
 * `address.line1` always, and in Variant B `address.city` and `address.state`
 * too (README.md, `addr serve`). Refusals are 400 bad_request.
 */
import { AddrError } from '../core/errors.js';
import type { AddressInput, StructuredAddress } from '../core/types.js';
import type { Contract } from './contract.js';

/** The address fields of a request body (already checked against its schema). */
export interface AddressFields {
  input?: string;
  address?: StructuredAddress;
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
  if (contract === 'b') {
    const missing = (['city', 'state'] as const).filter((f) => blank(address[f]));
    if (missing.length > 0) throw refuse(`Variant B requires ${missing.map((f) => `\`address.${f}\``).join(' and ')} in a structured address.`);
  }
  return address;
}
