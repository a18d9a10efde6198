/**
 * The rows of an `addr batch` run reserved against the account's plan before a worker sees them
 * (docs/cli.md, `addr batch`): each chunk's rows are reserved with the run's checkpoint in one
 * transaction (BatchRunStore.reserveRows), rows an interrupted run paid for are used first, and a
 * run without a checkpoint gives back at its end the rows it reserved and never delivered.
 */
import type { AccountStore } from '../accounts/account-store.js';
import type { BatchRun, BatchRunStore } from '../accounts/batch-runs.js';
import { refusalPastAllowance } from '../accounts/metered-account.js';
import { UsageLedger } from '../accounts/usage-ledger.js';
import type { AddrError } from '../core/model/errors.js';
import type { Sink } from './batch-sinks.js';

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
   * given back, latest day first, so only delivered rows stay charged.
   */
  async giveBackUndelivered(sink: Sink, outputKept: boolean): Promise<void> {
    if (this.run !== null) return;
    await sink.settle();
    const undelivered = this.reserved.total - (outputKept ? sink.deliveredRows : 0);
    await this.reserved.giveBack(undelivered, (day, rows) => this.accounts.release(this.account, 'batch_row', rows, day));
  }

  /** The error a request past the allowance gets: the reason a partly granted run stopped. */
  allowanceRefusal(): Promise<AddrError> {
    return refusalPastAllowance(this.accounts, this.account, 'batch_row');
  }
}
