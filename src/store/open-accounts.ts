/**
 * Opens the account store a face asked for: PostgreSQL when an accounts URL is
 * given (`--accounts-url`, else `$ADDR_ACCOUNTS_URL`), else the embedded
 * SQLite store `accounts.sqlite` of the data directory (the default).
 */
import type { AccountStore } from '../accounts/account-store.js';

/** Where the accounts are. */
export interface AccountsLocation {
  dataDir: string; // accounts.sqlite, when no URL is given
  url: string | null; // postgres://…
}

/** The accounts URL of a run: the flag, else ADDR_ACCOUNTS_URL; null for the SQLite store. */
export function accountsUrl(flag: string | undefined, env: NodeJS.ProcessEnv | Record<string, string | undefined>): string | null {
  const url = flag ?? env.ADDR_ACCOUNTS_URL;
  return url === undefined || url.trim() === '' ? null : url.trim();
}

/**
 * Opens (creating and migrating when needed) the store. `watch`: cache keys and accounts for
 * authentication, kept true by the store (addr serve); `busyTimeoutMs`: see openAccountsDb.
 */
export async function openAccountStore(location: AccountsLocation, options: { watch?: boolean; busyTimeoutMs?: number; poolSize?: number } = {}): Promise<AccountStore> {
  if (location.url !== null) {
    const { openAccountsPg } = await import('./accounts-pg.js'); // pg is loaded only by those who use it
    return openAccountsPg(location.url, { ...(options.watch === undefined ? {} : { watch: options.watch }), ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }) });
  }
  const { openAccountsDb } = await import('./accounts-db.js'); // loaded by those who use it too (the primary of addr serve --workers does not)
  return openAccountsDb(location.dataDir, options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs });
}
