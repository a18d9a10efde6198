/**
 * addr keys create|list|revoke — API keys of the accounts (docs/cli.md, `addr accounts`). A new
 * key is printed once, on stdout; only its hash and a short prefix are stored,
 * and it is never logged.
 */
import { generateApiKey } from '../accounts/api-keys.js';
import type { ApiKeyRecord } from '../accounts/account-store.js';
import { AddrError } from '../core/model/errors.js';
import { openAccountsFor } from './accounts.js';
import { EXIT_OK } from '../core/model/exit-codes.js';
import type { CommandContext } from './io.js';
import type { AdminFlags } from './options.js';
import { writeRecords } from './write-records.js';

/** The fields a key is listed with: never the key or its hash. */
export const KEY_FIELDS = ['prefix', 'account', 'status', 'created_at', 'last_used_at', 'revoked_at'] as const;

const describeKey = (k: ApiKeyRecord): Record<(typeof KEY_FIELDS)[number], unknown> => ({
  prefix: k.prefix,
  account: k.account,
  status: k.revokedAt === null ? 'active' : 'revoked',
  created_at: k.createdAt,
  last_used_at: k.lastUsedAt,
  revoked_at: k.revokedAt,
});

/** Runs `addr keys create --account NAME`. */
export async function runKeysCreate(flags: AdminFlags, ctx: CommandContext): Promise<number> {
  if (flags.account === undefined) throw new AddrError('ADDR_ERR_USAGE', ['Name the account the key is for with --account.']);
  const store = await openAccountsFor(flags, ctx);
  try {
    if ((await store.getAccount(flags.account)) === null) throw new AddrError('ADDR_ERR_ACCOUNT_NOT_FOUND', [flags.account]);
    let key = generateApiKey();
    // A prefix is 48 random bits: a clash is all but impossible, but costs only a retry.
    while ((await store.findKey(key.prefix)) !== null) key = generateApiKey();
    const createdAt = new Date().toISOString();
    await store.addKey({ prefix: key.prefix, account: flags.account, hash: key.hash, createdAt });
    await writeRecords(ctx, flags, ['key', 'prefix', 'account', 'created_at'], [{ key: key.key, prefix: key.prefix, account: flags.account, created_at: createdAt }], false);
    ctx.stderr.write('This key is shown once: store it now. addr keeps only its hash.\n');
    return EXIT_OK;
  } finally {
    await store.close();
  }
}

/** Runs `addr keys list [--account NAME]`. */
export async function runKeysList(flags: AdminFlags, ctx: CommandContext): Promise<number> {
  const store = await openAccountsFor(flags, ctx);
  try {
    if (flags.account !== undefined && (await store.getAccount(flags.account)) === null) throw new AddrError('ADDR_ERR_ACCOUNT_NOT_FOUND', [flags.account]);
    await writeRecords(ctx, flags, KEY_FIELDS, (await store.listKeys(flags.account)).map(describeKey));
    return EXIT_OK;
  } finally {
    await store.close();
  }
}

/** Runs `addr keys revoke PREFIX`. */
export async function runKeysRevoke(prefix: string, flags: AdminFlags, ctx: CommandContext): Promise<number> {
  const store = await openAccountsFor(flags, ctx);
  try {
    const record = await store.revokeKey(prefix.trim(), new Date());
    if (record === null) throw new AddrError('ADDR_ERR_USAGE', [`No key has the prefix '${prefix}'. \`addr keys list\` shows the prefixes.`]);
    await writeRecords(ctx, flags, KEY_FIELDS, [describeKey(record)], false);
    return EXIT_OK;
  } finally {
    await store.close();
  }
}
