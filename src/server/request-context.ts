/**
 * What addr serve attaches to fastify's requests and routes: the account the
 * Bearer key belongs to, when the request started, and each route's access
 * rule. Type declarations plus the two small helpers that read them.
 */
import type { FastifyRequest } from 'fastify';
import type { Account, UsageKind } from '../accounts/plans.js';
import { AddrError } from '../core/model/errors.js';

/** How a route is guarded and metered. */
export interface RouteAccess {
  auth: boolean; // a Bearer key is required (false: /healthz, /openapi.json)
  usage: UsageKind | null; // the plan checks (and the metering) the route is subject to; null: none
}

declare module 'fastify' {
  interface FastifyRequest {
    account: Account | null; // set by the access hook on routes that require a key
    startedAt: number; // performance.now() when the request arrived
  }
  interface FastifyReply {
    errorCode: string | null; // the catalog code of an error answer, for the request log
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** The account of an authenticated request; a route that requires a key always has one. */
export function accountOf(request: FastifyRequest): Account {
  if (request.account === null) throw new AddrError('ADDR_ERR_INTERNAL', ['route reached without an authenticated account']);
  return request.account;
}

/** Milliseconds since the request arrived, to 0.01 ms. */
export function elapsedMs(request: FastifyRequest): number {
  return Math.round((performance.now() - request.startedAt) * 100) / 100;
}
