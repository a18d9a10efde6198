/** Finds the account of an API key, in constant time per candidate, and notes the key's use. */
import { AddrError } from '../core/model/errors.js';
import type { AccountStore } from './account-store.js';
import { apiKeyMatches, apiKeyPrefix } from './api-keys.js';
import type { Account } from './plans.js';

/** The account a key belongs to; ADDR_ERR_UNAUTHORIZED when it is missing, unknown or revoked. */
export async function authenticate(store: AccountStore, key: string | undefined, now: Date): Promise<Account> {
  const prefix = key === undefined ? null : apiKeyPrefix(key.trim());
  const record = prefix === null ? null : await store.findKey(prefix);
  if (key === undefined || record === null || !apiKeyMatches(key.trim(), record.hash) || record.revokedAt !== null) {
    throw new AddrError('ADDR_ERR_UNAUTHORIZED');
  }
  const account = await store.getAccount(record.account);
  if (account === null) throw new AddrError('ADDR_ERR_UNAUTHORIZED');
  // A note, not awaited: the request does not wait for it, and a note that fails is written at a later use.
  store.touchKey(record.prefix, now).catch(() => undefined);
  return account;
}
