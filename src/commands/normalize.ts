/**
 * addr normalize [ADDRESS...] — parse and standardize addresses (USPS Publication 28)
 * without validating them; uses the locality database as a gazetteer when present, needs none. Its flags, help text and
 * examples are registered in program.ts, so `--help` does not load the engine.
 */
import { normalize } from '../core/normalize.js';
import type { NormalizeResult, ParsedAddress } from '../core/types.js';
import { EXIT_OK } from './exit-codes.js';
import { openGazetteer } from './reference-db.js';
import { openOutput, readInputs, resolveInputSource } from './io.js';
import type { CommandContext } from './io.js';
import type { NormalizeFlags } from './options.js';
import { createRenderer, defaultFormat, shouldColor } from './render.js';
import type { Column } from './render.js';

const COMPONENT_NAMES = [
  'number', 'number_fraction', 'predir', 'street', 'suffix', 'postdir', 'unit_type', 'unit_number',
  'po_box', 'rural_route', 'box', 'box_group_type', 'urbanization', 'city', 'state', 'zip5', 'zip4',
] as const;

/** csv and table columns of a normalize result: components flattened beside the lines. */
export const NORMALIZE_COLUMNS: readonly Column[] = [
  { header: 'input', path: ['input'] },
  { header: 'delivery_line', path: ['delivery_line'], style: () => 'bold' },
  { header: 'last_line', path: ['last_line'], style: () => 'bold' },
  ...COMPONENT_NAMES.map((name): Column => ({ header: name, path: ['components', name] })),
  ...(['predir', 'street', 'suffix', 'postdir'] as const).map((name): Column => ({ header: `cross_street.${name}`, path: ['components', 'cross_street', name] })),
  { header: 'unparsed', path: ['unparsed'], style: () => 'yellow' },
];

/** The printed shape (DESIGN.md §2): the parser's extra fields dropped, components in a fixed order. */
export function toNormalizeResult(parsed: ParsedAddress): NormalizeResult {
  const { input, components, delivery_line, last_line, unparsed } = parsed;
  return { input, components, delivery_line, last_line, unparsed };
}

/** Runs `addr normalize`; returns the exit code. */
export async function runNormalize(args: readonly string[], flags: NormalizeFlags, ctx: CommandContext): Promise<number> {
  const source = resolveInputSource(args, flags, ctx);
  const out = openOutput(ctx.stdout);
  const renderer = createRenderer(out, {
    format: flags.format ?? defaultFormat(ctx.stdout),
    columns: NORMALIZE_COLUMNS,
    many: source.kind === 'lines',
    color: shouldColor(ctx.stdout, flags.color, ctx.env),
  });
  // The gazetteer helps split street from city when commas are missing; opened once per run.
  const places = openGazetteer(ctx.env);
  for await (const input of readInputs(source)) {
    if (!(await renderer.write(toNormalizeResult(normalize(input, { places }))))) return EXIT_OK; // reader gone: quiet success
  }
  await renderer.end();
  return EXIT_OK;
}
