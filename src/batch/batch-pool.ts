/**
 * The worker threads of `addr batch` (batch-worker.ts): chunks go to the
 * least busy worker, at most MAX_IN_FLIGHT per worker, and come back in input
 * order whatever order the workers finish in. `submit` waits while every
 * worker is full, which is how back-pressure reaches the input stream.
 * The workers are started before the input is opened (each opens its engine,
 * ~0.2 s, while the main thread reads the header) and get the run's setup
 * with `configure` once it is known.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AddrError } from '../core/model/errors.js';
import { engineHeapMb } from '../store/open-engine.js';
import type { EngineLocation } from '../store/open-engine.js';
import type { ErrorCode } from '../core/model/errors.js';
import type { ChunkRequest, ChunkResult, SetupMessage, WorkerBoot, WorkerFailure, WorkerSetup } from './batch-protocol.js';

// A worker keeps ~10 MB live (engine tables and memos) plus a few chunks; without a cap V8 lets
// each heap grow far past that before collecting, which is what
// the RSS target of docs/performance.md counts.
// (Measured on 200,000 rows: 294 MB peak RSS uncapped, 210 MB with these caps, for the same CPU time.)
// With imported points or ranges, the cap makes room for their bounded caches (engineHeapMb).
const YOUNG_GENERATION_MB = 16;

const MAX_IN_FLIGHT = 3; // chunks queued per worker: enough to keep it busy while the main thread writes

interface Slot {
  worker: Worker;
  busy: number;
}

/**
 * A pool of batch workers delivering results in submission order. The streaming commands run
 * their own worker (line-worker.ts) in it: `url`, and the types of its messages.
 */
export class BatchPool<Req extends { seq: number } = ChunkRequest, Res extends { seq: number } = ChunkResult, Setup = WorkerSetup, Boot extends EngineLocation = WorkerBoot> {
  private readonly slots: Slot[];
  private readonly done = new Map<number, Res>();
  private nextSeq = 0; // sequence number of the next submitted chunk
  private nextOut = 0; // sequence number of the next result to hand out
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  private configured = false;
  private closed: Promise<void> | null = null;

  /**
   * `boot`: where the workers' engines read their data (the run's engine location); `url`: the
   * worker's script (default: batch-worker.ts).
   */
  constructor(count: number, readonly boot: Boot, url: URL = new URL('./batch-worker.js', import.meta.url)) {
    this.slots = [];
    for (let i = 0; i < count; i++) {
      const worker = new Worker(url, { workerData: boot, resourceLimits: { maxOldGenerationSizeMb: engineHeapMb(boot), maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
      const slot: Slot = { worker, busy: 0 };
      worker.on('message', (msg: Res | WorkerFailure) => {
        if (msg.seq === -1) {
          const e = (msg as WorkerFailure).error;
          this.fail(e.code !== undefined && e.kind !== 'internal' ? new AddrError(e.code as ErrorCode, [], {}) : new Error(e.message), e);
          return;
        }
        slot.busy--;
        this.done.set(msg.seq, msg as Res);
        this.notify();
      });
      worker.on('error', (err) => this.fail(err));
      worker.on('exit', (code) => {
        if (code !== 0 && this.failure === null) this.fail(new Error(`a batch worker exited with code ${code}`));
      });
      this.slots.push(slot);
    }
  }

  private fail(err: Error, detail?: { message: string }): void {
    if (this.failure !== null) return;
    // The worker's message is the catalog message already formatted: keep it.
    if (detail !== undefined) err.message = detail.message;
    this.failure = err;
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private wait(): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }

  private check(): void {
    if (this.failure !== null) throw this.failure;
  }

  /** Sends the run's setup to every worker; before the first chunk. */
  configure(setup: Setup): void {
    const msg: SetupMessage<Setup> = { kind: 'setup', setup };
    for (const s of this.slots) s.worker.postMessage(msg);
    this.configured = true;
  }

  /** Chunks submitted and not yet taken back. */
  get pending(): number {
    return this.nextSeq - this.nextOut;
  }

  /** True while every worker has as many chunks as it may queue (submit would wait). */
  get full(): boolean {
    for (const s of this.slots) if (s.busy < MAX_IN_FLIGHT) return false;
    return true;
  }

  /** Worker threads in the pool. */
  get size(): number {
    return this.slots.length;
  }

  /** Sends a chunk to the least busy worker; waits while all are full. Returns its sequence number. */
  submit(make: (seq: number) => Req, transfer: (req: Req) => ArrayBuffer[]): Promise<number> {
    return this.send(this.slots, make, transfer);
  }

  /** Sends a chunk to worker `index` (a chunk's part routed by area, chunk-routes.ts); waits while it is full. */
  submitTo(index: number, make: (seq: number) => Req, transfer: (req: Req) => ArrayBuffer[]): Promise<number> {
    const slot = this.slots[index];
    if (slot === undefined) throw new RangeError(`no worker ${String(index)} in a pool of ${String(this.slots.length)}`);
    return this.send([slot], make, transfer);
  }

  private async send(slots: readonly Slot[], make: (seq: number) => Req, transfer: (req: Req) => ArrayBuffer[]): Promise<number> {
    if (!this.configured) throw new Error('BatchPool.submit before configure');
    for (;;) {
      this.check();
      let best: Slot | null = null;
      for (const s of slots) if (s.busy < MAX_IN_FLIGHT && (best === null || s.busy < best.busy)) best = s;
      if (best !== null) {
        const req = make(this.nextSeq++);
        best.busy++;
        best.worker.postMessage(req, transfer(req));
        return req.seq;
      }
      await this.wait();
    }
  }

  /** The next result in order, if it is ready. */
  takeReady(): Res | null {
    this.check();
    const result = this.done.get(this.nextOut);
    if (result === undefined) return null;
    this.done.delete(this.nextOut);
    this.nextOut++;
    return result;
  }

  /** The next result in order, waiting for it; null when nothing is pending. */
  async take(): Promise<Res | null> {
    for (;;) {
      if (this.pending === 0) return null;
      const ready = this.takeReady();
      if (ready !== null) return ready;
      await this.wait();
    }
  }

  /** Stops the workers (once; later calls wait for the same). */
  close(): Promise<void> {
    this.closed ??= Promise.all(this.slots.map((s) => s.worker.terminate())).then(() => {});
    return this.closed;
  }
}

/**
 * The pool of a run: `workers` threads (--workers; default one per core, at most 16). `addr batch`
 * starts it before loading the rest of the command (program.ts), so that each worker loads the
 * engine's modules (~0.1-0.25 s) while this thread loads the command's (~0.1 s) instead of after.
 */
export function startBatchPool(workers: number | undefined, boot: WorkerBoot): BatchPool {
  return new BatchPool(Math.max(1, Math.min(workers ?? availableParallelism(), 16)), boot);
}
