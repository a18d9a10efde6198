/**
 * Metering of `addr serve --workers N` over accounts.sqlite: the workers'
 * quota decisions and releases are made by the primary process, the one
 * writer of the file, which the workers ask by message (one message per
 * event-loop turn's worth of requests, as meter.ts batches them). Several
 * processes taking turns at SQLite's write lock cost each of them many times
 * the CPU of a request and most of their throughput; one writer costs a
 * message. (With a PostgreSQL store every worker decides on its own
 * connection: the database orders them.) Decisions stay exact: the primary
 * decides each batch in one transaction, and a lock held by another process
 * (the CLI) is answered as such, so the worker's meter retries as it would.
 */
import type { AccountStore, ConsumeRequest } from '../accounts/account-store.js';
import type { UsageDecision } from '../accounts/decide-usage.js';
import type { UsageKind } from '../accounts/plans.js';
import { AddrError, isAddrError } from '../core/errors.js';
import type { ErrorCode } from '../core/errors.js';

/** What the meter needs of a store (src/server/meter.ts). */
export type MeterStore = Pick<AccountStore, 'consumeMany' | 'release'>;

/** An error as it crosses between processes. */
interface WireError { code: string; message: string; details?: Readonly<Record<string, unknown>> }

/** A request of a worker to the primary. */
export type MeterAsk =
  | { type: 'addr:consume'; seq: number; requests: { account: string; request: ConsumeRequest['request']; now: string }[] }
  | { type: 'addr:release'; seq: number; account: string; kind: UsageKind; units: number; day: string };

/** The primary's answer. */
export type MeterAnswer =
  | { type: 'addr:metered'; seq: number; decisions?: ({ ok: true; allowed: number; day: string; remaining: number | null } | { ok: false; error: WireError })[]; error?: WireError };

const toWire = (err: unknown): WireError => (isAddrError(err)
  ? { code: err.code, message: err.message, ...(err.details === undefined ? {} : { details: err.details }) }
  : { code: 'ADDR_ERR_INTERNAL', message: err instanceof Error ? err.message : String(err) });

function fromWire(wire: WireError): AddrError {
  const err = new AddrError(wire.code as ErrorCode, [], wire.details === undefined ? undefined : { details: wire.details });
  err.message = wire.message;
  return err;
}

/** The worker's side: a MeterStore whose calls are messages to the primary (`send`); `answer` takes the primary's answers. */
export function remoteMeterStore(send: (ask: MeterAsk) => void): { store: MeterStore; answer(message: MeterAnswer): void } {
  let seq = 0;
  const waiting = new Map<number, { resolve: (m: MeterAnswer) => void }>();
  const ask = (make: (seq: number) => MeterAsk): Promise<MeterAnswer> => new Promise((resolve) => {
    seq += 1;
    waiting.set(seq, { resolve });
    send(make(seq));
  });
  return {
    store: {
      async consumeMany(requests) {
        const answer = await ask((s) => ({ type: 'addr:consume', seq: s, requests: requests.map((r) => ({ account: r.account, request: r.request, now: r.now.toISOString() })) }));
        if (answer.error !== undefined) throw fromWire(answer.error);
        return (answer.decisions ?? []).map((d): UsageDecision => (d.ok ? d : { ok: false, error: fromWire(d.error) }));
      },
      async release(account, kind, units, day) {
        const answer = await ask((s) => ({ type: 'addr:release', seq: s, account, kind, units, day }));
        if (answer.error !== undefined) throw fromWire(answer.error);
      },
    },
    answer(message) {
      const w = waiting.get(message.seq);
      waiting.delete(message.seq);
      w?.resolve(message);
    },
  };
}

/** The primary's side: answers a worker's ask with `store`. */
export async function answerMeterAsk(store: MeterStore, ask: MeterAsk): Promise<MeterAnswer> {
  try {
    if (ask.type === 'addr:release') {
      await store.release(ask.account, ask.kind, ask.units, ask.day);
      return { type: 'addr:metered', seq: ask.seq };
    }
    const decisions = await store.consumeMany(ask.requests.map((r) => ({ account: r.account, request: r.request, now: new Date(r.now) })));
    return { type: 'addr:metered', seq: ask.seq, decisions: decisions.map((d) => (d.ok ? d : { ok: false as const, error: toWire(d.error) })) };
  } catch (err) {
    return { type: 'addr:metered', seq: ask.seq, error: toWire(err) };
  }
}
