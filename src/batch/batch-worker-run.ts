/**
 * A worker thread of `addr batch` (started as batch-worker.ts): opens its own engine the way
 * `addr validate` does (store/open-engine.ts), then turns each chunk of input rows into output
 * rows (input fields, padded to the header's width, then the result columns) and sends them back
 * with the chunk's sequence number; the main thread puts chunks back in input order.
 */
import type { MessagePort } from 'node:worker_threads';
import { errorCells, validateRow } from '../core/spreadsheet/batch-row.js';
import { openEngine } from '../store/open-engine.js';
import type { OpenedEngine } from '../store/open-engine.js';
import type { ChunkRequest, ChunkResult, SetupMessage, WorkerBoot, WorkerSetup } from './batch-protocol.js';
import { workerFailure } from './batch-protocol.js';
import { formatRecord, parseRecord, stripLineBreak } from '../formats/csv/csv-record.js';
import { OutputBytes } from './output-bytes.js';
import { outputRowXml } from '../formats/xlsx/xlsx-rows.js';

// The run's setup: the first message (batch-pool.ts configure), before any chunk.
let setup: WorkerSetup;
// The text or worksheet output of a chunk, encoded row by row (output-bytes.ts).
let encoded: OutputBytes | null = null;

/**
 * The output row of one input record: input fields padded to the header's width, result cells,
 * then any extra fields. A text record with more fields than the header is flagged ROW_MALFORMED
 * (a comma left unquoted shifts its columns); a worksheet row's cells cannot shift, so cells past
 * the header (a note beside the table) are kept after the results and the row is validated.
 */
function outputRow(fields: string[] | null, raw: string, opened: OpenedEngine, sheet = false): string[] {
  const width = setup.width;
  if (fields === null) {
    const row = [raw];
    while (row.length < width) row.push('');
    return row.concat(errorCells('ROW_MALFORMED'));
  }
  let n = fields.length;
  while (n > width && fields[n - 1] === '') n--; // trailing empty fields ("a,b,,") are not data
  if (n > width && sheet) return fields.slice(0, width).concat(validateRow(fields, setup.mapping, opened.engine), fields.slice(width, n));
  if (n > width) {
    // More fields than the header: kept whole, after the result columns, and flagged.
    return fields.slice(0, width).concat(errorCells('ROW_MALFORMED'), fields.slice(width, n));
  }
  const cells = validateRow(fields, setup.mapping, opened.engine);
  if (n !== fields.length) fields.length = n;
  while (fields.length < width) fields.push('');
  return fields.concat(cells);
}

function run(opened: OpenedEngine, req: ChunkRequest): ChunkResult {
  const statuses: Record<string, number> = {};
  const text = setup.out.kind === 'text' ? setup.out : null;
  const sheet = setup.out.kind === 'sheet' ? setup.out.layout : null;
  let rowNumber = req.firstRow ?? 2;
  const lines = encoded as OutputBytes; // used only for a text or worksheet output
  lines?.clear();
  const rows: string[][] = [];
  const emit = (row: string[], types: string, at?: number): void => {
    const status = row[setup.width] as string;
    statuses[status] = (statuses[status] ?? 0) + 1;
    // A worksheet row keeps its row number (blank rows between stay where they were); others are numbered in order.
    if (sheet !== null) lines.push(outputRowXml(at ?? rowNumber++, row, types, sheet));
    else if (text === null) rows.push(row);
    else lines.push(formatRecord(row, text.delimiter));
  };
  if (req.kind === 'bytes') {
    const sameText = text !== null && text.delimiter === setup.inDelimiter;
    const buf = Buffer.from(req.bytes.buffer, req.bytes.byteOffset, req.bytes.byteLength);
    const all = buf.toString('utf8');
    const ascii = all.length === buf.length; // then byte offsets are string offsets
    let start = 0;
    for (let k = 0; k < req.ends.length; k++) {
      const end = req.ends[k] as number;
      const raw = stripLineBreak(ascii ? all.slice(start, end) : buf.toString('utf8', start, end));
      start = end;
      const fields = parseRecord(raw, setup.inDelimiter, req.quoted[k] === 1);
      if (sameText && fields !== null && fields.length === setup.width && req.quoted[k] === 0) {
        // The common row: its text is written back as read, only the result cells are formatted.
        const cells = validateRow(fields, setup.mapping, opened.engine);
        const status = cells[0] as string;
        statuses[status] = (statuses[status] ?? 0) + 1;
        lines.push(`${raw}${setup.inDelimiter}${formatRecord(cells, setup.inDelimiter)}`);
        continue;
      }
      emit(outputRow(fields, raw, opened), '', req.rowNumbers?.[k]);
    }
  } else {
    for (let k = 0; k < req.rows.length; k++) emit(outputRow(req.rows[k] as string[], '', opened, true), req.types[k] ?? '', req.rowNumbers?.[k]);
  }
  if (text === null && sheet === null) return { seq: req.seq, text: null, textEnds: null, rows, statuses };
  // Where each record ends: stdout counts the rows it delivered, and a routed chunk's parts are merged by record (chunk-routes.ts).
  const textEnds = lines.recordEnds();
  return { seq: req.seq, text: lines.take(), textEnds, rows: null, statuses };
}

/** Serves the chunks `port` sends; `onWarm` is called once, when the first chunk is done and before it is sent back. */
export function runBatchWorker(port: MessagePort, boot: WorkerBoot, onWarm: () => void = () => undefined): void {
  const fail = (err: unknown): void => port.postMessage(workerFailure(err));
  let opened: OpenedEngine | null = null;
  try {
    opened = openEngine({ referenceDbPath: boot.referenceDbPath, dataDir: boot.dataDir });
  } catch (err) {
    fail(err);
  }
  if (opened === null) return;
  const engine = opened;
  let warm = false;
  port.on('message', (req: ChunkRequest | SetupMessage) => {
    if (req.kind === 'setup') {
      setup = req.setup;
      encoded = setup.out.kind === 'text' ? new OutputBytes(setup.out.eol) : setup.out.kind === 'sheet' ? new OutputBytes('') : null;
      return;
    }
    try {
      const result = run(engine, req);
      if (!warm) {
        warm = true;
        onWarm();
      }
      port.postMessage(result, result.text !== null && result.text.byteOffset === 0 && result.text.byteLength === result.text.buffer.byteLength ? [result.text.buffer as ArrayBuffer] : []);
    } catch (err) {
      fail(err);
    }
  });
}
