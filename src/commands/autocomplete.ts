/**
 * addr autocomplete QUERY — suggestions as one types, over the imported
 * address points and ranges, else city and ZIP names (core/suggest/suggest.ts); `--details ID`
 * prints the full record of a suggestion instead. Flags, help and examples
 * are registered in program.ts.
 *
 * Each query (or details lookup) is one autocomplete request, metered apart
 * from validation (docs/cli.md, `addr accounts`): against --account/--key, refused as the API
 * would (a Free Beta account gets ADDR_ERR_FEATURE_UNAVAILABLE); otherwise
 * recorded for the local account, never refused. A query that is empty or
 * too long is refused before anything is recorded.
 *
 * json and ndjson write the whole result (one line per query in ndjson);
 * csv and table write one row per suggestion. With "-" (or no argument and
 * stdin piped) one query per line is read, one result per line written.
 */
import { randomUUID } from 'node:crypto';
import { AddrError } from '../core/model/errors.js';
import { checkLimit } from '../core/model/option-bounds.js';
import type { SuggestResult } from '../core/suggest/suggest.js';
import { SUGGEST_LIMITS } from '../core/suggest/suggest.js';
import { openEngine } from '../store/open-engine.js';
import type { OpenedEngine } from '../store/open-engine.js';
import { EXIT_OK } from '../core/model/exit-codes.js';
import { openOutput, readInputs, resolveInputSource } from './io.js';
import type { CommandContext } from './io.js';
import type { AutocompleteFlags } from './options.js';
import { engineLocation } from '../store/data-location.js';
import { createRenderer, defaultFormat, shouldColor } from './render.js';
import type { Column } from './render.js';
import { openValidationMeter } from './validation-meter.js';

const col = (header: string, path: string = header): Column => ({ header, path: path.split('.') });

/** csv and table columns of suggestions: one row each. */
export const SUGGESTION_COLUMNS: readonly Column[] = [
  { header: 'text', path: ['text'], style: () => 'bold' },
  col('kind'),
  col('place_id'),
  col('highlight'),
  col('units'),
  col('source'),
  col('fuzzy'),
  col('query'),
];

/** csv and table columns of a details record. */
export const DETAILS_COLUMNS: readonly Column[] = [
  { header: 'text', path: ['text'], style: () => 'bold' },
  col('kind'),
  col('place_id'),
  ...['line1', 'city', 'state', 'zip5', 'zip4'].map((f) => col(`standardized.${f}`)),
  ...['number', 'number_fraction', 'predir', 'street', 'suffix', 'postdir', 'unit_type', 'unit_number'].map((f) => col(`components.${f}`)),
  col('county'),
  col('county_fips'),
  ...['lat', 'lon', 'quality', 'accuracy_meters'].map((f) => col(`geocode.${f}`)),
  col('units'),
  col('zips'),
  col('points'),
  col('source'),
  col('inferred'),
  col('data_version'),
  col('id'),
];

/** The rows csv and table print for a result: one per suggestion (none when there are none). */
export function suggestionRows(result: SuggestResult): object[] {
  return result.suggestions.map((s) => ({ ...s, source: s.coverage, fuzzy: result.fuzzy, query: result.query.text })); // source: the layer of each suggestion
}

/** Runs `addr autocomplete`; returns the exit code. */
export async function runAutocomplete(args: readonly string[], flags: AutocompleteFlags, ctx: CommandContext): Promise<number> {
  const limit = flags.limit === undefined ? undefined : checkLimit('--limit', flags.limit, SUGGEST_LIMITS.maxLimit);
  if (flags.details !== undefined && args.length > 0) throw new AddrError('ADDR_ERR_USAGE', ['Give a query or --details PLACE_ID, not both.']);
  if (flags.details !== undefined && flags.details.trim() === '') throw new AddrError('ADDR_ERR_INPUT_INVALID', ['--details needs a place_id, as a suggestion gives it.']);
  if (args.length > 0 && !args.includes('-') && args.join(' ').trim() === '') throw new AddrError('ADDR_ERR_INPUT_INVALID', ['The autocomplete query is empty.']);
  const source = flags.details !== undefined ? null : resolveInputSource(args, {}, ctx);
  const meter = await openValidationMeter(flags, ctx, () => new Date(), 'autocomplete');
  let opened: OpenedEngine | null = null;
  const engine = () => (opened ??= openEngine(engineLocation(flags.dataDir, ctx.env))).engine;
  try {
    const format = flags.format ?? defaultFormat(ctx.stdout);
    const tabular = format === 'csv' || format === 'table';
    const color = shouldColor(ctx.stdout, flags.color, ctx.env);
    const out = openOutput(ctx.stdout);
    const call = () => ({ requestId: randomUUID(), startedAt: performance.now(), now: () => performance.now() });
    if (flags.details !== undefined) {
      engine(); // reference data first: missing data records no usage
      const refusal = await meter.admit();
      if (refusal !== null) throw refusal;
      const details = engine().details(flags.details.trim(), call());
      const renderer = createRenderer(out, { format, columns: DETAILS_COLUMNS, many: false, color });
      await renderer.write(details);
      await renderer.end();
      return EXIT_OK;
    }
    const many = source?.kind === 'lines';
    const renderer = createRenderer(out, { format, columns: SUGGESTION_COLUMNS, many: many && !tabular, color });
    for await (const input of readInputs(source as NonNullable<typeof source>)) {
      const query = typeof input === 'string' ? input : '';
      let result: SuggestResult;
      if (query.trim() === '') {
        if (!many) throw new AddrError('ADDR_ERR_INPUT_INVALID', ['The autocomplete query is empty.']);
        // A blank line of a stream still gets its line of output, and costs nothing.
        result = { id: '', query: { text: query, limit: limit ?? SUGGEST_LIMITS.defaultLimit, state: null }, suggestions: [], source: 'none', fuzzy: false, data_version: '', latency_ms: 0 };
      } else {
        if (query.length > SUGGEST_LIMITS.maxQueryLength) throw new AddrError('ADDR_ERR_INPUT_INVALID', [`The autocomplete query is longer than ${SUGGEST_LIMITS.maxQueryLength} characters.`]);
        const e = engine();
        const refusal = await meter.admit();
        if (refusal !== null) {
          await renderer.end();
          throw refusal;
        }
        result = e.suggest(query, { ...call(), ...(limit !== undefined ? { limit } : {}), state: flags.state ?? null });
      }
      for (const row of tabular ? suggestionRows(result) : [result]) {
        if (!(await renderer.write(row))) return EXIT_OK;
      }
    }
    await renderer.end();
    return EXIT_OK;
  } finally {
    await meter.close();
    (opened as OpenedEngine | null)?.close();
  }
}
