/**
 * addr validate [ADDRESS...] — validate, correct and complete addresses at the
 * locality layer (docs/validation.md). Flags, help and examples are registered in
 * program.ts, so `--help` does not load the engine or SQLite.

 * Where the data is comes from store/data-location.ts (ADDR_REFERENCE_DB, --data-dir).
 * Each address is metered (validation-meter.ts): against --account/--key, refused
 * as the API would; otherwise recorded for the local account, never refused.
 */
import { randomUUID } from 'node:crypto';
import type { ValidationResult } from '../core/model/validation-result.js';
import { openEngine } from '../store/open-engine.js';
import type { OpenedEngine } from '../store/open-engine.js';
import { EXIT_FAIL_ON, EXIT_OK } from '../core/model/exit-codes.js';
import { engineLocation } from '../store/data-location.js';
import { openOutput, readInputs, resolveInputSource } from './io.js';
import type { CommandContext } from './io.js';
import type { ValidateFlags } from './options.js';
import { createRenderer, defaultFormat, shouldColor } from './render.js';
import { openValidationMeter } from './validation-meter.js';
import type { ValidationMeter } from './validation-meter.js';
import { VALIDATE_COLUMNS } from './result-columns.js';

/** The line that says why --fail-on made the run exit 1: each status matched and how many results had it. */
export function failOnReport(matched: ReadonlyMap<string, number>): string {
  let total = 0;
  for (const n of matched.values()) total += n;
  const counts = [...matched].map(([status, n]) => `${status} ${n}`).join(', ');
  return `addr validate: --fail-on matched ${total} result${total === 1 ? '' : 's'} (${counts}); exit 1.`;
}

/** Runs `addr validate`; returns the exit code. */
export async function runValidate(args: readonly string[], flags: ValidateFlags, ctx: CommandContext): Promise<number> {
  const source = resolveInputSource(args, flags, ctx);
  // Opened with the first address, not before: input problems (nothing on stdin) are
  // reported ahead of data problems, being the user's next fix; then once per run.
  let opened: OpenedEngine | null = null;
  const meter: ValidationMeter = await openValidationMeter(flags, ctx);
  try {
    const format = flags.format ?? defaultFormat(ctx.stdout);
    const color = shouldColor(ctx.stdout, flags.color, ctx.env);
    const failOn = new Set<string>(flags.failOn ?? []);
    const matched = new Map<string, number>(); // --fail-on statuses seen, with their counts
    if (source.kind === 'lines') {
      // Many lines: batched writes, and worker threads for a long input (line-run.ts).
      // Loaded for a run over lines only: a single address starts without the pool, the compiled
      // serializers and the API's schemas (cold start, docs/performance.md).
      const { runLines } = await import('./line-run.js');
      const end = await runLines(source.stream, {
        setup: { command: 'validate', render: { format, many: true, color }, ...(flags.candidates !== undefined ? { candidates: flags.candidates } : {}) },
        location: () => engineLocation(flags.dataDir, ctx.env),
        stdout: ctx.stdout,
        admit: () => meter.admit(),
        giveBack: (units) => meter.giveBack(units),
      });
      if (end.refusal !== null) {
        if (meter.admitted > 0) ctx.stderr.write(`${meter.admitted} address${meter.admitted === 1 ? '' : 'es'} validated; the rest were refused.\n`);
        throw end.refusal;
      }
      if (end.gone) return EXIT_OK; // reader gone: quiet success
      for (const [status, n] of end.statuses) if (failOn.has(status)) matched.set(status, n);
    } else {
      const out = openOutput(ctx.stdout);
      // One result or a few: JSON.stringify, the same text (the compiled serializer pays off over many lines).
      const renderer = createRenderer(out, { format, columns: VALIDATE_COLUMNS, many: false, color });
      for await (const input of readInputs(source)) {
        opened ??= openEngine(engineLocation(flags.dataDir, ctx.env));
        // Metered once the engine can run, so missing reference data records no usage.
        const refusal = await meter.admit();
        if (refusal !== null) {
          await renderer.end();
          if (meter.admitted > 0) ctx.stderr.write(`${meter.admitted} address${meter.admitted === 1 ? '' : 'es'} validated; the rest were refused.\n`);
          throw refusal;
        }
        const startedAt = performance.now();
        const result: ValidationResult = opened.engine.validate(input, {
          requestId: randomUUID(),
          startedAt,
          now: () => performance.now(),
          ...(flags.candidates !== undefined ? { candidates: flags.candidates } : {}),
        });
        if (failOn.has(result.status)) matched.set(result.status, (matched.get(result.status) ?? 0) + 1);
        if (!(await renderer.write(result))) return EXIT_OK; // reader gone: quiet success
      }
      await renderer.end();
    }
    if (matched.size === 0) return EXIT_OK;
    ctx.stderr.write(`${failOnReport(matched)}\n`);
    return EXIT_FAIL_ON;
  } finally {
    await meter.close();
    opened?.close();
  }
}
