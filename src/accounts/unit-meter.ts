/**
 * The metering of a command that takes its work one unit at a time (`addr validate`, `extract`,
 * `autocomplete`; docs/cli.md, `addr accounts`), over the metering service (meter.ts): each unit
 * is decided and recorded in one transaction before it is worked on, and refused as the API would
 * refuse it. While an account's plan refuses nothing (the local account's default, unlimited) its
 * counts are written in one transaction per FLUSH_EVERY units and at the end.
 */
import type { AddrError } from '../core/model/errors.js';
import type { AccountStore } from './account-store.js';
import { createMeter } from './meter.js';
import { usageDay } from './plans.js';
import type { UsageKind } from './plans.js';
import { UsageLedger } from './usage-ledger.js';

const FLUSH_EVERY = 1000;

/** Admits units one at a time against an account. */
export interface UnitMeter {
  /** Admits one unit (and records it); returns the refusal instead when the account may not have it. */
  admit(): Promise<AddrError | null>;
  /** Units admitted so far. */
  readonly admitted: number;
  /** Gives back `units` admitted units that were never delivered (a reader that went away), latest first. */
  giveBack(units: number): Promise<void>;
  /** Writes what is pending and closes the store. */
  close(): Promise<void>;
}

/** Each unit decided and recorded before it is worked on, against the account's plan; closes `store` at the end. */
export function decidingMeter(store: AccountStore, name: string, kind: UsageKind, now: () => Date): UnitMeter {
  // A command waits on no lock of its own making (the store's own busy timeout is all the waiting there is), and
  // asks for one unit at a time: each is decided at once.
  const meter = createMeter(store, now, 0, false);
  const ledger = new UsageLedger();
  let admitted = 0;
  return {
    async admit() {
      const metered = await meter.decide(name, kind, 1);
      if (!metered.ok) return metered.error;
      admitted += metered.admission.units;
      ledger.add(metered.admission.day, metered.admission.units);
      return null;
    },
    get admitted() {
      return admitted;
    },
    async giveBack(units) {
      admitted -= await ledger.giveBack(units, (day, n) => store.release(name, kind, n, day));
    },
    close: () => store.close(),
  };
}

/**
 * For an account whose plan refuses nothing of this kind (metered-account.ts, neverRefused): units are counted
 * and recorded in bulk. `onFailure` hears of a store that fails to record; recording stops then, the work does not.
 */
export function bulkMeter(store: AccountStore, name: string, kind: UsageKind, now: () => Date, onFailure: (err: unknown) => void): UnitMeter {
  let failed = false;
  let pending = 0;
  let admitted = 0;
  const ledger = new UsageLedger();
  const fail = (err: unknown): void => {
    failed = true;
    onFailure(err);
  };
  const flush = async (): Promise<void> => {
    if (pending === 0 || failed) return;
    try {
      const at = now();
      await store.record(name, kind, pending, at);
      ledger.add(usageDay(at), pending);
    } catch (err) {
      fail(err);
    }
    pending = 0;
  };
  return {
    async admit() {
      admitted++;
      if (++pending >= FLUSH_EVERY) await flush();
      return null;
    },
    get admitted() {
      return admitted;
    },
    async giveBack(units) {
      let rest = Math.min(admitted, Math.max(0, units));
      admitted -= rest;
      const unrecorded = Math.min(pending, rest);
      pending -= unrecorded;
      rest -= unrecorded;
      if (rest > 0 && !failed) {
        try {
          await ledger.giveBack(rest, (day, n) => store.release(name, kind, n, day));
        } catch (err) {
          fail(err);
        }
      }
    },
    async close() {
      await flush();
      await store.close();
    },
  };
}
