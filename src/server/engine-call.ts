/**
 * Runs a metered engine call: the units are granted first (the quota is
 * decided before the engine runs), and given back when the engine fails, which
 * is then answered 502 validation_failed (or the store's own error).
 */
import type { FastifyRequest } from 'fastify';
import type { UsageKind } from '../accounts/plans.js';
import { AddrError, isAddrError } from '../core/errors.js';
import type { Meter } from './meter.js';
import { accountOf } from './request-context.js';

/** Grants `units` of `kind` to the request's account, runs `work`, and gives them back if it throws. */
export async function meteredCall<T>(meter: Meter, request: FastifyRequest, kind: UsageKind, units: number, work: () => T): Promise<T> {
  const admission = await meter.admit(accountOf(request), kind, units);
  try {
    return work();
  } catch (err) {
    meter.release(admission);
    throw engineFailure(err);
  }
}

/** The error to answer for an engine that threw: its own when it is a known unavailability, else ADDR_ERR_ENGINE_FAILED. */
export function engineFailure(err: unknown): AddrError {
  if (isAddrError(err) && err.kind === 'unavailable') return err;
  return new AddrError('ADDR_ERR_ENGINE_FAILED', [err instanceof Error ? err.message : String(err)], { cause: err });
}
