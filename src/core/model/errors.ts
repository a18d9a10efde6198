/**
 * The one typed error hierarchy of addr. Faces map `kind` to exit codes
 * (src/commands/exit-codes.ts) and HTTP statuses (src/server) once each;
 * nothing dispatches on message text. Every code is documented in docs/errors.md.
 */

/** What kind of failure an error is; each face maps kinds, never messages. */
export type ErrorKind =
  | 'usage' // the command line or request is malformed
  | 'input' // the input data is unusable (empty address, unreadable file)
  | 'quota' // the account's plan or allowance refused the work
  | 'unavailable' // reference data missing, locked or corrupt
  | 'internal'; // a bug: anything else

/** The error catalog: code -> kind and message template (%s placeholders). */
export const ERRORS = {
  ADDR_ERR_USAGE: { kind: 'usage', message: '%s' },
  ADDR_ERR_INPUT_EMPTY: { kind: 'input', message: 'No address given: pass one as an argument, use --line1/--city/--state/--zip, or pipe one per line with -' },
  ADDR_ERR_INPUT_INVALID: { kind: 'input', message: '%s' },
  ADDR_ERR_STORE_MISSING: { kind: 'unavailable', message: "Reference database not found at '%s'. %s" },
  ADDR_ERR_STORE_CORRUPT: { kind: 'unavailable', message: "Reference database at '%s' cannot be read: %s. %s" },
  ADDR_ERR_UNAUTHORIZED: { kind: 'usage', message: 'The API key is missing, invalid or revoked.' },
  ADDR_ERR_ACCOUNT_NOT_FOUND: { kind: 'usage', message: "No account named '%s'. `addr accounts list` shows the accounts." },
  ADDR_ERR_ACCOUNT_SUSPENDED: { kind: 'quota', message: "Account '%s' is suspended; an administrator reactivates it with `addr accounts set %s --activate`." },
  ADDR_ERR_EMAIL_UNVERIFIED: { kind: 'quota', message: "Account '%s' has not verified its email; Free Beta validation needs a verified email. Once it is verified: `addr accounts set %s --email-verified`." },
  ADDR_ERR_FEATURE_UNAVAILABLE: { kind: 'quota', message: "%s is not available on the plan of account '%s'; turn it on with `addr accounts set %s %s`." },
  ADDR_ERR_QUOTA_EXCEEDED: { kind: 'quota', message: "Account '%s' has used its daily allowance of %s rows; it resets at midnight UTC, or raise it with `addr accounts set %s --daily-rows N`." },
  ADDR_ERR_LOOKUP_LIMIT: { kind: 'quota', message: "Account '%s' has used its %s included lookups this billing period and overage is off; allow overage with `addr accounts set %s --overage`, or raise them with --included-lookups N." },
  ADDR_ERR_ACCOUNTS_DB: { kind: 'unavailable', message: "Accounts database at '%s' cannot be used: %s" },
  ADDR_ERR_ACCOUNTS_UNREACHABLE: { kind: 'unavailable', message: "The accounts database at '%s' cannot be reached: %s" },
  ADDR_ERR_POINTS_DB: { kind: 'unavailable', message: "Address-point database at '%s' cannot be used: %s" },
  ADDR_ERR_RANGES_DB: { kind: 'unavailable', message: "Address-range database at '%s' cannot be used: %s" },
  ADDR_ERR_DOWNLOAD: { kind: 'unavailable', message: 'Download failed: %s' },
  ADDR_ERR_IMPORT_READ: { kind: 'input', message: 'Cannot read the import source: %s' },
  ADDR_ERR_IMPORT_INTERRUPTED: { kind: 'input', message: "Import of source '%s' interrupted; nothing of it was kept." },
  ADDR_ERR_SOURCE_NOT_FOUND: { kind: 'usage', message: "No imported source named '%s'. `addr data status` lists the sources." },
  ADDR_ERR_BATCH_NO_ADDRESS: { kind: 'input', message: 'No address column found among the headers %s. Name one address, street, line1 or address1 (with city, state, zip beside it, or alone for one-line addresses), or map the columns with --columns line1=Street,line2=Unit,city=Town,state=State,zip=Postcode (or --columns address=FullAddress).' },
  ADDR_ERR_BATCH_INPUT: { kind: 'input', message: '%s' },
  ADDR_ERR_BATCH_RESUME: { kind: 'usage', message: '%s' },
  ADDR_ERR_BATCH_UNPROCESSED: { kind: 'quota', message: '%s' },
  ADDR_ERR_COORDINATES_INVALID: { kind: 'input', message: 'The %s %s is not a number from %s to %s.' },
  ADDR_ERR_PLACE_NOT_FOUND: { kind: 'input', message: "No place with id '%s': it was never suggested, or its source was removed or changed since." },
  ADDR_ERR_ENGINE_FAILED: { kind: 'unavailable', message: 'The validation engine failed: %s' },
  ADDR_ERR_SERVICE_UNAVAILABLE: { kind: 'unavailable', message: '%s' },
  ADDR_ERR_HTTP_NOT_FOUND: { kind: 'usage', message: "No endpoint at '%s'. GET /openapi.json lists the endpoints." },
  ADDR_ERR_HTTP_METHOD: { kind: 'usage', message: '%s is not allowed on %s; use %s.' },
  ADDR_ERR_HTTP_MEDIA_TYPE: { kind: 'usage', message: 'Send the request body as JSON, with Content-Type: application/json.' },
  ADDR_ERR_HTTP_BODY_TOO_LARGE: { kind: 'input', message: 'The request body is over the limit of %s bytes for this endpoint.' },
  ADDR_ERR_EXTRACT_BUDGET: { kind: 'input', message: 'The text needs more than %s s of work to read: send it in smaller parts.' },
  ADDR_ERR_HTTP_MALFORMED: { kind: 'input', message: 'The request is not valid HTTP/1.1 (%s): send one Content-Length or chunked Transfer-Encoding, well-formed headers and a standard method.' },
  ADDR_ERR_HTTP_HEADERS_TOO_LARGE: { kind: 'input', message: 'The request headers are over %s bytes: send fewer or shorter headers.' },
  ADDR_ERR_HTTP_TIMEOUT: { kind: 'input', message: 'The request did not arrive in time: its headers must arrive within %s s and the whole request within %s s.' },
  ADDR_ERR_HTTP_ENCODING: { kind: 'usage', message: "Content-Encoding '%s' is not supported: send the body uncompressed, or compressed with gzip, deflate or br." },
  ADDR_ERR_SPREADSHEET_MEDIA_TYPE: { kind: 'usage', message: 'Send the spreadsheet as the request body with Content-Type text/csv, text/tab-separated-values or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, or as the part named file of a multipart/form-data body (got %s).' },
  ADDR_ERR_JOB_NOT_FOUND: { kind: 'usage', message: "No spreadsheet job '%s' for this key's account: it was never created, was deleted, or was removed after the retention period." },
  ADDR_ERR_JOB_NOT_FINISHED: { kind: 'usage', message: "Spreadsheet job '%s' is %s: its result is ready once GET /v1/spreadsheets/%s reports done or partial." },
  ADDR_ERR_JOB_LIMIT: { kind: 'quota', message: "Account '%s' has %s spreadsheet jobs waiting or running, the most it may; send this one when one of them finishes (or DELETE one)." },
  ADDR_ERR_INTERNAL: { kind: 'internal', message: '%s' },
} as const satisfies Record<string, { kind: ErrorKind; message: string }>;

/** A catalog code. */
export type ErrorCode = keyof typeof ERRORS;

function format(template: string, args: readonly string[]): string {
  let i = 0;
  return template.replace(/%s/g, () => args[i++] ?? '');
}

/** An error of addr's catalog; `code` and `kind` decide how faces report it. */
export class AddrError extends Error {
  readonly code: ErrorCode;
  readonly kind: ErrorKind;
  readonly details: Readonly<Record<string, unknown>> | undefined; // machine-readable extras, e.g. `limits` of ADDR_ERR_LOOKUP_LIMIT

  constructor(code: ErrorCode, args: readonly string[] = [], options?: { cause?: unknown; details?: Readonly<Record<string, unknown>> }) {
    super(format(ERRORS[code].message, args), options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AddrError';
    this.code = code;
    this.kind = ERRORS[code].kind;
    this.details = options?.details;
  }
}

/** True when `err` is an AddrError (checked by shape, not by class identity). */
export function isAddrError(err: unknown): err is AddrError {
  return typeof err === 'object' && err !== null && 'code' in err && 'kind' in err &&
    typeof (err as { code: unknown }).code === 'string' && (err as { code: string }).code in ERRORS;
}
