/**
 * What the streaming commands do to each line, on the main thread and in worker threads alike
 * (line-run.ts, line-worker.ts): the engine's normalize, validate or geocode of the line, its
 * text in the run's format (render.ts createFormatter, ndjson by the compiled serializers of
 * result-schemas.ts), and the messages of the worker threads.
 */
import { randomUUID } from 'node:crypto';
import { toNormalizeResult } from '../core/views/normalize-result.js';
import { lazyEngine } from '../store/lazy-engine.js';
import { openEngine } from '../store/open-engine.js';
import type { EngineLocation } from '../store/open-engine.js';
import type { Format } from './options.js';
import { createFormatter } from './render.js';
import type { Column, Formatter } from './render.js';
import { GEOCODE_COLUMNS, NORMALIZE_COLUMNS, VALIDATE_COLUMNS } from './result-columns.js';
import { resultJson } from './result-schemas.js';

/** The streaming commands. */
export type LineCommand = 'normalize' | 'validate' | 'geocode';

/** How a run writes its results (render.ts RenderOptions without the columns, which are the command's). */
export interface LineRender {
  format: Format;
  many: boolean;
  color: boolean;
}

/** A run's setup: the same on the main thread and in every worker. */
export interface LineSetup {
  command: LineCommand;
  render: LineRender;
  candidates?: number; // validate --candidates
}

/** What a worker opens its engine with (workerData): normalize reads no data directory. */
export type LineBoot = EngineLocation;

/** Lines of input; `first`: the index of the first one in the run (the formats number their results). */
export interface LineChunk {
  seq: number;
  first: number;
  lines: string[];
}

/** The output of a chunk: its results' text, encoded, where each ends, and the results by status. */
export interface LineChunkResult {
  seq: number;
  text: Uint8Array;
  ends: Uint32Array;
  statuses: Record<string, number>;
}

function columnsOf(command: LineCommand): readonly Column[] {
  return command === 'normalize' ? NORMALIZE_COLUMNS : command === 'validate' ? VALIDATE_COLUMNS : GEOCODE_COLUMNS;
}

/** The formatter of a run's results. */
export function lineFormatter(setup: LineSetup): Formatter {
  const json = resultJson(setup.command);
  return createFormatter({ ...setup.render, columns: columnsOf(setup.command) }, json);
}

/** A result: validate's and geocode's have a status. */
export type LineResult = object & { status?: string };

/** One line's result, with the engine opened on the first call. */
export interface LineWork {
  /** Opens the engine (before the first line is metered: missing reference data records no usage). */
  open(): void;
  result(line: string): LineResult;
  close(): void;
}

/** The work of a run over the stores at `location` (opened with the first line: input problems are reported first). */
export function openLineWork(setup: LineSetup, location: () => LineBoot): LineWork {
  if (setup.command === 'normalize') {
    // The gazetteer helps split street from city when commas are missing; normalize reads no
    // address points, and without the locality database it still answers (store/lazy-engine.ts).
    const engine = lazyEngine(() => ({ referenceDbPath: location().referenceDbPath }));
    return { open: () => undefined, result: (line) => toNormalizeResult(engine.normalize(line)), close: () => engine.close() };
  }
  let opened: ReturnType<typeof openEngine> | null = null;
  const now = (): number => performance.now();
  const candidates = setup.candidates;
  const geocode = setup.command === 'geocode';
  return {
    open() {
      opened ??= openEngine(location());
    },
    result(line) {
      opened ??= openEngine(location());
      const startedAt = performance.now();
      if (geocode) return opened.engine.geocode(line, { requestId: randomUUID(), startedAt, now });
      return opened.engine.validate(line, { requestId: randomUUID(), startedAt, now, ...(candidates !== undefined ? { candidates } : {}) });
    },
    close: () => opened?.close(),
  };
}
