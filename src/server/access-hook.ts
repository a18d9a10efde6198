/**
 * The first checks of every guarded request, before its body is read
 * (the order of checks of docs/api.md): the Bearer key (401),
 * then the account's state (suspended, then email verification) and the feature on its plan (403).
 * The request's shape (400) and its quota (429/402) come after, in the route.
 */
import type { FastifyRequest } from 'fastify';
import type { AccountStore } from '../accounts/account-store.js';
import { authenticate } from '../accounts/authenticate.js';
import { checkAccess } from '../accounts/decide-usage.js';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The key of an `Authorization: Bearer <key>` header; undefined when there is none or it is not a Bearer token. */
export function bearerKey(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined; // absent, or sent twice
  return BEARER.exec(header)?.[1];
}

/** How many Authorization headers the request has: Node keeps the first of several in `headers`, so the raw list is counted. */
export function authorizationCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    if (name.length === 13 && name.toLowerCase() === 'authorization') count++;
  }
  return count;
}

/** An onRequest hook that authenticates and checks access for routes that require a key. */
export function accessHook(store: AccountStore, now: () => Date) {
  return async function checkKeyAndAccount(request: FastifyRequest): Promise<void> {
    const access = request.routeOptions.config.access;
    if (access === undefined || !access.auth) return;
    // Two Authorization headers are refused (401), whichever of them holds a key.
    const key = authorizationCount(request.raw.rawHeaders) > 1 ? undefined : bearerKey(request.headers.authorization);
    const account = await authenticate(store, key, now());
    if (access.usage !== null) {
      const refusal = checkAccess(account, access.usage);
      if (refusal !== null) throw refusal;
    }
    request.account = account;
  };
}
