/**
 * The settings of a batch run that a --resume must reuse (docs/cli.md, `addr batch`): kept as JSON
 * in the run's checkpoint (src/accounts/batch-runs.ts), and what the workers are configured with.
 */
import type { ColumnMapping } from '../core/spreadsheet/detect-columns.js';
import { delimiterOf } from './batch-files.js';
import type { BatchFormat } from './batch-files.js';
import type { WorkerSetup } from './batch-protocol.js';
import { sheetLayout } from './batch-xlsx.js';

/** What a resumed run must reuse. */
export interface RunSettings {
  inFormat: BatchFormat;
  outFormat: BatchFormat;
  mapping: ColumnMapping;
  headers: string[];
  prefix: string;
  eol: string;
  bom: boolean;
  sheet: string | null; // the worksheet read (XLSX input), reused by --resume
  inDelimiter?: string; // CSV/TSV field delimiters (absent in checkpoints of older runs: the format's)
  outDelimiter?: string;
}

/** The field delimiter of the input (checkpoints of older runs have none: the format's). */
export const inDelimiterOf = (settings: RunSettings): string => settings.inDelimiter ?? delimiterOf(settings.inFormat);

/** What every worker of the run is configured with. */
export function workerSetup(settings: RunSettings): WorkerSetup {
  return {
    mapping: settings.mapping,
    width: settings.headers.length,
    inDelimiter: inDelimiterOf(settings),
    out: settings.outFormat === 'xlsx'
      ? { kind: 'sheet', layout: sheetLayout(settings.headers.length) }
      : { kind: 'text', delimiter: settings.outDelimiter ?? delimiterOf(settings.outFormat), eol: settings.eol },
  };
}
