/** Writes a list (or one) of plain records in the run's format: what the account, key and usage commands print. */
import { openOutput } from './io.js';
import type { CommandContext } from './io.js';
import type { OutputFlags } from './options.js';
import { createRenderer, defaultFormat, shouldColor } from './render.js';
import type { Column } from './render.js';

/** Columns for records whose fields are flat, in the order given. */
export function recordColumns(fields: readonly string[]): Column[] {
  return fields.map((field) => ({ header: field, path: [field] }));
}

/** Writes records; `many` false writes one object as a json document instead of an array. */
export async function writeRecords(ctx: CommandContext, flags: OutputFlags, fields: readonly string[], records: readonly object[], many = true): Promise<void> {
  const renderer = createRenderer(openOutput(ctx.stdout), {
    format: flags.format ?? defaultFormat(ctx.stdout),
    columns: recordColumns(fields),
    many,
    color: shouldColor(ctx.stdout, flags.color, ctx.env),
  });
  for (const record of records) if (!(await renderer.write(record))) return;
  await renderer.end();
}
