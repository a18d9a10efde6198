/**
 * The loop of an `addr batch` run: each chunk of the input has its rows reserved
 * (src/accounts/row-reservation.ts), goes to the worker pool, and its results are written in input order, the
 * checkpoint saved at most every 250 ms. A signal (Ctrl-C, kill) stops the rows being taken; what the
 * workers finish is still written and the checkpoint kept.
 */
import type { ChunkRequest, ChunkResult } from './batch-protocol.js';
import type { BatchPool } from './batch-pool.js';
import type { BatchRunStore } from '../accounts/batch-runs.js';
import type { OpenedRun } from './open-run.js';
import type { Plan } from './plan-run.js';
import type { Progress } from './batch-progress.js';
import type { RowReservation } from '../accounts/row-reservation.js';
import { saveCheckpoint } from './run-state.js';
import type { RunState } from './run-state.js';
import { workerSetup } from './run-settings.js';
import { mergeResults, routing, splitChunk } from './chunk-routes.js';
import { hasStreetData } from '../store/open-engine.js';

/** Exit codes of a run stopped by a signal (128 + the signal number, as shells report them). */
export const SIGNAL_EXIT: Readonly<Record<string, number>> = { SIGINT: 130, SIGTERM: 143 };

/** How often (ms) the checkpoint is saved and the spinner redrawn while results are written. */
const SAVE_EVERY_MS = 250;

export interface LoopParts {
  plan: Plan;
  opened: OpenedRun;
  state: RunState;
  reservation: RowReservation;
  runs: BatchRunStore;
  pool: BatchPool; // started, not yet configured; closed when the loop ends
  progress: Progress;
}

/** Runs the rows through the pool; returns what failed (null when nothing did). */
export async function runLoop(parts: LoopParts): Promise<unknown> {
  const { plan: p, opened, state, reservation, runs, pool, progress } = parts;
  const { sink, run } = opened;
  // ---- signals: stop taking rows, write what the workers finish, keep the checkpoint
  const onSignal = (name: string) => (): void => {
    state.signal ??= name;
  };
  const handlers = Object.keys(SIGNAL_EXIT).map((name) => [name, onSignal(name)] as const);
  for (const [name, h] of handlers) process.on(name, h);

  pool.configure(workerSetup(opened.settings));
  const pendingMeta = new Map<number, { rows: number; endOffset: number; nextLine: number }>();
  // With street data, each chunk's rows go to the worker of their area (chunk-routes.ts); a
  // chunk sent in parts is written once its last part is back (the parts' sequence numbers follow on).
  const routed = pool.size > 1 && hasStreetData(pool.boot);
  const groups = new Map<number, Group>(); // by the sequence number of each part
  let dispatched = 0;
  let lastSave = 0;
  const writeResult = async (part: ChunkResult): Promise<void> => {
    const result = merged(part, groups);
    if (result === null) return;
    const meta = pendingMeta.get(result.seq);
    pendingMeta.delete(result.seq);
    if (result.text !== null) await sink.write(result.text, result.textEnds);
    state.count(result.statuses, meta);
    const t = performance.now();
    if (t - lastSave > SAVE_EVERY_MS) {
      await saveCheckpoint(runs, run, state, sink, 'running');
      progress.show();
      lastSave = t;
    }
  };
  const drainReady = async (): Promise<void> => {
    for (let r = pool.takeReady(); r !== null; r = pool.takeReady()) await writeResult(r);
  };

  let failure: unknown = null;
  try {
    for await (const whole of opened.input.chunks) {
      // A reader that went away takes no more rows: reading on would only spend the allowance.
      if (sink.gone) break;
      let chunk = whole;
      const rows = chunk.count;
      if (state.signal !== null) {
        // Stopped by a signal: the rest of a file is counted (not validated) for the summary; stdin is left unread.
        if (p.inputPath === null) break;
        state.unprocessed += rows;
        continue;
      }
      if (state.stop !== null) {
        state.unprocessed += rows;
        continue;
      }
      const { granted, refused } = await reservation.reserve(rows);
      if (refused !== null) {
        // Refused before any row of this run: nothing is processed and nothing recorded.
        if (dispatched === 0 && state.rowsDone === 0) throw refused;
        state.stop = { reason: refused, line: chunk.lines[granted] as number };
      } else if (granted < rows) state.stop = { reason: null, line: chunk.lines[granted] as number };
      if (granted < rows) {
        state.unprocessed += rows - granted;
        chunk = chunk.cut(granted);
      }
      if (granted === 0) continue;
      const c = chunk;
      const firstRow = state.startRows + dispatched + 2; // its output row in a workbook (row 1 is the header)
      const seq = routed ? await submitRouted(pool, { ...c.request(0), firstRow }, groups) : await pool.submit((s): ChunkRequest => ({ ...c.request(s), firstRow }), () => []);
      pendingMeta.set(seq, { rows: granted, endOffset: c.positionAfter(granted), nextLine: c.nextLine });
      dispatched += granted;
      await drainReady();
    }
    for (let r = await pool.take(); r !== null; r = await pool.take()) await writeResult(r);
  } catch (err) {
    failure = err;
  } finally {
    for (const [name, h] of handlers) process.off(name, h);
    progress.stop();
    await pool.close();
  }
  return failure;
}

/** A chunk sent in parts: its records' workers, and the parts back so far by worker. */
interface Group {
  order: Uint8Array;
  workers: Map<number, number>; // worker of each part's sequence number
  results: (ChunkResult | null)[];
  last: number; // sequence number of its last part
}

/** Sends a chunk's records to their areas' workers, unless they crowd into a few; returns the sequence number of its last part. */
async function submitRouted(pool: BatchPool, req: ChunkRequest, groups: Map<number, Group>): Promise<number> {
  const order = routing(req, pool.size);
  if (order === null) return pool.submit((s) => ({ ...req, seq: s }), () => []);
  const parts = splitChunk(req, order, pool.size);
  const group: Group = { order, workers: new Map(), results: parts.map(() => null), last: -1 };
  for (let w = 0; w < parts.length; w++) {
    const part = parts[w];
    if (part === null || part === undefined) continue;
    group.last = await pool.submitTo(w, (s) => ({ ...part, seq: s }), () => []);
    group.workers.set(group.last, w);
  }
  if (group.workers.size > 1) for (const seq of group.workers.keys()) groups.set(seq, group);
  return group.last;
}

/** A chunk's whole result: `part` itself, unless it is a part of a group (null until the group's last part is back). */
function merged(part: ChunkResult, groups: Map<number, Group>): ChunkResult | null {
  const group = groups.get(part.seq);
  if (group === undefined) return part;
  groups.delete(part.seq);
  group.results[group.workers.get(part.seq) as number] = part;
  return part.seq === group.last ? mergeResults(group.results, group.order, part.seq) : null;
}
