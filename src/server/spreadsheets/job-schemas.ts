/**
 * The JSON shapes of the spreadsheet and account endpoints, for fastify's
 * validation (query, params) and the OpenAPI document (responses).
 */
import { COLUMN_ROLES } from '../../core/spreadsheet/detect-columns.js';
import { LIMITS } from '../limits.js';

const str = (description: string) => ({ type: 'string', description }) as const;
const nullableStr = (description: string) => ({ type: ['string', 'null'], description }) as const;
const int = (description: string) => ({ type: 'integer', minimum: 0, description }) as const;

/** The column mapping: the header of the column of each role found. */
export const ColumnMap = {
  type: 'object',
  description: 'The column of each address part, by header (roles: address, line1, line2, city, state, zip).',
  properties: Object.fromEntries(COLUMN_ROLES.map((r) => [r, str(`The column holding ${r}.`)])),
  additionalProperties: false,
} as const;

const StatusCounts = {
  type: ['object', 'null'],
  description: 'Rows of the result by status (VALIDATED, CORRECTED, PARTIAL, NOT_FOUND, ERROR); null until the job finishes.',
  additionalProperties: { type: 'integer' },
} as const;

/** GET /v1/spreadsheets/{id}. */
export const SpreadsheetJobBody = {
  type: 'object',
  properties: {
    id: str('The job id.'),
    status: { type: 'string', enum: ['queued', 'running', 'done', 'partial', 'failed'], description: 'queued: waiting its turn; running; done: every row validated; partial: the allowance ran out, `unprocessed` rows were left out; failed: see `error`.' },
    file_name: str('The name of the uploaded file.'),
    input_format: { type: 'string', enum: ['csv', 'tsv', 'xlsx'] },
    output_format: { type: 'string', enum: ['csv', 'tsv', 'xlsx'] },
    sheet: nullableStr('The worksheet read (XLSX).'),
    columns: ColumnMap,
    rows_total: int('Data rows of the file.'),
    rows_done: int('Rows validated so far.'),
    unprocessed: int('Rows left out because the allowance ran out.'),
    counts: StatusCounts,
    error: {
      type: ['object', 'null'],
      description: 'Why the job failed, or why rows were left unprocessed.',
      properties: { error: str('The error code, as in error bodies.'), message: str('What happened and what to do.') },
    },
    created_at: str('When the job was received.'),
    started_at: nullableStr('When it started running.'),
    finished_at: nullableStr('When it finished.'),
    expires_at: nullableStr('When the finished job and its files are removed.'),
    links: {
      type: 'object',
      properties: { self: str('This job.'), result: str('The result file.'), rows: str('The result rows as JSON.') },
    },
  },
  required: ['id', 'status', 'rows_total', 'rows_done', 'unprocessed', 'created_at', 'links'],
} as const;

/** The query of POST /v1/spreadsheets (the same fields may come as multipart fields before the file). */
export const SpreadsheetQuery = {
  type: 'object',
  properties: {
    columns: { type: 'string', maxLength: 1024, description: 'The column mapping, as `addr batch --columns`: ROLE=COLUMN pairs (header names or 1-based numbers), e.g. line1=Street,city=Town,zip=Postcode. Detected from the header when absent.' },
    sheet: { type: 'string', maxLength: 256, description: 'The worksheet of an XLSX file (default: the first).' },
    format: { type: 'string', enum: ['csv', 'tsv', 'xlsx'], description: 'The format of the result (default: the input\'s).' },
    name: { type: 'string', maxLength: 256, description: 'The file name, for a body sent without multipart (names the result).' },
  },
  additionalProperties: false,
} as const;

/** The id in the path. */
export const JobParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 64, description: 'The job id (from POST /v1/spreadsheets).' } },
  required: ['id'],
} as const;

/** The query of GET /v1/spreadsheets/{id}/rows. */
export const RowsQuery = {
  type: 'object',
  properties: {
    offset: { type: 'integer', minimum: 0, default: 0, description: 'Rows (that pass the filter) to skip.' },
    limit: { type: 'integer', minimum: 1, maximum: LIMITS.spreadsheets.rowsMaxLimit, default: 100, description: `Rows to return (at most ${LIMITS.spreadsheets.rowsMaxLimit}).` },
    status: { type: 'string', enum: ['VALIDATED', 'CORRECTED', 'PARTIAL', 'NOT_FOUND', 'ERROR'], description: 'Only rows of this status.' },
  },
  additionalProperties: false,
} as const;

/** GET /v1/spreadsheets/{id}/rows. */
export const RowsBody = {
  type: 'object',
  properties: {
    headers: { type: 'array', items: { type: 'string' }, description: 'The result\'s header: the input\'s columns, then the result columns.' },
    status_column: int('The index of the status column in each row.'),
    rows: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
    matched: int('Rows that pass the filter.'),
    total: int('Rows of the result.'),
    counts: StatusCounts,
  },
  required: ['headers', 'status_column', 'rows', 'matched', 'total', 'counts'],
} as const;

/** POST /v1/spreadsheets/preview. */
export const PreviewBody = {
  type: 'object',
  properties: {
    format: { type: 'string', enum: ['csv', 'tsv', 'xlsx'] },
    sheet: nullableStr('The worksheet read (XLSX).'),
    headers: { type: 'array', items: { type: 'string' } },
    columns: ColumnMap,
    problem: nullableStr('Why the columns could not be mapped (then `columns` is empty): map them with `columns`.'),
    rows_total: int('Data rows of the file.'),
    sample: { type: 'array', items: { type: 'array', items: { type: 'string' } }, description: 'The first data rows.' },
  },
  required: ['format', 'headers', 'columns', 'rows_total', 'sample'],
} as const;

/** GET /v1/account. */
export const AccountBody = {
  type: 'object',
  properties: {
    account: str('The account name.'),
    plan: { type: 'string', enum: ['free_beta', 'production', 'unlimited'] },
    status: str('active or suspended.'),
    allowance: {
      type: 'object',
      properties: {
        window: { type: 'string', enum: ['day', 'month', 'none'], description: 'The window the allowance counts: the UTC day (Free Beta), the calendar month (production), none (unlimited).' },
        rows: { type: ['integer', 'null'], description: 'Validations and batch rows allowed in the window; null: no limit.' },
        used: int('Used in the current window.'),
        remaining: { type: ['integer', 'null'], description: 'Left in the window; null: no limit (or overage on).' },
        overage: { type: 'boolean' },
      },
    },
    usage: {
      type: 'array',
      description: 'Usage by UTC day, the last 30 days, oldest first.',
      items: { type: 'object', properties: { day: str('YYYY-MM-DD'), validation: int('Validations.'), batch_row: int('Spreadsheet and batch rows.'), autocomplete: int('Autocomplete calls.') } },
    },
    keys: {
      type: 'array',
      description: 'The account\'s keys by prefix (never the keys).',
      items: { type: 'object', properties: { prefix: str('The key prefix.'), created_at: str('Created.'), last_used_at: nullableStr('Last used.'), revoked_at: nullableStr('Revoked.') } },
    },
  },
  required: ['account', 'plan', 'allowance', 'usage', 'keys'],
} as const;
