/**
 * What a batch run is given: its flags (as `addr batch` parses them, and as a
 * spreadsheet job of `addr serve` sets them) and the streams it reads and
 * writes. Defined here, below the faces, so that the CLI (src/commands) and the
 * server (src/server/spreadsheets) both call into src/batch and neither is
 * imported by it.
 */
import type { Readable, Writable } from 'node:stream';

/** The flags of `addr batch`. */
export type BatchFlags = {
  dataDir?: string;
  accountsUrl?: string; // postgres://… (docs/deployment.md), else accounts.sqlite in the data directory
  account?: string;
  key?: string;
  output?: string;
  format?: 'csv' | 'tsv' | 'xlsx';
  sheet?: string;
  delimiter?: string;
  columns?: string;
  resume?: boolean;
  restart?: boolean;
  workers?: number;
  color: boolean;
};

/** The process's streams and environment, as a run sees them (the CLI's CommandContext has this shape). */
export interface BatchContext {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean; hasColors?: () => boolean };
  stderr: Writable & { isTTY?: boolean };
  env: Readonly<Record<string, string | undefined>>;
}
