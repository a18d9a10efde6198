/**
 * Which validate contract a request speaks: the `X-Contract: a|b` header, else
 * the server's default (`--contract`). Any other header value is a 400.
 */
import type { FastifyRequest } from 'fastify';
import { AddrError } from '../core/model/errors.js';

/** A contract variant of the service interface. */
export type Contract =
  | 'a' // Variant A: the production contract (statuses VALIDATED/CORRECTED/PARTIAL/NOT_FOUND)
  | 'b'; // Variant B: the wider catalogue (VALIDATED/NOT_IN_REFERENCE/INVALID)

/** True when `value` names a contract. */
export function isContract(value: string): value is Contract {
  return value === 'a' || value === 'b';
}

/** The contract of a request. */
export function contractOf(request: FastifyRequest, fallback: Contract): Contract {
  const header = request.headers['x-contract'];
  if (header === undefined) return fallback;
  const value = typeof header === 'string' ? header.trim().toLowerCase() : '';
  if (!isContract(value)) throw new AddrError('ADDR_ERR_INPUT_INVALID', ["X-Contract must be 'a' or 'b'."]);
  return value;
}
