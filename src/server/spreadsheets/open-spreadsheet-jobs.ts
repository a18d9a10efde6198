/** The spreadsheet jobs of a server started by addr serve, with the bounds of src/server/data/limits.json. */
import { SPREADSHEET_LIMITS } from '../primary-limits.js';
import type { SpreadsheetJob } from './job-files.js';
import { SpreadsheetJobs } from './spreadsheet-jobs.js';
import type { RunnerLink } from './spreadsheet-jobs.js';
import type { JobRunnerOptions } from './job-runner.js';

/** The runner's options of a server's configuration. */
export function jobRunnerOptions(
  config: { dataDir: string; referenceDbPath: string; accountsUrl?: string | null; spreadsheetRetentionHours?: number },
  onError: (err: unknown, job: SpreadsheetJob) => void,
): JobRunnerOptions {
  return {
    dataDir: config.dataDir,
    accountsUrl: config.accountsUrl ?? null,
    referenceDbPath: config.referenceDbPath,
    retentionMs: (config.spreadsheetRetentionHours ?? SPREADSHEET_LIMITS.retentionHours) * 3_600_000,
    maxRunning: SPREADSHEET_LIMITS.running,
    maxRunningPerAccount: SPREADSHEET_LIMITS.runningPerAccount,
    workersPerJob: 1,
    onError,
  };
}

/** Opens the jobs of the data directory; without `runner` they run (and resume) in this process. */
export function openSpreadsheetJobs(
  config: { dataDir: string; referenceDbPath: string; accountsUrl?: string | null; spreadsheetRetentionHours?: number },
  onError: (err: unknown, job: SpreadsheetJob) => void,
  runner?: RunnerLink,
): SpreadsheetJobs {
  return new SpreadsheetJobs(jobRunnerOptions(config, onError), runner);
}

