/**
 * The metering of `addr batch` (docs/cli.md, `addr batch`; docs/architecture.md, "Metering"): the
 * rows of a run are reserved against the account's plan before a worker sees them, each chunk's
 * with the run's checkpoint in one transaction (BatchRunStore.reserveRows); rows an interrupted
 * run paid for are used first, and a run without a checkpoint gives back at its end the rows it
 * reserved and never delivered.
 */
import type { AddrError } from '../core/model/errors.js';
import type { AccountStore } from './account-store.js';
import type { BatchRun, BatchRunStore } from './batch-runs.js';
import { refusalPastAllowance } from './metered-account.js';
import { UsageLedger } from './usage-ledger.js';

/** The rows granted of a chunk, and the refusal that stopped the rest (null: the allowance ran out partway). */
export interface Reserved {
  granted: number;
  refused: AddrError | null;
}

export class RowReservation {
  private prepaid: number;
  private readonly reserved = new UsageLedger(); // rows this process reserved, by the UTC day they were recorded under

  constructor(
    private readonly accounts: AccountStore,
    private readonly runs: BatchRunStore,
    private readonly account: string,
    private readonly run: BatchRun | null,
    prepaid: number,
  ) {
    this.prepaid = prepaid;
  }

  /** Reserves `rows` rows (the prepaid ones first); a refusal or an allowance that runs out grants fewer. */
  async reserve(rows: number): Promise<Reserved> {
    let granted = Math.min(this.prepaid, rows);
    this.prepaid -= granted;
    if (granted >= rows) return { granted, refused: null };
    const decision = await this.runs.reserveRows(this.account, this.run?.id ?? null, rows - granted, new Date());
    if (!decision.ok) return { granted, refused: decision.error };
    granted += decision.allowed;
    this.reserved.add(decision.day, decision.allowed);
    return { granted, refused: null };
  }

  /**
   * Without a checkpoint (stdout, or stdin to a file) nothing carries reserved rows over to a resume: the rows
   * reserved but never delivered (a reader that went away, a signal, a failure whose output is removed) are
   * given back, latest day first, so only delivered rows stay charged. `delivered` counts the rows delivered
   * (asked only without a checkpoint).
   */
  async giveBackUndelivered(delivered: () => Promise<number>): Promise<void> {
    if (this.run !== null) return;
    const undelivered = this.reserved.total - await delivered();
    await this.reserved.giveBack(undelivered, (day, rows) => this.accounts.release(this.account, 'batch_row', rows, day));
  }

  /** The error a request past the allowance gets: the reason a partly granted run stopped. */
  allowanceRefusal(): Promise<AddrError> {
    return refusalPastAllowance(this.accounts, this.account, 'batch_row');
  }
}
