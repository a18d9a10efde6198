/**
 * The bounds of src/server/data/limits.json that the primary process of
 * `addr serve --workers N` needs before it forks (the HTTP ones its flags are
 * checked against, the spreadsheet jobs' its runner runs by), alone: it loads
 * none of the engine that the rest of limits.ts reads its bounds from
 * (src/server/limits.ts re-exports these as LIMITS.http and LIMITS.spreadsheets).
 */
import limits from './data/limits.json' with { type: 'json' };

/** Node's timeouts and the connection and header caps; the flags of addr serve override them. */
export const HTTP_LIMITS = Object.freeze({
  headersTimeoutMs: limits.headersTimeoutMs, // the headers must arrive within this (408)
  requestTimeoutMs: limits.requestTimeoutMs, // the whole request, body included, within this (408)
  keepAliveTimeoutMs: limits.keepAliveTimeoutMs, // an idle kept-alive connection is closed after this
  maxConnections: limits.maxConnections, // connections open at once; more are closed at once
  maxHeaderBytes: limits.maxHeaderBytes, // 431 over this
});

/** The spreadsheet jobs' bounds. */
export const SPREADSHEET_LIMITS = Object.freeze({
  bodyLimitBytes: limits.spreadsheetBodyLimitBytes, // the file of POST /v1/spreadsheets
  running: limits.spreadsheetJobsRunning, // jobs running at once on a server
  runningPerAccount: limits.spreadsheetJobsRunningPerAccount, // jobs of one account running at once
  perAccount: limits.spreadsheetJobsPerAccount, // jobs of one account waiting or running
  retentionHours: limits.spreadsheetRetentionHours, // default of --spreadsheet-retention
  rowsMaxLimit: limits.spreadsheetRowsMaxLimit, // rows of a page of GET /v1/spreadsheets/{id}/rows
});
