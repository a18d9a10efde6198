/**
 * Spreadsheet jobs over HTTP: POST /v1/spreadsheets (a CSV, TSV or XLSX file
 * as the body or as multipart/form-data) queues a run of `addr batch` over it
 * (src/server/spreadsheets/spreadsheet-jobs.ts); GET reports the job, its
 * result file (exactly what `addr batch` writes) and its rows as JSON; DELETE
 * removes it. Rows are metered as batch rows against the account's allowance.
 * POST /v1/spreadsheets/preview reads a file's header and the column mapping
 * a job would use, without running or metering anything.
 */
import { createReadStream, statSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountStore } from '../../accounts/account-store.js';
import { decideUsage } from '../../accounts/decide-usage.js';
import { usageWindow } from '../../accounts/plans.js';
import type { Account } from '../../accounts/plans.js';
import { BATCH_FORMATS } from '../../batch/batch-files.js';
import type { BatchFormat } from '../../batch/batch-files.js';
import { COLUMN_ROLES } from '../../core/spreadsheet/detect-columns.js';
import type { ColumnMapping } from '../../core/spreadsheet/detect-columns.js';
import { AddrError, isAddrError } from '../../core/model/errors.js';
import { HTTP_ERRORS } from '../http-errors.js';
import { LIMITS } from '../limits.js';
import { accountOf } from '../request-context.js';
import type { RouteContext, RouteSpec } from '../route-spec.js';
import { newJobId } from '../spreadsheets/job-files.js';
import type { SpreadsheetJob } from '../spreadsheets/job-files.js';
import { JobParams, PreviewBody, RowsBody, RowsQuery, SpreadsheetJobBody, SpreadsheetQuery } from '../spreadsheets/job-schemas.js';
import { statusColumn } from '../spreadsheets/job-files.js';
import type { SpreadsheetJobs } from '../spreadsheets/spreadsheet-jobs.js';
import { SPREADSHEET_MEDIA_TYPES, receiveSpreadsheet } from '../spreadsheets/upload.js';

const BASE = '/v1/spreadsheets';
const MEDIA_TYPE: Readonly<Record<BatchFormat, string>> = Object.fromEntries(Object.entries(SPREADSHEET_MEDIA_TYPES).map(([type, f]) => [f, type])) as Record<BatchFormat, string>;
const FILE_SCHEMA = { type: 'string', format: 'binary' };
const FILE_CONTENT = Object.fromEntries(Object.keys(SPREADSHEET_MEDIA_TYPES).map((t) => [t, { schema: FILE_SCHEMA }]));
const MULTIPART = {
  'multipart/form-data': {
    schema: {
      type: 'object',
      properties: { ...SpreadsheetQuery.properties, file: { ...FILE_SCHEMA, description: 'The spreadsheet (after the other fields).' } },
      required: ['file'],
    },
  },
};

interface JobOptions {
  columns?: string;
  sheet?: string;
  format?: BatchFormat;
  name?: string;
}

function jobsOf(ctx: RouteContext): SpreadsheetJobs {
  if (ctx.spreadsheets === null) throw new AddrError('ADDR_ERR_SERVICE_UNAVAILABLE', ['Spreadsheet jobs are not enabled on this server.']);
  return ctx.spreadsheets;
}

/** The mapping by header name, for people. */
function columnsByHeader(mapping: ColumnMapping, headers: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const role of COLUMN_ROLES) {
    const at = mapping.roles[role];
    if (at !== undefined) out[role] = headers[at] ?? String(at + 1);
  }
  return out;
}

/** The job as answered. */
function jobView(job: SpreadsheetJob): Record<string, unknown> {
  const self = `${BASE}/${job.id}`;
  return {
    id: job.id,
    status: job.status,
    file_name: job.fileName,
    input_format: job.inputFormat,
    output_format: job.outputFormat,
    sheet: job.sheet,
    columns: columnsByHeader(job.mapping, job.headers),
    rows_total: job.rowsTotal,
    rows_done: job.rowsDone,
    unprocessed: job.unprocessed,
    counts: job.counts,
    error: job.error === null ? null : { error: HTTP_ERRORS[job.error.code as keyof typeof HTTP_ERRORS]?.error ?? 'service_unavailable', message: job.error.message },
    created_at: job.createdAt,
    started_at: job.startedAt,
    finished_at: job.finishedAt,
    expires_at: job.expiresAt,
    links: { self, result: `${self}/result`, rows: `${self}/rows` },
  };
}

/** Refuses (429, or 402 for production without overage) an account with no row left in its window. */
export async function refuseWhenNothingLeft(store: AccountStore, account: Account, now: Date): Promise<void> {
  const { from } = usageWindow(account, now);
  const used = (await store.usageByDay({ account: account.name, since: from })).reduce((n, r) => n + r.validation + r.batch_row, 0);
  const decision = decideUsage(account, { rows: used }, { kind: 'batch_row', rows: 1 }, now);
  if (!decision.ok) throw decision.error;
}

/** The options of a request: the query, then multipart fields (which win). */
function optionsOf(query: JobOptions, fields: Record<string, string>): JobOptions {
  const options: JobOptions = { ...query };
  for (const [key, value] of Object.entries(fields)) {
    if (value === '') continue;
    if (key === 'columns' || key === 'sheet' || key === 'name') options[key] = value;
    else if (key === 'format') {
      if (!(BATCH_FORMATS as readonly string[]).includes(value)) throw new AddrError('ADDR_ERR_INPUT_INVALID', [`format must be one of ${BATCH_FORMATS.join(', ')} (got '${value.slice(0, 20)}').`]);
      options.format = value as BatchFormat;
    } else if (key !== 'file') throw new AddrError('ADDR_ERR_INPUT_INVALID', [`Unknown field '${key.slice(0, 40)}'; the fields are columns, sheet, format and name.`]);
  }
  return options;
}

/** Receives and reads a spreadsheet into `dir`; the file is checked as `addr batch` checks it. */
async function receive(request: FastifyRequest, dir: string, sampleRows: number) {
  const query = request.query as JobOptions;
  const upload = await receiveSpreadsheet(request, dir, LIMITS.spreadsheets.bodyLimitBytes, query.name);
  const options = optionsOf(query, upload.fields);
  if (options.sheet !== undefined && upload.format !== 'xlsx') throw new AddrError('ADDR_ERR_INPUT_INVALID', ['sheet picks a worksheet of an XLSX file; this file is not a workbook.']);
  return { upload, options, read: async (columns: string | undefined) => (await import('../spreadsheets/sheet-scan.js')).summarizeSheet(upload.path, upload.format, { ...(options.sheet === undefined ? {} : { sheet: options.sheet }), ...(columns === undefined ? {} : { columns }), sampleRows }) };
}

const ACCESS = { auth: true, usage: 'batch_row' } as const;
const READ_ACCESS = { auth: true, usage: null } as const;

/** POST /v1/spreadsheets. */
export const spreadsheetsPost: RouteSpec = {
  method: 'POST',
  url: BASE,
  access: ACCESS,
  rawBody: true,
  schema: { querystring: SpreadsheetQuery },
  doc: {
    operationId: 'createSpreadsheetJob',
    summary: 'Validate a spreadsheet (CSV, TSV or XLSX) as a job',
    description: 'Queues the file for validation row by row, exactly as `addr batch` does: the result is the file with the result columns appended. '
      + 'Send the file as the body (Content-Type text/csv, text/tab-separated-values or the XLSX media type) or as the part `file` of multipart/form-data (options as fields before it). '
      + 'Rows are metered as batch rows: when the allowance runs out during the job, it ends `partial` and reports the rows left as `unprocessed`; '
      + 'with nothing left the request is refused (429, or 402 for production without overage) before the file is stored. Answers 202 with the job and its links (Location: the job).',
    tags: ['spreadsheets'],
    response: SpreadsheetJobBody,
    responseDescription: 'The job, queued.',
    status: 202,
    requestBody: { ...FILE_CONTENT, ...MULTIPART },
    errors: [400, 401, 402, 403, 429, 500],
  },
  handler: (ctx) => async (request: FastifyRequest, reply: FastifyReply) => {
    const jobs = jobsOf(ctx);
    const account = accountOf(request);
    await refuseWhenNothingLeft(ctx.accounts, account, ctx.now());
    const pending = jobs.pendingOf(account.name);
    if (pending >= LIMITS.spreadsheets.perAccount) throw new AddrError('ADDR_ERR_JOB_LIMIT', [account.name, String(pending)]);
    const id = newJobId();
    const dir = jobs.files.create(id);
    let job: SpreadsheetJob;
    try {
      const { upload, options, read } = await receive(request, dir, 0);
      const sheet = await read(options.columns);
      job = {
        id, account: account.name, status: 'queued', fileName: upload.fileName.slice(0, 256), inputFormat: upload.format, outputFormat: options.format ?? upload.format,
        sheet: sheet.sheet, columns: options.columns ?? null, headers: sheet.headers, mapping: sheet.mapping, rowsTotal: sheet.rows, rowsDone: 0, unprocessed: 0,
        counts: null, error: null, createdAt: ctx.now().toISOString(), startedAt: null, finishedAt: null, expiresAt: null,
      };
      jobs.add(job);
    } catch (err) {
      jobs.files.remove(id);
      throw err;
    }
    return reply.code(202).header('location', `${BASE}/${id}`).send(jobView(job));
  },
};

/** POST /v1/spreadsheets/preview. */
export const spreadsheetsPreviewPost: RouteSpec = {
  method: 'POST',
  url: `${BASE}/preview`,
  access: ACCESS,
  rawBody: true,
  schema: { querystring: SpreadsheetQuery },
  doc: {
    operationId: 'previewSpreadsheet',
    summary: 'Read a spreadsheet\'s header and the column mapping a job would use',
    description: 'Reads the file as POST /v1/spreadsheets would (same body, same options) and answers its header, the column of each address part '
      + '(detected, or from `columns`), the count of data rows and the first rows. Nothing is stored, run or metered.',
    tags: ['spreadsheets'],
    response: PreviewBody,
    responseDescription: 'The file as a job would read it.',
    requestBody: { ...FILE_CONTENT, ...MULTIPART },
    errors: [400, 401, 403, 500],
  },
  handler: (ctx) => async (request: FastifyRequest) => {
    const jobs = jobsOf(ctx);
    const id = newJobId();
    const dir = jobs.files.create(id);
    try {
      const { upload, options, read } = await receive(request, dir, 5);
      let problem: string | null = null;
      let sheet;
      try {
        sheet = await read(options.columns);
      } catch (err) {
        if (!isAddrError(err) || err.code !== 'ADDR_ERR_BATCH_NO_ADDRESS') throw err;
        problem = err.message;
        sheet = await read('line1=1'); // the header and rows, with a placeholder mapping that is not answered
      }
      return {
        format: upload.format, sheet: sheet.sheet, headers: sheet.headers, columns: problem === null ? columnsByHeader(sheet.mapping, sheet.headers) : {},
        problem, rows_total: sheet.rows, sample: sheet.sample,
      };
    } finally {
      jobs.files.remove(id);
    }
  },
};

async function jobOf(ctx: RouteContext, request: FastifyRequest): Promise<{ jobs: SpreadsheetJobs; job: SpreadsheetJob }> {
  const { id } = request.params as { id: string };
  const jobs = ctx.spreadsheets;
  const job = (await jobs?.get(id, accountOf(request).name)) ?? null;
  if (jobs === null || job === null) throw new AddrError('ADDR_ERR_JOB_NOT_FOUND', [id.slice(0, 64)]);
  return { jobs, job };
}

function finished(job: SpreadsheetJob): void {
  if (job.status !== 'done' && job.status !== 'partial') throw new AddrError('ADDR_ERR_JOB_NOT_FINISHED', [job.id, job.status, job.id]);
}

const JOB_ERRORS = [401, 404, 500] as const;

/** GET /v1/spreadsheets/{id}. */
export const spreadsheetGet: RouteSpec = {
  method: 'GET',
  url: `${BASE}/:id`,
  access: READ_ACCESS,
  schema: { params: JobParams },
  doc: {
    operationId: 'getSpreadsheetJob',
    summary: 'The status of a spreadsheet job',
    description: 'Where the job stands: status, rows done (updated as it runs), unprocessed rows, counts by result status once finished, timestamps. A job of another account is 404.',
    tags: ['spreadsheets'],
    response: SpreadsheetJobBody,
    responseDescription: 'The job.',
    errors: JOB_ERRORS,
  },
  handler: (ctx) => async (request: FastifyRequest) => jobView((await jobOf(ctx, request)).job),
};

/** GET /v1/spreadsheets/{id}/result. */
export const spreadsheetResultGet: RouteSpec = {
  method: 'GET',
  url: `${BASE}/:id/result`,
  access: READ_ACCESS,
  schema: { params: JobParams },
  doc: {
    operationId: 'getSpreadsheetResult',
    summary: 'The result file of a finished job',
    description: 'The file exactly as `addr batch` writes it: every input column, then the result columns (addr_status, addr_line1 ... addr_changes). '
      + 'A partial job\'s file holds the rows done. 409 until the job is done or partial.',
    tags: ['spreadsheets'],
    response: {},
    responseDescription: 'The result file (Content-Disposition: attachment).',
    responseContent: FILE_CONTENT,
    errors: [401, 404, 409, 500],
  },
  handler: (ctx) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { jobs, job } = await jobOf(ctx, request);
    finished(job);
    const path = jobs.files.resultPath(job);
    const stem = job.fileName.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'spreadsheet';
    return reply
      .type(job.outputFormat === 'xlsx' ? MEDIA_TYPE.xlsx : `${MEDIA_TYPE[job.outputFormat]}; charset=utf-8`)
      .header('content-length', statSync(path).size)
      .header('content-disposition', `attachment; filename="${stem}.validated.${job.outputFormat}"`)
      .send(createReadStream(path));
  },
};

/** GET /v1/spreadsheets/{id}/rows. */
export const spreadsheetRowsGet: RouteSpec = {
  method: 'GET',
  url: `${BASE}/:id/rows`,
  access: READ_ACCESS,
  schema: { params: JobParams, querystring: RowsQuery },
  doc: {
    operationId: 'getSpreadsheetRows',
    summary: 'A page of a finished job\'s result rows, as JSON',
    description: 'The rows of the result file (optionally of one status), with its header and the counts by status. 409 until the job is done or partial.',
    tags: ['spreadsheets'],
    response: RowsBody,
    responseDescription: 'The page.',
    errors: [400, 401, 404, 409, 500],
  },
  handler: (ctx) => async (request: FastifyRequest) => {
    const { jobs, job } = await jobOf(ctx, request);
    finished(job);
    const q = request.query as { offset: number; limit: number; status?: string };
    const page = await jobs.page(job, { offset: q.offset, limit: q.limit, ...(q.status === undefined ? {} : { status: q.status }) });
    return { headers: page.headers, status_column: statusColumn(job), rows: page.rows, matched: page.matched, total: page.total, counts: page.counts };
  },
};

/** DELETE /v1/spreadsheets/{id}. */
export const spreadsheetDelete: RouteSpec = {
  method: 'DELETE',
  url: `${BASE}/:id`,
  access: READ_ACCESS,
  schema: { params: JobParams },
  doc: {
    operationId: 'deleteSpreadsheetJob',
    summary: 'Remove a spreadsheet job and its files',
    description: 'Stops the job if it runs (rows already reserved stay counted) and removes it with its input and result. Answers 204.',
    tags: ['spreadsheets'],
    response: {},
    responseDescription: 'Removed.',
    status: 204,
    responseContent: {},
    errors: JOB_ERRORS,
  },
  handler: (ctx) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { jobs, job } = await jobOf(ctx, request);
    await jobs.remove(job.id);
    return reply.code(204).send();
  },
};

/** The spreadsheet routes, in the order of the OpenAPI document. */
export const SPREADSHEET_ROUTES: readonly RouteSpec[] = [spreadsheetsPost, spreadsheetsPreviewPost, spreadsheetGet, spreadsheetResultGet, spreadsheetRowsGet, spreadsheetDelete];
