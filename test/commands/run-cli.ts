// Runs the BUILT launcher (dist/bin/addr.js, built by test/global-setup.ts) as a real
// process in a temporary working directory, as a user would.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

/** The built launcher. */
export const BIN = fileURLToPath(new URL('../../dist/bin/addr.js', import.meta.url));

const made: string[] = [];
// Registered at import, so every test file that runs the CLI removes its directories.
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary directory, removed after the test file. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'addr-cli-'));
  made.push(dir);
  return dir;
}

let workDir: string | null = null;

/** What a run printed and returned. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Options of a run. */
export interface CliOptions {
  input?: string; // stdin text (stdin is an empty pipe otherwise)
  env?: Record<string, string>; // added to a clean environment
  cwd?: string;
}

/** The working directory and environment of a run. */
function runSettings(options: CliOptions): { cwd: string; env: Record<string, string | undefined> } {
  // Colour and debug settings of the developer's shell must not leak into assertions.
  const { FORCE_COLOR: _f, NO_COLOR: _n, ADDR_DEBUG: _d, ADDR_REFERENCE_DB: _r, ADDR_DATA_DIR: _a, ...env } = process.env;
  const cwd = options.cwd ?? (workDir ??= tempDir());
  // Usage of the local account goes to a temporary data directory, not the developer's.
  return { cwd, env: { ...env, ADDR_DATA_DIR: join(cwd, 'addr-data'), ...options.env } };
}

/** Runs `addr ...args` without blocking this process (a server of the test must answer it). */
export function runCliAsync(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  const child = spawn(process.execPath, [BIN, ...args], { ...runSettings(options), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString('utf8')));
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs `addr ...args` and waits for it. */
export function runCli(args: readonly string[], options: CliOptions = {}): CliRun {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    ...runSettings(options),
    input: options.input ?? '',
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Parses ndjson output into its objects (one per line). */
export function ndjson(stdout: string): Record<string, unknown>[] {
  return stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
}
