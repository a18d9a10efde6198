/**
 * addr geocode [ADDRESS...] — a point for each address (docs/validation.md): ROOFTOP
 * from an imported address point, else STREET (interpolated on the street, or
 * its centre), else the ZIP or city centroid. Same input forms as validate;
 * flags, help and examples are registered in program.ts. Address points are
 * opened from the data directory when it holds them.
 */
import { randomUUID } from 'node:crypto';
import { openEngine } from '../store/open-engine.js';
import type { OpenedEngine } from '../store/open-engine.js';
import { EXIT_OK } from '../core/model/exit-codes.js';
import { openOutput, readInputs, resolveInputSource } from './io.js';
import type { CommandContext } from './io.js';
import type { GeocodeFlags } from './options.js';
import { engineLocation } from '../store/data-location.js';
import { createRenderer, defaultFormat, shouldColor } from './render.js';
import { GEOCODE_COLUMNS } from './result-columns.js';

/** Runs `addr geocode`; returns the exit code. */
export async function runGeocode(args: readonly string[], flags: GeocodeFlags, ctx: CommandContext): Promise<number> {
  const source = resolveInputSource(args, flags, ctx);
  const format = flags.format ?? defaultFormat(ctx.stdout);
  const color = shouldColor(ctx.stdout, flags.color, ctx.env);
  if (source.kind === 'lines') {
    // Many lines: batched writes, and worker threads for a long input (line-run.ts).
    // Loaded for a run over lines only: a single address starts without the pool, the compiled
    // serializers and the API's schemas (cold start, docs/performance.md).
    const { runLines } = await import('./line-run.js');
    await runLines(source.stream, {
      setup: { command: 'geocode', render: { format, many: true, color } },
      location: () => engineLocation(flags.dataDir, ctx.env),
      stdout: ctx.stdout,
    });
    return EXIT_OK;
  }
  let opened: OpenedEngine | null = null;
  try {
    // One result or a few: JSON.stringify, the same text (the compiled serializer pays off over many lines).
    const renderer = createRenderer(openOutput(ctx.stdout), { format, columns: GEOCODE_COLUMNS, many: false, color });
    for await (const input of readInputs(source)) {
      opened ??= openEngine(engineLocation(flags.dataDir, ctx.env));
      const result = opened.engine.geocode(input, { requestId: randomUUID(), startedAt: performance.now(), now: () => performance.now() });
      if (!(await renderer.write(result))) return EXIT_OK;
    }
    await renderer.end();
    return EXIT_OK;
  } finally {
    opened?.close();
  }
}
