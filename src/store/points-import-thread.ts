/**
 * The worker thread of `addr data import` (points-import-worker.ts) seen from the main thread
 * (points-import.ts): it is started early (its modules load while the file is hashed), fed the
 * source's bytes within INPUT_CHUNKS_AHEAD credits, and read message by message; the first
 * failure (a worker error, its exit before its last message, Ctrl-C) fails every wait.
 */
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { AddrError } from '../core/model/errors.js';
import { Credits, INPUT_CHUNKS_AHEAD } from './points-import-protocol.js';
import type { FromImportWorker, ImportWorkerSetup, ToImportWorker } from './points-import-protocol.js';
import type { StreetPacker } from './street-packer.js';

// The worker's young generation: rows die young, and a larger nursery collects them half as often
// (1M generated rows: 125 scavenges instead of 216, 1.6-1.9 s of GC pauses instead of 2.1-2.3 s).
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 64 };

/** The worker of one import, seen from this thread: its messages in order, and where it failed. */
export class ImportWorker {
  private readonly worker: Worker;
  private readonly inbox: FromImportWorker[] = [];
  private readonly input = new Credits(INPUT_CHUNKS_AHEAD);
  private failure: unknown = null;
  private wake: (() => void) | null = null;
  private finished = false;

  constructor() {
    // From src/ (vitest), the worker is the built one: Node runs no TypeScript.
    const url = import.meta.url.endsWith('.ts') ? new URL('../../dist/src/store/points-import-worker.js', import.meta.url) : new URL('./points-import-worker.js', import.meta.url);
    this.worker = new Worker(url, { resourceLimits: WORKER_LIMITS });
    this.worker.on('message', (msg: FromImportWorker) => {
      if (msg.kind === 'read') return this.input.give();
      if (msg.kind === 'failed') {
        const err = msg.code !== null ? new AddrError(msg.code) : new Error(msg.message);
        err.message = msg.message; // already formatted by the worker
        return this.fail(err);
      }
      if (msg.kind === 'packed-end') this.finished = true; // the worker's last message: it may stop now
      this.inbox.push(msg);
      this.notify();
    });
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => {
      if (!this.finished) this.fail(new Error(`the import worker stopped (exit code ${code})`));
    });
  }

  /** Stops the import with `err` (the first failure wins). */
  fail(err: unknown): void {
    if (this.failure !== null) return;
    this.failure = err;
    this.input.release();
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private send(msg: ToImportWorker): void {
    this.worker.postMessage(msg);
  }

  /** Starts the import in the worker. */
  start(setup: ImportWorkerSetup): void {
    this.send({ kind: 'start', setup });
  }

  /** Hands the points gathered to the worker, which packs their streets (after done). */
  pack(packer: StreetPacker): void {
    const { state, transfer } = packer.handOver();
    this.worker.postMessage({ kind: 'pack', packer: state } satisfies ToImportWorker, transfer);
  }

  /** Sends the bytes to the worker, at most INPUT_CHUNKS_AHEAD chunks ahead of its reading; a read error fails the import. */
  async feed(bytes: Readable): Promise<void> {
    try {
      for await (const chunk of bytes) {
        await this.input.take();
        if (this.failure !== null) return;
        this.send({ kind: 'bytes', chunk: chunk as Buffer });
      }
      this.send({ kind: 'end' });
    } catch (err) {
      this.fail(err);
    }
  }

  /** The worker's next message (points, then done); throws the import's failure. */
  async next(): Promise<FromImportWorker> {
    for (;;) {
      if (this.failure !== null) throw this.failure;
      const msg = this.inbox.shift();
      if (msg !== undefined) return msg;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  /** The worker's messages that arrived while this thread was busy, without waiting; throws the import's failure. */
  async arrived(): Promise<FromImportWorker[]> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.failure !== null) throw this.failure;
    return this.inbox.splice(0);
  }

  /** Tells the worker a points batch is written. */
  written(): void {
    this.send({ kind: 'written' });
  }

  async close(): Promise<void> {
    this.finished = true;
    this.input.release();
    await this.worker.terminate();
  }
}
