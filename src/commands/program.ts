/**
 * The `addr` command line: builds the commander program, registers every
 * command with its flags, help and examples, and maps errors to exit codes
 * ONCE (exit-codes.ts). Command modules are loaded with `await import()` only
 * when run, so `--help` and cold start do not pay for the engine or SQLite.
 *
 * Environment: ADDR_REFERENCE_DB (path of the locality database, read by
 * `validate`), ADDR_KEY (the API key of --key, for the commands that take it,
 * when neither --key nor --account is given), NO_COLOR / FORCE_COLOR (colour
 * of table output), ADDR_DEBUG (print stack traces of internal errors).
 */
import { Command, CommanderError } from 'commander';
import { isAddrError } from '../core/model/errors.js';
import { ENGINE_VERSION } from '../core/model/version.js';
import { EXIT_CODE_HELP, EXIT_OK, REPORT_LINE, exitCodeFor } from '../core/model/exit-codes.js';
import type { CommandContext } from './io.js';
import { engineLocation } from '../store/data-location.js';
import { ADDRESS_COMMAND_OPTIONS, addOptions } from './options.js';
import type { AdminFlags, AutocompleteFlags, BatchFlags, DataFlags, DownloadFlags, ExtractFlags, GeocodeFlags, NormalizeFlags, OptionName, ReverseFlags, ServeFlags, ValidateFlags } from './options.js';

/** One registered command: its help and flags here, its code loaded on demand. */
interface CommandSpec {
  name: string;
  summary: string; // one line for `addr --help`
  examples: readonly string[]; // shown by `addr <command> --help`
  options: readonly OptionName[];
  argument?: { syntax: string; description: string } | null; // default: the address argument; null: none; several: one description line each
  help?: string; // paragraph after the summary in `--help` (default: INPUT_HELP)
  run(args: string[], command: Command, ctx: CommandContext): Promise<number>; // loads and runs the command module
}

/** A command made of subcommands (`addr accounts create`). */
interface GroupSpec {
  name: string;
  summary: string;
  help?: string; // paragraph after the summary (default: ACCOUNTS_HELP)
  subcommands: readonly CommandSpec[];
}

// One paragraph: commander wraps it to the terminal width.
const INPUT_HELP = 'Input: the arguments joined are one address. With "-", or no argument and stdin piped, '
  + 'one address per line is read from stdin and one result per line is written, in order. '
  + 'With --account or --key (or the key in $ADDR_KEY) each address counts against that account and is refused as the API would refuse it; '
  + 'without them the built-in local account, on the plan `addr accounts set local` gives it (unlimited by default: never refused).';

const GEOCODE_HELP = 'Input: the arguments joined are one address. With "-", or no argument and stdin piped, '
  + 'one address per line is read from stdin and one result per line is written, in order. '
  + 'Address points imported with `addr data import` are opened from the data directory (--data-dir, else $ADDR_DATA_DIR); '
  + 'geocode.quality says what the position is: ROOFTOP (an address point, 10 m), STREET (interpolated between the '
  + 'neighbouring numbers of the same side, 50 m, else the street centre, 500 m), ZIP_CENTROID (5 km; more where several ZIPs '
  + 'share one point, which is then the city\'s) or CITY_CENTROID (10 km). Each result has its time zone: IANA name, UTC offset '
  + 'and daylight saving time at the time of the request.';

const BATCH_HELP = 'Every input column is kept, in order, and these columns are appended: addr_status (VALIDATED, CORRECTED, PARTIAL, NOT_FOUND, '
  + 'or ERROR for a row that could not be read), addr_confidence, addr_line1, addr_line2, addr_city, addr_state, addr_zip5, addr_zip4, '
  + 'addr_county, addr_county_fips, addr_lat, addr_lon, addr_geocode_quality, addr_timezone (IANA name), addr_utc_offset (hours, at the time of the run), addr_dst (true or false), addr_deliverability, addr_match_code, addr_reason_codes '
  + '(separated by ;) and addr_changes (addr2_... when the input already has such columns). '
  + 'The address columns are found from the header (address, street/line1/address1, line2/apt/suite/unit, city/town, state/st/province, '
  + 'zip/zip code/postal code/postcode, any case or punctuation) or given with --columns. ZIPs a spreadsheet turned into numbers '
  + '(2108, 21081234, 2108.0) are restored when the row\'s state confirms them (reason code ZIP_REPAIRED). '
  + 'XLSX: the first worksheet or --sheet NAME; cells keep their types (numbers, dates, text) in an XLSX output, which is built from a '
  + 'journal of worksheet rows, OUT.partial.xml, at the end. On a terminal a spinner shows rows done, rows/s and the time left; a summary is always printed. '
  + 'Output goes to OUT.partial and is renamed to OUT when complete (a symbolic link is written through; a folder, device, FIFO or socket is refused: -o - is stdout). Each row counts against the account (--account, --key, '
  + 'else the local account, on the plan `addr accounts set local` gives it); when the allowance runs out, the allowed rows are written, '
  + 'the rest are reported with the input line they start at (exit 3), and --resume continues there. An interrupted run (Ctrl-C, kill) '
  + 'keeps a checkpoint in accounts.sqlite in the data directory: --resume finishes it with every row written once.';

const EXTRACT_HELP = 'Input: FILE, or stdin with "-" (or no argument when stdin is piped): plain text or HTML (detected from its first bytes; '
  + 'tags dropped, entities decoded, block elements read as line breaks, script and style skipped). Plain text is streamed in bounded memory. '
  + 'Each address found is written with its exact text, start and end (character offsets into the input as a JavaScript string, '
  + 'UTF-16 code units, end exclusive; into the HTML itself for HTML), line number and validation result. '
  + 'An address ends at a state and is kept when the ZIP or the city confirms the state; --aggressive also reports street lines alone. '
  + 'Each address found counts as one validation: with --account or --key against that account, refused as the API would refuse it; '
  + 'without them the built-in local account, on the plan `addr accounts set local` gives it (unlimited by default: never refused).';

const ACCOUNTS_HELP = 'Accounts, keys and usage live in accounts.sqlite in the data directory: --data-dir, else $ADDR_DATA_DIR, '
  + 'else $XDG_DATA_HOME/addr or ~/.local/share/addr (Linux), ~/Library/Application Support/addr (macOS), %APPDATA%/addr (Windows); '
  + 'or in PostgreSQL with --accounts-url postgres://… (or $ADDR_ACCOUNTS_URL), shared by several addr serve instances (docs/deployment.md). '
  + 'Days are UTC; a Free Beta allowance resets at midnight UTC, a production billing period is the UTC calendar month.';

const DATA_HELP = 'Address points live in points.sqlite in the data directory: --data-dir, else $ADDR_DATA_DIR, '
  + 'else $XDG_DATA_HOME/addr or ~/.local/share/addr (Linux), ~/Library/Application Support/addr (macOS), %APPDATA%/addr (Windows). '
  + 'validate opens them from there by itself. An import replaces its source whole, in one transaction: interrupted, it leaves the data as it was. '
  + 'TIGER/Line ADDRFEAT files (the Census Bureau\'s address ranges, one zip per county) go to ranges.sqlite beside them, one source per file: '
  + 'validation then checks the street and the house number\'s range where no points cover the area.';
const SERVE_HELP = 'Every endpoint but GET /healthz and GET /openapi.json needs Authorization: Bearer <key> (make one with `addr keys create`); '
  + 'accounts, plans and usage are those of accounts.sqlite in the data directory, shared with the CLI, or of the PostgreSQL database of '
  + '--accounts-url (or $ADDR_ACCOUNTS_URL) that several instances share. --workers N runs N processes on the port, each with its own engine '
  + '(default: one per CPU); /healthz reports how many run, and a worker that dies is replaced (docs/deployment.md). '
  + 'Endpoints: POST and GET /v1/validate, POST /v1/normalize, POST /v1/geocode, POST /v1/reverse, GET /v1/autocomplete, '
  + 'GET /api/autocomplete/v1/suggest and /details, POST /v1/addresses/extract, spreadsheet jobs (POST /v1/spreadsheets with a CSV, TSV or XLSX file; '
  + 'GET and DELETE /v1/spreadsheets/{id}, GET .../result), GET /v1/account, GET /healthz, GET /openapi.json (the full description); the web console at /. '
  + 'Spreadsheet jobs run as addr batch does, metered as batch rows; those running when the server stops resume when it starts again. '
  + 'The address points imported into the data directory (addr data import) serve validation, geocoding, reverse and autocomplete. '
  + 'Autocomplete is metered apart from validation and refused on Free Beta (403 feature_unavailable); extraction counts one validation per address found. '
  + 'Errors are {error, message, request_id}; checks run in this order: key (401), account suspended or email unverified (403), '
  + 'feature on the plan (403), request shape (400, 413, 415), quota (429, 402), engine (502, or 500 for autocomplete). '
  + 'A request whose headers or body stall is answered 408 (--header-timeout, --request-timeout); requests the HTTP parser refuses, 400; headers over 16 KiB, 431. '
  + 'The URL listened on is printed on stdout (with --port 0, the port chosen). '
  + 'Logs: JSON lines on stderr, one per request, without keys or addresses (--log-bodies adds them). '
  + 'SIGTERM or SIGINT stops accepting connections, lets in-flight requests finish and exits 0.';

const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'normalize',
    summary: 'parse and standardize addresses (USPS Publication 28) without validating them',
    examples: [
      'addr normalize "1005 n gravenstein highway suite 500 sebastopol ca 95472"',
      'addr normalize --line1 "123 main street apt 4" --city springfield --state il',
      'addr normalize - < addresses.txt > normalized.ndjson',
    ],
    options: ADDRESS_COMMAND_OPTIONS,
    run: async (args, command, ctx) => (await import('./normalize.js')).runNormalize(args, command.opts<NormalizeFlags>(), ctx),
  },
  {
    name: 'validate',
    summary: 'validate, correct and complete addresses against the embedded ZIP reference and imported address points',
    examples: [
      'addr validate "1600 pennsylvania av nw washington dc"',
      'addr validate --line1 "1 infinite loop" --city cupertino --state ca --format json',
      'addr validate --fail-on PARTIAL,NOT_FOUND - < addresses.txt > results.ndjson',
    ],
    options: [...ADDRESS_COMMAND_OPTIONS, 'failOn', 'candidates', 'account', 'key', 'dataDir', 'accountsUrl'],
    run: async (args, command, ctx) => (await import('./validate.js')).runValidate(args, command.opts<ValidateFlags>(), ctx),
  },
  {
    name: 'geocode',
    summary: 'geocode addresses: ROOFTOP from imported address points, else STREET, else the ZIP or city centroid',
    help: GEOCODE_HELP,
    examples: [
      'addr geocode "1400 abercrombie dr kodiak ak"',
      'addr geocode --line1 "100 bodega ave" --city sebastopol --state ca --format json',
      'addr geocode - < addresses.txt > points.ndjson',
    ],
    options: [...ADDRESS_COMMAND_OPTIONS, 'dataDir'],
    run: async (args, command, ctx) => (await import('./geocode.js')).runGeocode(args, command.opts<GeocodeFlags>(), ctx),
  },
  {
    name: 'batch',
    summary: 'validate every row of a CSV, TSV or XLSX file and write it back with result columns appended',
    examples: [
      'addr batch customers.csv                      # writes customers.validated.csv',
      'addr batch leads.xlsx --sheet Leads -o leads-checked.xlsx --account acme',
      'addr batch export.tsv --columns line1=Street,city=Town,zip=Postcode -o - > checked.tsv',
      'addr batch customers.csv --resume             # finish a run that was interrupted or stopped by the allowance',
    ],
    options: ['output', 'batchFormat', 'delimiter', 'sheet', 'columns', 'resume', 'restart', 'workers', 'account', 'key', 'dataDir', 'accountsUrl'],
    argument: { syntax: '<file>', description: 'the CSV, TSV or XLSX file, or - to read CSV/TSV from stdin' },
    help: BATCH_HELP,
    run: async (args, command, ctx) => {
      const flags = command.opts<BatchFlags>();
      // The workers start loading the engine while the rest of the command loads (batch-pool.ts).
      const pool = (await import('../batch/batch-pool.js')).startBatchPool(flags.workers, engineLocation(flags.dataDir, ctx.env));
      return (await import('../batch/run-batch.js')).runBatch(args, flags, ctx, pool);
    },
  },
  {
    name: 'extract',
    summary: 'find and validate every U.S. address in a text or HTML document, with exact offsets',
    examples: [
      'addr extract notes.txt',
      'cat page.html | addr extract - --format json',
      'addr extract --aggressive --format csv mail.txt > addresses.csv',
    ],
    options: ['format', 'color', 'aggressive', 'account', 'key', 'dataDir', 'accountsUrl'],
    argument: { syntax: '[file]', description: 'the text or HTML file, or "-" for stdin' },
    help: EXTRACT_HELP,
    run: async (args, command, ctx) => (await import('./extract.js')).runExtract(args, command.opts<ExtractFlags>(), ctx),
  },
  {
    name: 'reverse',
    summary: 'the address points nearest a position, with their distance; without coverage, the nearest ZIP and city',
    examples: [
      'addr reverse 38.4021 -122.8287',
      'addr reverse 57.7900 -152.4072 --limit 5 --max-distance 250 --format json',
    ],
    options: ['reverseLimit', 'maxDistance', 'dataDir', 'format', 'color'],
    argument: { syntax: '<lat> <lon>', description: 'latitude in decimal degrees, -90 to 90\nlongitude in decimal degrees, -180 to 180 (a negative one needs no quoting)' },
    help: 'Searches the imported address points (addr data import) in points.sqlite of the data directory. '
      + 'Without a point within --max-distance, the nearest edges of imported TIGER/Line ranges give interpolated numbers (coverage "address_ranges"). '
      + 'Without either within --max-distance (default 1000 m), the result has coverage "locality" and the nearest ZIP centroid with its city and distance; '
      + 'coverage "none" when no U.S. ZIP centroid lies within 250 km. json and ndjson print the whole result, csv and table one row per point.',
    run: async (args, command, ctx) => (await import('./reverse.js')).runReverse(args, command.opts<ReverseFlags>(), ctx),
  },
  {
    name: 'autocomplete',
    summary: 'suggest addresses as one types, from the imported address points and ranges (else city and ZIP names); details by place_id',
    examples: [
      'addr autocomplete "1400 abercr"',
      'addr autocomplete "1400 abercrombie dr apt 2" --state AK --limit 3 --format json',
      'addr autocomplete sebas',
      'addr autocomplete --details pt_3mWq0x9Zb1cYl2Ke',
    ],
    options: ['autocompleteLimit', 'stateFilter', 'details', 'account', 'key', 'dataDir', 'accountsUrl', 'format', 'color'],
    argument: { syntax: '[query...]', description: 'what has been typed so far (the words are joined); "-" reads one query per line from stdin' },
    help: 'Suggestions come from the imported address points (addr data import): buildings for "NUMBER STREET...", streets for a name alone, '
      + 'one suggestion per building unless a unit is typed ("1400 abercrombie dr apt 2"). Where the points do not fill the answer, imported TIGER/Line ranges '
      + 'add their streets, and the number typed on each street whose range holds it (kind interpolated). When nothing matches and no house number was typed, '
      + 'cities ("sebas") and ZIPs ("9547") of the locality layer. A misspelled street name is tried when nothing matches as typed. '
      + 'Each suggestion has text, highlight (the matched part of text), highlight_ranges, place_id (stable across re-imports), kind and coverage (its layer); '
      + '--details PLACE_ID prints the full record. Each query or details lookup counts as one autocomplete request, metered apart from validation: '
      + 'it is refused as the API would (Free Beta: not on the plan) for the account of --account or --key, else for the local account (unlimited by default).',
    run: async (args, command, ctx) => (await import('./autocomplete.js')).runAutocomplete(args, command.opts<AutocompleteFlags>(), ctx),
  },
  {
    name: 'serve',
    summary: 'serve the JSON REST API (both contract variants) with API keys, plans and quotas',
    examples: [
      'addr serve --port 8080',
      'addr serve --host 0.0.0.0 --port 8080 --contract b --data-dir /var/lib/addr',
      'addr serve --workers 4 --accounts-url postgres://addr@db.internal:5432/addr',
      'curl -s -H "Authorization: Bearer $ADDR_KEY" -H "Content-Type: application/json" -d \'{"input":"1600 pennsylvania av nw washington dc"}\' http://127.0.0.1:8080/v1/validate',
    ],
    options: ['port', 'host', 'contract', 'serveWorkers', 'dataDir', 'accountsUrl', 'logLevel', 'logBodies', 'headerTimeout', 'requestTimeout', 'keepAliveTimeout', 'maxConnections', 'cors', 'spreadsheetRetention'],
    argument: null,
    help: SERVE_HELP,
    run: async (_args, command, ctx) => (await import('./serve.js')).runServe(command.opts<ServeFlags>(), ctx),
  },
  {
    name: 'usage',
    summary: 'show metered usage (validations, batch rows, autocomplete) by account and UTC day',
    examples: ['addr usage', 'addr usage --account acme --since 2026-03-01 --format csv'],
    options: ['usageAccount', 'since', 'dataDir', 'accountsUrl', 'format', 'color'],
    argument: null,
    help: ACCOUNTS_HELP,
    run: async (_args, command, ctx) => (await import('./usage.js')).runUsage(command.opts<AdminFlags>(), ctx),
  },
];

const ACCOUNT_SETTINGS: readonly OptionName[] = [
  'plan', 'email', 'emailVerified', 'noEmailVerified', 'dailyRows', 'includedLookups', 'overage', 'noOverage', 'autocomplete', 'noAutocomplete',
];
const ADMIN_OUTPUT: readonly OptionName[] = ['dataDir', 'format', 'color'];
const ACCOUNTS_OUTPUT: readonly OptionName[] = ['dataDir', 'accountsUrl', 'format', 'color'];
const NAME_ARGUMENT = { syntax: '<name>', description: 'the account name' };

const GROUPS: readonly GroupSpec[] = [
  {
    name: 'data',
    summary: 'import, list and remove address-point sources (OpenAddresses, NAD) and address ranges (TIGER/Line ADDRFEAT)',
    help: DATA_HELP,
    subcommands: [
      {
        name: 'import',
        summary: 'import address-point files (OpenAddresses CSV or GeoJSON lines, NAD text; .gz too), or TIGER/Line ADDRFEAT address ranges (.zip, .shp, or a folder), each file a source',
        examples: [
          'addr data import us-ak-kodiak.csv',
          'addr data import us-ak-kodiak.csv us-pa-bucks.geojson.gz',
          'addr data import tl_2021_30059_addrfeat.zip',
          'addr data import tiger/ tl_2024_06001_addrfeat.zip',
          'addr data import https://example.org/us-mt-statewide.csv.gz',
          'addr data import bucks.geojson.gz --source bucks',
          'addr data import - --input-format nad --source ar-nad < NAD_r4.txt',
          'addr data import us-ak-kodiak.csv --complete',
        ],
        options: ['importFormat', 'importFormatMoved', 'source', 'complete', 'json', 'dataDir'],
        argument: { syntax: '<file...>', description: 'the files to import (each checked before the first is imported), or - for stdin alone, or http(s) URLs (downloaded into the cache first); points and ranges in separate commands' },
        run: async (args, command, ctx) => (await import('./data.js')).runDataImport(args, command.opts<DataFlags>(), ctx),
      },
      {
        name: 'download',
        summary: "download the Census Bureau's TIGER/Line ADDRFEAT address ranges of a state or counties, then import them",
        examples: [
          'addr data download --county 30059',
          'addr data download --state MT --year 2024',
          'ADDR_TIGER_BASE_URL=http://mirror.example/tiger addr data download --state RI',
        ],
        options: ['stateFilter', 'county', 'year', 'baseUrl', 'json', 'dataDir'],
        argument: null,
        run: async (_args, command, ctx) => (await import('./data-download.js')).runDataDownload(command.opts<DownloadFlags>(), ctx),
      },
      {
        name: 'status',
        summary: 'list the imported sources: rows, skipped, inferred, states, ZIPs, import date',
        examples: ['addr data status', 'addr data status --format json'],
        options: ADMIN_OUTPUT,
        argument: null,
        run: async (_args, command, ctx) => (await import('./data.js')).runDataStatus(command.opts<DataFlags>(), ctx),
      },
      {
        name: 'remove',
        summary: 'remove an imported source and its points or ranges',
        examples: ['addr data remove us-ak-kodiak'],
        options: ['dataDir'],
        argument: { syntax: '<source>', description: 'the source name `addr data status` shows' },
        run: async (args, command, ctx) => (await import('./data.js')).runDataRemove(args[0] ?? '', command.opts<DataFlags>(), ctx),
      },
    ],
  },
  {
    name: 'accounts',
    summary: 'create, list, show and change accounts (plans, allowances, email verification, suspension)',
    subcommands: [
      {
        name: 'create',
        summary: 'create an account on a plan',
        examples: [
          'addr accounts create --name acme --plan free_beta --email ops@acme.test --email-verified',
          'addr accounts create --name bigco --plan production --included-lookups 50000 --no-overage',
        ],
        options: ['name', ...ACCOUNT_SETTINGS, ...ACCOUNTS_OUTPUT],
        argument: null,
        run: async (_args, command, ctx) => (await import('./accounts.js')).runAccountsCreate(command.opts<AdminFlags>(), ctx),
      },
      {
        name: 'list',
        summary: 'list the accounts with their plan, allowance and usage in the current window',
        examples: ['addr accounts list', 'addr accounts list --format csv'],
        options: ACCOUNTS_OUTPUT,
        argument: null,
        run: async (_args, command, ctx) => (await import('./accounts.js')).runAccountsList(command.opts<AdminFlags>(), ctx),
      },
      {
        name: 'show',
        summary: 'show one account',
        examples: ['addr accounts show acme', 'addr accounts show local --format json'],
        options: ACCOUNTS_OUTPUT,
        argument: NAME_ARGUMENT,
        run: async (args, command, ctx) => (await import('./accounts.js')).runAccountsShow(args[0] ?? '', command.opts<AdminFlags>(), ctx),
      },
      {
        name: 'set',
        summary: "change an account's plan, allowances, flags or state",
        examples: [
          'addr accounts set acme --email-verified --daily-rows 1000',
          'addr accounts set acme --plan production --included-lookups 10000 --overage',
          'addr accounts set acme --suspend',
        ],
        options: [...ACCOUNT_SETTINGS, 'suspend', 'activate', ...ACCOUNTS_OUTPUT],
        argument: NAME_ARGUMENT,
        run: async (args, command, ctx) => (await import('./accounts.js')).runAccountsSet(args[0] ?? '', command.opts<AdminFlags>(), ctx),
      },
    ],
  },
  {
    name: 'keys',
    summary: 'create, list and revoke API keys',
    subcommands: [
      {
        name: 'create',
        summary: 'create an API key for an account; the key is printed once and only its hash is kept',
        examples: ['addr keys create --account acme'],
        options: ['keysAccount', ...ACCOUNTS_OUTPUT],
        argument: null,
        run: async (_args, command, ctx) => (await import('./keys.js')).runKeysCreate(command.opts<AdminFlags>(), ctx),
      },
      {
        name: 'list',
        summary: 'list keys by prefix: account, created, last used, status',
        examples: ['addr keys list', 'addr keys list --account acme'],
        options: ['keysAccount', ...ACCOUNTS_OUTPUT],
        argument: null,
        run: async (_args, command, ctx) => (await import('./keys.js')).runKeysList(command.opts<AdminFlags>(), ctx),
      },
      {
        name: 'revoke',
        summary: 'revoke a key by its prefix',
        examples: ['addr keys revoke addr_AbCd1234'],
        options: ACCOUNTS_OUTPUT,
        argument: { syntax: '<prefix>', description: 'the key prefix `addr keys list` shows' },
        run: async (args, command, ctx) => (await import('./keys.js')).runKeysRevoke(args[0] ?? '', command.opts<AdminFlags>(), ctx),
      },
    ],
  },
];

/** Adds one command (flags, help, action) to a parent command. */
function registerCommand(parent: Command, spec: CommandSpec, ctx: CommandContext, setExitCode: (code: number) => void): void {
  const argument = spec.argument === undefined ? { syntax: '[address...]', description: 'the address, or "-" to read one per line from stdin' } : spec.argument;
  const command = parent
    .command(spec.name)
    .summary(spec.summary)
    .description(`${spec.summary[0]?.toUpperCase() ?? ''}${spec.summary.slice(1)}.\n\n${spec.help ?? INPUT_HELP}`)
    .addHelpText('after', `\nExamples:\n${spec.examples.map((e) => `  $ ${e}`).join('\n')}\n\n${EXIT_CODE_HELP}\n`);
  if (argument !== null) {
    // Several arguments ('<lat> <lon>') take one line of the description each.
    const descriptions = argument.description.split('\n');
    argument.syntax.split(' ').forEach((syntax, i) => command.argument(syntax, descriptions[i] ?? ''));
  }
  addOptions(command, spec.options);
  command.action(async (...params: unknown[]) => {
    const cmd = params[params.length - 1] as Command;
    // ADDR_KEY stands for --key (a key on the command line shows in `ps`); --key or --account given win over it.
    const envKey = ctx.env.ADDR_KEY;
    if (spec.options.includes('key') && envKey !== undefined && envKey !== '' && cmd.getOptionValue('key') === undefined && cmd.getOptionValue('account') === undefined) {
      cmd.setOptionValue('key', envKey);
    }
    const args = (cmd.processedArgs as unknown[]).flat().filter((a): a is string => typeof a === 'string');
    setExitCode(await spec.run(args, cmd, ctx));
  });
}

/** Builds the program; `setExitCode` receives the exit code of the command that ran. */
export function buildProgram(ctx: CommandContext, setExitCode: (code: number) => void): Command {
  const program = new Command();
  program
    .name('addr')
    .description('Validate, standardize and classify U.S. addresses, offline.')
    .version(ENGINE_VERSION, '-V, --version')
    // Settings made before .command() are inherited by every command.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.stdout.write(text),
      writeErr: (text) => ctx.stderr.write(text),
    })
    .addHelpText('after', `\n${EXIT_CODE_HELP}\n`);
  for (const spec of COMMANDS) registerCommand(program, spec, ctx, setExitCode);
  for (const group of GROUPS) {
    const command = program.command(group.name).summary(group.summary)
      .description(`${group.summary[0]?.toUpperCase() ?? ''}${group.summary.slice(1)}.\n\n${group.help ?? ACCOUNTS_HELP}`);
    for (const spec of group.subcommands) registerCommand(command, { ...spec, help: spec.help ?? group.help ?? ACCOUNTS_HELP }, ctx, setExitCode);
  }
  return program;
}

/** Prints an error once and returns its exit code. */
function reportError(err: unknown, ctx: CommandContext): number {
  if (err instanceof CommanderError) {
    // Commander has already printed its message; help and version requests are successes.
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0) return EXIT_OK;
    return exitCodeFor('usage');
  }
  if (isAddrError(err) && err.kind !== 'internal') {
    ctx.stderr.write(`error: ${err.message}\n`);
    return exitCodeFor(err.kind);
  }
  const message = err instanceof Error ? err.message : String(err);
  ctx.stderr.write(`error: internal: ${message}\n`);
  if (ctx.env.ADDR_DEBUG && err instanceof Error && err.stack) ctx.stderr.write(`${err.stack}\n`);
  ctx.stderr.write(`${REPORT_LINE}\n`);
  return exitCodeFor('internal');
}

/** The real process streams and environment. */
export function processContext(): CommandContext {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };
}

/** Runs the CLI with `argv` (as process.argv: node, script, ...args) and returns the exit code. */
export async function main(argv: readonly string[], ctx: CommandContext = processContext()): Promise<number> {
  let exitCode = EXIT_OK;
  try {
    await buildProgram(ctx, (code) => {
      exitCode = code;
    }).parseAsync([...argv]);
    return exitCode;
  } catch (err) {
    return reportError(err, ctx);
  }
}
