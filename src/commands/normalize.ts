/**
 * addr normalize [ADDRESS...] — parse and standardize addresses (USPS Publication 28)
 * without validating them: the engine's normalize, whose gazetteer is the locality database
 * when present (it needs none). Its flags, help text and
 * examples are registered in program.ts, so `--help` does not load the engine.
 */
import { toNormalizeResult } from '../core/views/normalize-result.js';
import { resolveReferenceDbPath } from '../store/data-location.js';
import { lazyEngine } from '../store/lazy-engine.js';
import { EXIT_OK } from '../core/model/exit-codes.js';
import { openOutput, readInputs, resolveInputSource } from './io.js';
import type { CommandContext } from './io.js';
import type { NormalizeFlags } from './options.js';
import { createRenderer, defaultFormat, shouldColor } from './render.js';
import { NORMALIZE_COLUMNS } from './result-columns.js';

/** Runs `addr normalize`; returns the exit code. */
export async function runNormalize(args: readonly string[], flags: NormalizeFlags, ctx: CommandContext): Promise<number> {
  const source = resolveInputSource(args, flags, ctx);
  const format = flags.format ?? defaultFormat(ctx.stdout);
  const color = shouldColor(ctx.stdout, flags.color, ctx.env);
  if (source.kind === 'lines') {
    // Many lines: batched writes, and worker threads for a long input (line-run.ts).
    // Loaded for a run over lines only: a single address starts without the pool, the compiled
    // serializers and the API's schemas (cold start, docs/performance.md).
    const { runLines } = await import('./line-run.js');
    await runLines(source.stream, {
      setup: { command: 'normalize', render: { format, many: true, color } },
      location: () => ({ referenceDbPath: resolveReferenceDbPath(ctx.env) }),
      stdout: ctx.stdout,
    });
    return EXIT_OK;
  }
  const out = openOutput(ctx.stdout);
  // One result or a few: JSON.stringify, the same text (the compiled serializer pays off over many lines).
  const renderer = createRenderer(out, { format, columns: NORMALIZE_COLUMNS, many: false, color });
  // The engine's gazetteer helps split street from city when commas are missing. normalize reads
  // no address points, so no data directory is opened; without the locality database it still
  // answers (store/lazy-engine.ts).
  const engine = lazyEngine(() => ({ referenceDbPath: resolveReferenceDbPath(ctx.env) }));
  try {
    for await (const input of readInputs(source)) {
      if (!(await renderer.write(toNormalizeResult(engine.normalize(input))))) return EXIT_OK; // reader gone: quiet success
    }
    await renderer.end();
    return EXIT_OK;
  } finally {
    engine.close();
  }
}
