/**
 * The CLI's shared flags, kept as one data table (npm-check-updates style):
 * each command registers the entries it uses, so flags, `--help` and the
 * options table of docs/cli.md all come from here (test/commands/options.test.ts checks it).
 */
import { InvalidArgumentError, Option } from 'commander';
import type { Command } from 'commander';
import type { StructuredAddress } from '../core/model/types.js';
import { PLAN_NAMES } from '../accounts/plans.js';
import type { PlanName } from '../accounts/plans.js';
import { parseCorsOrigins } from '../server/cors.js';
import type { CorsOrigins } from '../server/cors.js';
import serverLimits from '../server/data/limits.json' with { type: 'json' };

/** Output formats of every command. */
export const FORMATS = ['json', 'ndjson', 'table', 'csv'] as const;

/** One output format. */
export type Format = (typeof FORMATS)[number];

/** Validation statuses `--fail-on` accepts (docs/validation.md, Status). */
export const FAIL_ON_STATUSES = ['VALIDATED', 'CORRECTED', 'PARTIAL', 'NOT_FOUND'] as const;

/** One status `--fail-on` accepts. */
export type FailOnStatus = (typeof FAIL_ON_STATUSES)[number];

/** Parses `--fail-on PARTIAL,NOT_FOUND`; commander reports the thrown message as a usage error. */
export function parseFailOn(value: string): FailOnStatus[] {
  const statuses: FailOnStatus[] = [];
  for (const part of value.split(',')) {
    const status = part.trim().toUpperCase();
    if (status === '') continue;
    if (!(FAIL_ON_STATUSES as readonly string[]).includes(status)) {
      throw new InvalidArgumentError(`Unknown status '${part.trim()}'; use one or more of ${FAIL_ON_STATUSES.join(', ')}, separated by commas.`);
    }
    statuses.push(status as FailOnStatus);
  }
  if (statuses.length === 0) throw new InvalidArgumentError(`Give at least one of ${FAIL_ON_STATUSES.join(', ')}.`);
  return statuses;
}

/** The TIGER/Line release `addr data download` takes by default: the latest this version knows. */
export const LATEST_TIGER_YEAR = 2025;
/** Where the Census Bureau keeps the TIGER/Line folders (TIGER2025/ADDRFEAT/...). */
export const TIGER_BASE_URL = 'https://www2.census.gov/geo/tiger';

/** Parses `--year 2021`: a TIGER/Line release with ADDRFEAT (2011 on). */
export function parseYear(value: string): number {
  const year = Number(value);
  if (!/^\d{4}$/.test(value.trim()) || year < 2011 || year > LATEST_TIGER_YEAR + 1) {
    throw new InvalidArgumentError(`'${value}' is not a TIGER/Line release with address ranges; give a year from 2011 to ${LATEST_TIGER_YEAR + 1}.`);
  }
  return year;
}

/** Parses `--county 30059,30031`: five-digit county FIPS codes. */
export function parseFipsList(value: string): string[] {
  const codes = value.split(',').map((v) => v.trim()).filter((v) => v !== '');
  const bad = codes.find((v) => !/^\d{5}$/.test(v));
  if (bad !== undefined || codes.length === 0) throw new InvalidArgumentError(`'${bad ?? value}' is not a county FIPS code; give five digits, state and county (30059 is Meagher County, MT).`);
  return codes;
}

/** Parses a count flag (`--daily-rows 500`): a whole number, 0 or more. */
export function parseCount(value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError('Give a whole number, 0 or more.');
  return Number(value.trim());
}

/** Parses a positive count flag (`--workers 2`). */
export function parsePositive(value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value.trim()) < 1) throw new InvalidArgumentError('Give a whole number, 1 or more.');
  return Number(value.trim());
}

/** The field delimiters `--delimiter` takes, by what one may type. */
const DELIMITERS: Readonly<Record<string, string>> = { ',': ',', comma: ',', '\t': '\t', tab: '\t', '\\t': '\t', ';': ';', semicolon: ';', '|': '|', pipe: '|' };

/** Parses `--delimiter` (`,` `;` `|` `tab`, or their names). */
export function parseDelimiter(value: string): string {
  const delimiter = DELIMITERS[value] ?? DELIMITERS[value.trim().toLowerCase()];
  if (delimiter === undefined) throw new InvalidArgumentError('Give one of , ; | or tab (or comma, semicolon, pipe).');
  return delimiter;
}

/** Parses a distance in meters (`--max-distance 250`): a number above 0. */
export function parseMeters(value: string): number {
  const n = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('Give a distance in meters, a number above 0.');
  return n;
}

/** Parses a duration in seconds (`--request-timeout 30`): a number above 0, to the millisecond; returns milliseconds. */
export function parseSeconds(value: string): number {
  const n = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(n) || n < 0.001 || n > 86_400) throw new InvalidArgumentError('Give a number of seconds above 0 (at most 86400), e.g. 30 or 0.5.');
  return Math.round(n * 1000);
}

/** Parses `--cors`: * or comma-separated origins. */
export function parseCors(value: string): CorsOrigins {
  try {
    return parseCorsOrigins(value);
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
}

/** Parses `--port`: 0 to 65535. */
export function parsePort(value: string): number {
  const port = value.trim();
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) throw new InvalidArgumentError('Give a port number from 0 to 65535.');
  return Number(port);
}

/** Parses a day flag (`--since 2026-03-01`). */
export function parseDay(value: string): string {
  const day = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
    throw new InvalidArgumentError('Give a day as YYYY-MM-DD.');
  }
  return day;
}

/** One shared flag. */
export interface OptionSpec {
  flags: string; // commander flag syntax
  description: string; // help text, also the same words as the docs/cli.md table
  choices?: readonly string[]; // allowed values, checked by commander
  parse?: (value: string) => unknown; // converts and checks the value; throws InvalidArgumentError
  hidden?: boolean; // accepted but left out of --help (a flag kept only to say what replaced it)
}

/** Every shared flag, by the camelCase key commander gives it. */
export const OPTIONS = {
  format: {
    flags: '-f, --format <format>',
    description: 'output format (default: table on a terminal, ndjson when piped)',
    choices: FORMATS,
  },
  color: {
    flags: '--no-color',
    description: 'never colour the output (NO_COLOR and FORCE_COLOR are honoured too)',
  },
  dataDir: {
    // Registered by the commands that read imported data (address points, accounts); the
    // embedded locality database is not under it (ADDR_REFERENCE_DB overrides that one).
    flags: '--data-dir <dir>',
    description: 'directory of imported data (default: $ADDR_DATA_DIR, else the platform user data directory)',
  },
  accountsUrl: {
    flags: '--accounts-url <url>',
    description: 'accounts, keys, usage and batch checkpoints in PostgreSQL (postgres://user@host:5432/db; default: $ADDR_ACCOUNTS_URL, else accounts.sqlite in the data directory)',
  },
  failOn: {
    flags: '--fail-on <statuses>',
    description: `exit 1 when any result has one of these statuses (comma-separated: ${FAIL_ON_STATUSES.join(',')}); stderr says which matched, how many`,
    parse: parseFailOn,
  },
  candidates: { flags: '--candidates <n>', description: 'validate: with address points, list up to n other readings (nearest numbers, units, streets)', parse: parseCount },
  account: { flags: '--account <name>', description: 'the account to run as (metered and refused as the API would)' },
  key: { flags: '--key <key>', description: 'run as the account of this API key (or set ADDR_KEY: a key on the command line shows in `ps`)' },
  usageAccount: { flags: '--account <name>', description: 'usage: report on this account only (default: every account)' },
  keysAccount: { flags: '--account <name>', description: 'the account whose keys to create or list' },
  name: { flags: '--name <name>', description: 'name of the new account' },
  plan: { flags: '--plan <plan>', description: 'plan of the account', choices: PLAN_NAMES },
  email: { flags: '--email <address>', description: "the account's email address" },
  emailVerified: { flags: '--email-verified', description: "the account's email is verified (Free Beta needs it to validate)" },
  noEmailVerified: { flags: '--no-email-verified', description: "the account's email is not verified" },
  dailyRows: { flags: '--daily-rows <n>', description: 'Free Beta: rows a day, validations and batch rows together (default 250)', parse: parseCount },
  includedLookups: { flags: '--included-lookups <n>', description: 'production: lookups included per billing period, a UTC calendar month (default 10000)', parse: parseCount },
  overage: { flags: '--overage', description: 'production: keep serving past the included lookups' },
  noOverage: { flags: '--no-overage', description: 'production: refuse past the included lookups (402 lookup_limit_exceeded)' },
  autocomplete: { flags: '--autocomplete', description: "turn autocomplete on for the account, whatever its plan's default" },
  noAutocomplete: { flags: '--no-autocomplete', description: 'turn autocomplete off for the account' },
  suspend: { flags: '--suspend', description: 'suspend the account: everything it asks is refused' },
  activate: { flags: '--activate', description: 'make a suspended account active again' },
  since: { flags: '--since <day>', description: 'usage from this UTC day on (YYYY-MM-DD)', parse: parseDay },
  importFormat: {
    flags: '--input-format <format>',
    description: 'data import: the input format (default: GeoJSON lines by extension or a leading {, else CSV read as NAD or OpenAddresses by its header)',
    choices: ['openaddresses', 'geojson', 'nad'],
  },
  importFormatMoved: {
    flags: '--format <format>',
    description: 'data import: replaced by --input-format',
    hidden: true,
    parse: (): never => {
      throw new InvalidArgumentError('addr data import takes the input format as --input-format (openaddresses, geojson or nad); --format is the output format of the other commands.');
    },
  },
  source: { flags: '--source <name>', description: 'data import: the name of the source (default: the file name without extensions; required with stdin)' },
  complete: { flags: '--complete', description: 'data import: the source holds every address of the ZIPs it has points in (a whole county or state): there a street or number it lacks is not found; without it a source is partial and what it lacks falls back to the locality layer' },
  json: { flags: '--json', description: 'data import: print the summary as a JSON document' },
  output: { flags: '-o, --output <file>', description: 'batch: the output file, or - for stdout (default: IN with .validated before the extension; stdout when IN is -)' },
  batchFormat: { flags: '-f, --format <format>', description: 'batch: the output format (default: the input format, or the extension of -o)', choices: ['csv', 'tsv', 'xlsx'] },
  delimiter: { flags: '--delimiter <char>', description: 'batch: the field delimiter of a CSV input, , ; | or tab (default: the one the header line uses)', parse: parseDelimiter },
  sheet: { flags: '--sheet <name>', description: 'batch: the worksheet of an XLSX input to read (default: the first)' },
  columns: { flags: '--columns <map>', description: 'batch: the address columns, ROLE=HEADER pairs separated by commas (roles: address, line1, line2, city, state, zip), e.g. line1=Street,city=Town' },
  resume: { flags: '--resume', description: 'batch: continue the unfinished run of this input and output from its checkpoint' },
  restart: { flags: '--restart', description: 'batch: discard the unfinished run of this input and output and start over' },
  workers: { flags: '--workers <n>', description: 'batch: worker threads validating rows (default: the number of CPUs)', parse: parsePositive },
  serveWorkers: { flags: '--workers <n>', description: 'serve: processes answering on the port, each with its own engine (default: the number of CPUs with --accounts-url, else 1)', parse: parsePositive },
  aggressive: { flags: '--aggressive', description: 'extract: also report street lines without city, state or ZIP ("1 spiritual healer dr")' },
  reverseLimit: { flags: '--limit <n>', description: 'points to list (default 1, at most 100)', parse: parsePositive },
  autocompleteLimit: { flags: '--limit <n>', description: 'suggestions to list (default 5, at most 20)', parse: parsePositive },
  maxDistance: { flags: '--max-distance <meters>', description: 'reverse: how far a point may be, in meters (default 1000, at most 100000)', parse: parseMeters },
  stateFilter: { flags: '--state <code>', description: 'autocomplete: only suggestions in this state (code or name); data download: every county of this state' },
  county: { flags: '--county <fips>', description: 'data download: counties by their five-digit FIPS codes, separated by commas (30059: Meagher County, MT)', parse: parseFipsList },
  year: { flags: '--year <year>', description: `data download: the TIGER/Line release (default: ${LATEST_TIGER_YEAR}, the latest this version knows)`, parse: parseYear },
  baseUrl: { flags: '--base-url <url>', description: `data download: where the TIGER/Line folders are (default: $ADDR_TIGER_BASE_URL, else ${TIGER_BASE_URL})` },
  details: { flags: '--details <place_id>', description: 'autocomplete: print the full record of a suggestion by its place_id instead of suggesting' },
  port: { flags: '--port <port>', description: '`serve`: TCP port to listen on, 0 for any free port (default 8080)', parse: parsePort },
  host: { flags: '--host <host>', description: '`serve`: address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)' },
  contract: { flags: '--contract <variant>', description: '`serve`: default validate contract, a or b (a request picks one with X-Contract)', choices: ['a', 'b'] },
  logLevel: { flags: '--log-level <level>', description: '`serve`: least severe log line written to stderr (default info)', choices: ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] },
  logBodies: { flags: '--log-bodies', description: '`serve`: also log query strings and request bodies (they hold addresses)' },
  headerTimeout: {
    flags: '--header-timeout <seconds>',
    description: `\`serve\`: a request's headers must arrive within this, else 408 (default ${serverLimits.headersTimeoutMs / 1000})`,
    parse: parseSeconds,
  },
  requestTimeout: {
    flags: '--request-timeout <seconds>',
    description: `\`serve\`: a whole request, body included, must arrive within this, else 408 (default ${serverLimits.requestTimeoutMs / 1000})`,
    parse: parseSeconds,
  },
  keepAliveTimeout: {
    flags: '--keep-alive-timeout <seconds>',
    description: `\`serve\`: an idle kept-alive connection is closed after this (default ${serverLimits.keepAliveTimeoutMs / 1000})`,
    parse: parseSeconds,
  },
  maxConnections: {
    flags: '--max-connections <n>',
    description: `\`serve\`: connections open at once; more are closed as they come (default ${serverLimits.maxConnections})`,
    parse: parsePositive,
  },
  cors: {
    flags: '--cors <origins>',
    description: '`serve`: let browser pages of these origins call the API: comma-separated (https://app.example.com), or * for any (default: none)',
    parse: parseCors,
  },
  spreadsheetRetention: { flags: '--spreadsheet-retention <hours>', description: '`serve`: hours a finished spreadsheet job and its files are kept (default 24)', parse: parsePositive },
  line1: { flags: '--line1 <text>', description: 'structured input: street line' },
  line2: { flags: '--line2 <text>', description: 'structured input: apartment, suite or unit' },
  city: { flags: '--city <text>', description: 'structured input: city' },
  state: { flags: '--state <text>', description: 'structured input: state code or name' },
  zip: { flags: '--zip <text>', description: 'structured input: ZIP or ZIP+4' },
} as const satisfies Record<string, OptionSpec>;

/** The name of a shared flag. */
export type OptionName = keyof typeof OPTIONS;

/** The flags that make up structured input. */
export const STRUCTURED_OPTIONS = ['line1', 'line2', 'city', 'state', 'zip'] as const satisfies readonly OptionName[];

/** Flags every address-reading command takes. */
export const ADDRESS_COMMAND_OPTIONS = ['format', 'color', ...STRUCTURED_OPTIONS] as const satisfies readonly OptionName[];

/** Adds the named shared flags to a command. */
export function addOptions(command: Command, names: readonly OptionName[]): Command {
  for (const name of names) {
    const spec: OptionSpec = OPTIONS[name];
    const option = new Option(spec.flags, spec.description);
    if (spec.choices) option.choices(spec.choices);
    if (spec.parse) option.argParser(spec.parse);
    if (spec.hidden) option.hideHelp();
    command.addOption(option);
  }
  return command;
}

/** Structured-input flags as commander parsed them. */
export type StructuredFlags = { [K in (typeof STRUCTURED_OPTIONS)[number]]?: string };

/** Output flags as commander parsed them. */
export type OutputFlags = {
  format?: Format;
  color: boolean; // false with --no-color
};

/** The flags of `addr normalize`. */
export type NormalizeFlags = StructuredFlags & OutputFlags;

/** The data directory flag as commander parsed it. */
export type DataDirFlags = { dataDir?: string };

/** The flags that pick the account a command runs as. */
export type AccountFlags = { account?: string; key?: string; accountsUrl?: string };

/** The flags of `addr validate`. */
export type ValidateFlags = StructuredFlags & OutputFlags & DataDirFlags & AccountFlags & { failOn?: FailOnStatus[]; candidates?: number };

/** The flags of `addr geocode`. */
export type GeocodeFlags = StructuredFlags & OutputFlags & DataDirFlags;

/** The flags of `addr batch` (src/batch/batch-options.ts). */
export type { BatchFlags } from '../batch/batch-options.js';

/** The flags of `addr extract`. */
export type ExtractFlags = OutputFlags & DataDirFlags & AccountFlags & { aggressive?: boolean };
/** The flags of `addr reverse`. */
export type ReverseFlags = OutputFlags & DataDirFlags & { limit?: number; maxDistance?: number };

/** The flags of `addr autocomplete`. */
export type AutocompleteFlags = OutputFlags & DataDirFlags & AccountFlags & { limit?: number; state?: string; details?: string };
/** The flags of `addr serve`. */
export type ServeFlags = DataDirFlags & {
  accountsUrl?: string;
  workers?: number;
  port?: number;
  host?: string;
  contract?: 'a' | 'b';
  logLevel?: string;
  logBodies?: boolean;
  headerTimeout?: number; // milliseconds (parseSeconds)
  requestTimeout?: number; // milliseconds
  keepAliveTimeout?: number; // milliseconds
  maxConnections?: number;
  cors?: CorsOrigins;
  spreadsheetRetention?: number;
};

/** The settings flags of `addr accounts create` and `addr accounts set`. */
export type AccountSettingsFlags = {
  plan?: PlanName;
  email?: string;
  emailVerified?: boolean;
  dailyRows?: number;
  includedLookups?: number;
  overage?: boolean;
  autocomplete?: boolean;
};

/** The flags of `addr accounts ...`, `addr keys ...` and `addr usage`. */
export type AdminFlags = OutputFlags & DataDirFlags & AccountSettingsFlags & {
  accountsUrl?: string;
  account?: string;
  name?: string;
  suspend?: boolean;
  activate?: boolean;
  since?: string;
};

/** The flags of `addr data import|status|remove` (`inputFormat`: the input format of import; `format`: the output format of status). */
/** Flags of `addr data download`. */
export type DownloadFlags = DataDirFlags & { state?: string; county?: string[]; year?: number; baseUrl?: string; json?: boolean };

export type DataFlags = DataDirFlags & {
  format?: string;
  inputFormat?: string;
  source?: string;
  complete?: boolean;
  json?: boolean;
  color: boolean;
};

/** The structured address the flags give, or null when none of them was used. */
export function structuredFromFlags(flags: StructuredFlags): StructuredAddress | null {
  const used = STRUCTURED_OPTIONS.filter((name) => flags[name] !== undefined);
  if (used.length === 0) return null;
  const address: StructuredAddress = {};
  for (const name of used) address[name] = flags[name];
  return address;
}
