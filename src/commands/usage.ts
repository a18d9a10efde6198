/** addr usage [--account NAME] [--since YYYY-MM-DD] — metered usage by account and UTC day. */
import { AddrError } from '../core/model/errors.js';
import { openAccountsFor } from './accounts.js';
import { EXIT_OK } from '../core/model/exit-codes.js';
import type { CommandContext } from './io.js';
import type { AdminFlags } from './options.js';
import { writeRecords } from './write-records.js';

/** The fields of a usage row. */
export const USAGE_FIELDS = ['day', 'account', 'validation', 'batch_row', 'autocomplete'] as const;

/** Runs `addr usage`. */
export async function runUsage(flags: AdminFlags, ctx: CommandContext): Promise<number> {
  const store = await openAccountsFor(flags, ctx);
  try {
    if (flags.account !== undefined && (await store.getAccount(flags.account)) === null) throw new AddrError('ADDR_ERR_ACCOUNT_NOT_FOUND', [flags.account]);
    const filter: { account?: string; since?: string } = {};
    if (flags.account !== undefined) filter.account = flags.account;
    if (flags.since !== undefined) filter.since = flags.since;
    const rows = (await store.usageByDay(filter)).map((r) => ({ day: r.day, account: r.account, validation: r.validation, batch_row: r.batch_row, autocomplete: r.autocomplete }));
    await writeRecords(ctx, flags, USAGE_FIELDS, rows);
    return EXIT_OK;
  } finally {
    await store.close();
  }
}
