/** The spreadsheet jobs of a server started by addr serve, with the bounds of src/server/data/limits.json. */
import { LIMITS } from '../limits.js';
import type { SpreadsheetJob } from './job-files.js';
import { SpreadsheetJobs } from './spreadsheet-jobs.js';

/** Opens (and resumes) the jobs of the data directory. */
export function openSpreadsheetJobs(
  config: { dataDir: string; referenceDbPath: string; spreadsheetRetentionHours?: number },
  onError: (err: unknown, job: SpreadsheetJob) => void,
): SpreadsheetJobs {
  return new SpreadsheetJobs({
    dataDir: config.dataDir,
    referenceDbPath: config.referenceDbPath,
    retentionMs: (config.spreadsheetRetentionHours ?? LIMITS.spreadsheets.retentionHours) * 3_600_000,
    maxRunning: LIMITS.spreadsheets.running,
    maxRunningPerAccount: LIMITS.spreadsheets.runningPerAccount,
    workersPerJob: 1,
    onError,
  });
}
