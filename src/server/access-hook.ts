/**
 * The first checks of every guarded request, before its body is read
 * (the order of checks of README.md, `addr serve`): the Bearer key (401),
 * then the account's state (suspended, then email verification) and the feature on its plan (403).
 * The request's shape (400) and its quota (429/402) come after, in the route.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountStore } from '../accounts/account-store.js';
import { authenticate } from '../accounts/authenticate.js';
import { checkAccess } from '../accounts/decide-usage.js';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The key of an `Authorization: Bearer <key>` header; undefined when there is none or it is not a Bearer token. */
export function bearerKey(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined; // absent, or sent twice
  return BEARER.exec(header)?.[1];
}

/** An onRequest hook (callback style) that authenticates and checks access for routes that require a key. */
export function accessHook(store: AccountStore, now: () => Date) {
  return function checkKeyAndAccount(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
    const access = request.routeOptions.config.access;
    if (access === undefined || !access.auth) {
      done();
      return;
    }
    let account;
    try {
      account = authenticate(store, bearerKey(request.headers.authorization), now());
    } catch (err) {
      done(err as Error);
      return;
    }
    if (access.usage !== null) {
      const refusal = checkAccess(account, access.usage);
      if (refusal !== null) {
        done(refusal);
        return;
      }
    }
    request.account = account;
    done();
  };
}
