/**
 * The server's face of the metering service (src/accounts/meter.ts): runs a metered
 * engine call: the units are granted first (the quota is
 * decided before the engine runs), and given back when the call does not
 * serve the request. What the call threw is then answered as:
 *  - its own error when it is the request's fault (kind input: 400, or 404 for
 *    an unknown place id) or a known unavailability (500);
 *  - else 502 validation_failed, or 500 service_unavailable for autocomplete
 *    (docs/api.md: "When the autocomplete service is down they
 *    return 500 service_unavailable").
 */
import type { FastifyRequest } from 'fastify';
import type { UsageKind } from '../accounts/plans.js';
import { AddrError, isAddrError } from '../core/model/errors.js';
import type { Meter } from '../accounts/meter.js';
import { accountOf } from './request-context.js';

/** Grants `units` of `kind` to the request's account, runs `work`, and gives them back if it throws. */
export async function meteredCall<T>(meter: Meter, request: FastifyRequest, kind: UsageKind, units: number, work: () => T): Promise<T> {
  const admission = await meter.admit(accountOf(request).name, kind, units);
  try {
    return work();
  } catch (err) {
    await meter.release(admission); // given back before the answer, so usage read after it is right
    throw engineFailure(err, kind);
  }
}

/** The error to answer for an engine call that threw (see the file comment). */
export function engineFailure(err: unknown, kind: UsageKind = 'validation'): AddrError {
  if (isAddrError(err) && (err.kind === 'unavailable' || err.kind === 'input')) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (kind === 'autocomplete') return new AddrError('ADDR_ERR_SERVICE_UNAVAILABLE', [`The autocomplete engine failed: ${message}`], { cause: err });
  return new AddrError('ADDR_ERR_ENGINE_FAILED', [message], { cause: err });
}
