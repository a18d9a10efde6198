/**
 * The run of `addr data import` over its files, whatever they hold (address points, data.ts;
 * address ranges, data-ranges.ts): one file at a time, each its own source and transaction, a
 * progress line on a terminal, Ctrl-C stopping the file being read (nothing of it kept), each
 * summary on stdout as its file is done, or all of them as one JSON document at the end (an
 * object for one file, an array for several).
 */
import { styleText } from 'node:util';
import type { CommandContext } from './io.js';

/** What the import of one file reports while it reads. */
export interface FileImport {
  signal: AbortSignal;
  /** Rows (or records) read so far: shown on the progress line. */
  onProgress: (rows: number) => void;
}

/** One file's import: its summary, and the summary as lines for people. */
export interface FileImported<S> {
  summary: S;
  describe: (seconds: number) => string;
}

/** How the files are named on the progress line. */
export interface ImportLabels {
  unit: string; // what onProgress counts: "rows", "records"
  done: (files: number) => string; // "Imported 3 files of address ranges"
}

/** Imports each of `names` with `one`, in order; the summaries, each with its seconds. */
export async function importEach<S extends object>(
  names: readonly string[], labels: ImportLabels, json: boolean, ctx: CommandContext,
  one: (index: number, run: FileImport) => Promise<FileImported<S>>,
): Promise<(S & { seconds: number })[]> {
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  const progress = ctx.stderr.isTTY ? (await import('ora')).default({ stream: ctx.stderr, text: 'Reading...' }).start() : null;
  const summaries: (S & { seconds: number })[] = [];
  let done = false;
  try {
    for (let i = 0; i < names.length; i++) {
      const name = names[i] as string;
      const started = performance.now();
      let lastShown = 0;
      if (progress !== null) progress.text = `Importing ${name}...`;
      const imported = await one(i, {
        signal: controller.signal,
        onProgress: (rows) => {
          const t = performance.now();
          if (progress === null || t - lastShown < 200) return;
          lastShown = t;
          const rate = Math.round(rows / Math.max(1e-3, (t - started) / 1000));
          progress.text = `Importing ${name}: ${rows.toLocaleString('en-US')} ${labels.unit} (${rate.toLocaleString('en-US')}/s)`;
        },
      });
      const seconds = (performance.now() - started) / 1000;
      summaries.push({ ...imported.summary, seconds: Math.round(seconds * 100) / 100 });
      if (!json) ctx.stdout.write(`${summaries.length > 1 ? '\n' : ''}${imported.describe(seconds)}`);
    }
    done = true;
  } finally {
    process.off('SIGINT', onSigint);
    if (done) progress?.stopAndPersist({ symbol: styleText('green', '✔', { stream: ctx.stderr }), text: labels.done(names.length) });
    else if (summaries.length === 0) progress?.fail('Import failed; nothing of it was kept.');
    // The files imported before a failure stay imported (each is its own source and transaction).
    else if (progress !== null) progress.fail(`Import failed; nothing of the file being read was kept (${summaries.length === 1 ? 'the file before it is' : `the ${summaries.length} files before it are`} imported).`);
    // Without a terminal (a script, --json): say which files did go in, beside the error.
    else ctx.stderr.write(`Imported before the failure: ${names.slice(0, summaries.length).join(', ')}; nothing of ${names[summaries.length] ?? 'the next file'} was kept.\n`);
  }
  if (json) ctx.stdout.write(`${JSON.stringify(summaries.length === 1 ? summaries[0] : summaries, null, 2)}\n`);
  return summaries;
}
