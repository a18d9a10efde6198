/**
 * Extraction off the event loop: addr serve hands texts over
 * LIMITS.extract.offThreadChars to one worker thread (extract-worker.ts, with
 * its own engine over the same stores), started at the first such text, so
 * that a large or hostile text (a megabyte of addresses to read aggressively
 * takes seconds) never holds up the other requests or /healthz. Texts are read
 * one at a time, in the order they came. Each has a work budget
 * (LIMITS.extract.budgetMs from when its reading starts): past it the thread is
 * stopped (and started again for the next text) and the request answered 413,
 * so one text cannot hold the thread for ever.
 */
import { Worker } from 'node:worker_threads';
import type { ExtractCallOptions, ExtractedAddress } from '../core/engine.js';
import { AddrError } from '../core/model/errors.js';
import type { ErrorCode } from '../core/model/errors.js';
import type { EngineLocation } from '../store/open-engine.js';
import { LIMITS } from './limits.js';

/** What the worker opens its engine from. */
export type ExtractWorkerBoot = EngineLocation;

/** One text to extract. */
export interface ExtractJob {
  id: number;
  text: string;
  requestId: string;
  elapsedMs: number; // of the request when the job was sent
  aggressive: boolean;
  input: 'auto' | 'text' | 'html';
}

/** The worker's answer. */
export type ExtractJobResult = { id: number; found: ExtractedAddress[] } | { id: number; error: { code?: string; message: string } };

interface Queued {
  job: ExtractJob;
  resolve: (found: ExtractedAddress[]) => void;
  reject: (err: unknown) => void;
}

/** Extracts texts on a worker thread, one at a time, each within a work budget. */
export class ExtractPool {
  private worker: Worker | null = null;
  private readonly queue: Queued[] = [];
  private running: Queued | null = null;
  private budgetTimer: NodeJS.Timeout | null = null;
  private nextId = 1;
  private closed = false;

  constructor(private readonly boot: ExtractWorkerBoot, private readonly budgetMs: number = LIMITS.extract.budgetMs) {}

  /** Extracts `text` on the worker thread. */
  extract(text: string, options: ExtractCallOptions & { requestId: string; elapsedMs: number }): Promise<ExtractedAddress[]> {
    if (this.closed) return Promise.reject(new AddrError('ADDR_ERR_SERVICE_UNAVAILABLE', ['The server is shutting down.']));
    return new Promise((resolve, reject) => {
      const job: ExtractJob = {
        id: this.nextId++,
        text,
        requestId: options.requestId,
        elapsedMs: options.elapsedMs,
        aggressive: options.aggressive === true,
        input: options.input ?? 'auto',
      };
      this.queue.push({ job, resolve, reject });
      this.next();
    });
  }

  private start(): Worker {
    const worker = new Worker(new URL('./extract-worker.js', import.meta.url), { workerData: this.boot });
    worker.on('message', (answer: ExtractJobResult) => this.finish(answer));
    worker.on('error', (err) => this.fail(worker, err));
    worker.on('exit', (code) => {
      if (this.worker === worker) this.fail(worker, new Error(`the extraction thread exited with code ${code}`));
    });
    worker.unref(); // a server that is closing does not wait for it
    return worker;
  }

  private next(): void {
    if (this.running !== null || this.closed) return;
    const queued = this.queue.shift();
    if (queued === undefined) return;
    this.running = queued;
    this.worker ??= this.start();
    this.worker.postMessage(queued.job);
    this.budgetTimer = setTimeout(() => this.overBudget(), this.budgetMs);
  }

  private settle(): Queued | null {
    const running = this.running;
    this.running = null;
    if (this.budgetTimer !== null) clearTimeout(this.budgetTimer);
    this.budgetTimer = null;
    return running;
  }

  private finish(answer: ExtractJobResult): void {
    if (this.running?.job.id !== answer.id) return;
    const running = this.settle();
    if ('found' in answer) running?.resolve(answer.found);
    else {
      const { code, message } = answer.error;
      const err = code !== undefined ? new AddrError(code as ErrorCode, []) : new Error(message);
      err.message = message;
      running?.reject(err);
    }
    this.next();
  }

  /** The thread died (or was stopped): the text it was reading fails, the next starts a new thread. */
  private fail(worker: Worker, err: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    void worker.terminate();
    this.settle()?.reject(err);
    this.next();
  }

  private overBudget(): void {
    const worker = this.worker;
    const running = this.settle();
    this.worker = null;
    if (worker !== null) void worker.terminate();
    running?.reject(new AddrError('ADDR_ERR_EXTRACT_BUDGET', [String(this.budgetMs / 1000)]));
    this.next();
  }

  /** Stops the thread; texts still waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const waiting = this.queue.splice(0);
    for (const q of waiting) q.reject(new AddrError('ADDR_ERR_SERVICE_UNAVAILABLE', ['The server is shutting down.']));
    const worker = this.worker;
    this.worker = null;
    this.settle()?.reject(new AddrError('ADDR_ERR_SERVICE_UNAVAILABLE', ['The server is shutting down.']));
    if (worker !== null) await worker.terminate();
  }
}
