/**
 * The rules of a checkpointed `addr batch` run (docs/cli.md, `addr batch`, --resume and --restart):
 * which unfinished run of an input and output is continued, refused or discarded, and how its
 * partial output (OUT.partial, or a workbook's journal OUT.partial.xml) is taken up again at the
 * checkpoint, so every row is written exactly once.
 */
import { existsSync, ftruncateSync, openSync, renameSync, statSync, unlinkSync } from 'node:fs';
import type { BatchRun, BatchRunStore } from '../accounts/batch-runs.js';
import { AddrError } from '../core/model/errors.js';
import { formatCount as int } from '../formats/format-count.js';
import { delimiterOf, textInputIdentity, workbookIdentity } from './batch-files.js';
import type { BatchFlags } from './batch-options.js';
import type { Plan } from './plan-run.js';
import type { RunSettings } from './run-settings.js';

export const plural = (n: number, one: string, many = `${one}s`): string => `${int(n)} ${n === 1 ? one : many}`;

/** True when a process of this id runs (another one than this). */
function alive(pid: number | null): boolean {
  if (pid === null || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The checkpoint this run continues (--resume), or null for a new run: an unfinished run of the same input and
 * output is refused while its process lives, refused without --resume or --restart, and discarded by --restart.
 */
export async function checkpointToResume(p: Plan, flags: BatchFlags, runs: BatchRunStore, account: string): Promise<BatchRun | null> {
  if (p.inputPath === null || p.outputPath === null) return null;
  const previous = await runs.findRun(p.inputPath, p.outputPath);
  if (previous !== null && alive(previous.pid)) {
    throw new AddrError('ADDR_ERR_BATCH_RESUME', [`Another addr batch (process ${previous.pid}) is running ${p.inputPath} -> ${p.outputPath}.`]);
  }
  if (flags.resume) {
    if (previous === null) throw new AddrError('ADDR_ERR_BATCH_RESUME', [`Nothing to resume: no unfinished run of ${p.inputPath} -> ${p.outputPath}. Run without --resume.`]);
    if (previous.account !== account) {
      throw new AddrError('ADDR_ERR_BATCH_RESUME', [`The unfinished run of this file belongs to account '${previous.account}'; resume it with --account ${previous.account} (or its key).`]);
    }
    const settings = JSON.parse(previous.settings) as RunSettings;
    const identity = settings.inFormat === 'xlsx' ? workbookIdentity(p.inputPath) : textInputIdentity(p.inputPath, settings.inDelimiter ?? delimiterOf(settings.inFormat));
    if (identity.size !== previous.input.size || identity.mtimeMs !== previous.input.mtimeMs || identity.headerHash !== previous.input.headerHash) {
      throw new AddrError('ADDR_ERR_BATCH_RESUME', [`${p.inputPath} changed since the interrupted run (size, time or header differ); start over with --restart.`]);
    }
    return previous;
  }
  if (previous !== null && !flags.restart) {
    throw new AddrError('ADDR_ERR_BATCH_RESUME', [
      `An unfinished run of ${p.inputPath} -> ${p.outputPath} exists (${plural(previous.rowsDone, 'row')} done, next at input line ${previous.inLine}). `
      + 'Continue it with --resume, or start over with --restart.',
    ]);
  }
  if (previous !== null) {
    if (existsSync(previous.tempPath)) unlinkSync(previous.tempPath);
    await runs.deleteRun(previous.id);
  }
  return null;
}

/**
 * Opens the partial output of a checkpointed run for writing, cut to the checkpoint (rows written after it are
 * done again). A run the allowance stopped left its rows at the output, a killed one in the partial file.
 */
export function reopenPartialOutput(run: BatchRun, settings: RunSettings, outputPath: string): number {
  const temp = run.tempPath;
  if (settings.outFormat === 'xlsx' && !temp.endsWith('.xml')) {
    throw new AddrError('ADDR_ERR_BATCH_RESUME', [`The unfinished run was started by an older addr, whose workbook journal ${temp} this one does not read; start over with --restart.`]);
  }
  if (settings.outFormat !== 'xlsx' && !existsSync(temp) && existsSync(outputPath) && statSync(outputPath).size === run.outBytes) renameSync(outputPath, temp);
  if (!existsSync(temp) || statSync(temp).size < run.outBytes) {
    throw new AddrError('ADDR_ERR_BATCH_RESUME', [`The partial output ${temp} of the unfinished run is missing or shorter than recorded; start over with --restart.`]);
  }
  const fd = openSync(temp, 'r+');
  ftruncateSync(fd, run.outBytes);
  return fd;
}
