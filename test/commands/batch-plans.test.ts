// addr batch against account plans (docs/cli.md, `addr batch` and `addr accounts`): the allowance at its boundaries,
// refusals that process and record nothing, keys, --resume after the allowance, concurrent runs
// on one account, and kill -9 then --resume giving every row exactly once.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ndjson, runCli, tempDir } from './run-cli.js';

function env(dir: string) {
  return { ADDR_DATA_DIR: join(dir, 'data') };
}
function cli(dir: string, args: readonly string[], input?: string) {
  return runCli(args, { cwd: dir, env: env(dir), ...(input === undefined ? {} : { input }) });
}
function addresses(n: number, from = 1): string {
  let text = 'id,street,city,state,zip\n';
  for (let i = from; i < from + n; i++) text += `${i},${i} Main St,Boston,MA,02108\n`;
  return text;
}
function ids(path: string): string[] {
  return readFileSync(path, 'utf8').split('\n').slice(1).filter((l) => l !== '').map((l) => l.split(',')[0] as string);
}
function batchRows(dir: string, account: string): number {
  const usage = ndjson(cli(dir, ['usage', '--account', account, '--format', 'ndjson']).stdout);
  return usage.reduce((sum, u) => sum + (u.batch_row as number), 0);
}
function freeBeta(dir: string, name: string, dailyRows: number, verified = true): void {
  const made = cli(dir, ['accounts', 'create', '--name', name, '--plan', 'free_beta', '--daily-rows', String(dailyRows), ...(verified ? ['--email-verified'] : []), '--format', 'ndjson']);
  expect(made.code).toBe(0);
}

describe('addr batch and the allowance', () => {
  it.each([
    // remaining allowance, rows in the file, rows done, exit code
    [5, 5, 5, 0], // exactly the file
    [6, 5, 5, 0], // one more than the file
    [4, 5, 4, 3], // one less than the file
    [1, 5, 1, 3], // one row left
  ])('with %i rows left and %i in the file, does %i rows (exit %i)', (left, size, done, code) => {
    const dir = tempDir();
    freeBeta(dir, 'acme', left);
    writeFileSync(join(dir, 'in.csv'), addresses(size));
    const res = cli(dir, ['batch', 'in.csv', '--account', 'acme']);
    expect(res.code).toBe(code);
    expect(ids(join(dir, 'in.validated.csv'))).toEqual(Array.from({ length: done }, (_, i) => String(i + 1)));
    expect(batchRows(dir, 'acme')).toBe(done);
    if (code === 3) {
      expect(res.stderr).toContain(`error: Account 'acme' has used its daily allowance of ${left} rows; it resets at midnight UTC, or raise it with \`addr accounts set acme --daily-rows N\`. ${done} row${done === 1 ? '' : 's'} validated and written; ${size - done} row${size - done === 1 ? '' : 's'} left unprocessed, from input line ${done + 2}.`);
      expect(res.stderr).toContain(`unprocessed ${size - done}`);
    }
  });

  it('with no rows left, refuses with the API error: nothing processed, written or recorded', () => {
    const dir = tempDir();
    freeBeta(dir, 'acme', 0);
    writeFileSync(join(dir, 'in.csv'), addresses(3));
    expect(cli(dir, ['batch', 'in.csv', '--account', 'acme'])).toMatchObject({
      code: 3, stderr: expect.stringMatching(/error: Account 'acme' has used its daily allowance of 0 rows; it resets at midnight UTC, or raise it with `addr accounts set acme --daily-rows N`\.\n$/),
    });
    expect(readdirSync(dir).filter((f) => f.startsWith('in.validated'))).toEqual([]);
    expect(batchRows(dir, 'acme')).toBe(0);
    // Nothing was left to resume either.
    expect(cli(dir, ['batch', 'in.csv', '--account', 'acme', '--resume']).code).toBe(2);
  });

  it('refuses suspended accounts, unverified Free Beta emails, revoked keys; the plain key is stored nowhere', () => {
    const dir = tempDir();
    freeBeta(dir, 'acme', 100, false);
    writeFileSync(join(dir, 'in.csv'), addresses(2));
    expect(cli(dir, ['batch', 'in.csv', '--account', 'acme'])).toMatchObject({
      code: 3, stdout: '', stderr: "error: Account 'acme' has not verified its email; Free Beta validation needs a verified email. Once it is verified: `addr accounts set acme --email-verified`.\n",
    });
    cli(dir, ['accounts', 'set', 'acme', '--email-verified', '--suspend']);
    expect(cli(dir, ['batch', 'in.csv', '--account', 'acme'])).toMatchObject({ code: 3, stderr: "error: Account 'acme' is suspended; an administrator reactivates it with `addr accounts set acme --activate`.\n" });
    expect(existsSync(join(dir, 'in.validated.csv'))).toBe(false);
    expect(batchRows(dir, 'acme')).toBe(0);
    cli(dir, ['accounts', 'set', 'acme', '--activate']);
    const { key, prefix } = ndjson(cli(dir, ['keys', 'create', '--account', 'acme', '--format', 'ndjson']).stdout)[0] as { key: string; prefix: string };
    const ok = cli(dir, ['batch', 'in.csv', '--key', key, '-o', 'k.csv']);
    expect(ok.code).toBe(0);
    expect(batchRows(dir, 'acme')).toBe(2);
    const dataFiles = readdirSync(join(dir, 'data')).map((f) => readFileSync(join(dir, 'data', f)).toString('latin1'));
    expect(dataFiles.some((t) => t.includes(key))).toBe(false);
    expect(readFileSync(join(dir, 'k.csv'), 'utf8')).not.toContain(key);
    expect(ok.stderr).not.toContain(key);
    cli(dir, ['keys', 'revoke', prefix]);
    expect(cli(dir, ['batch', 'in.csv', '--key', key, '-o', 'k2.csv'])).toMatchObject({ code: 2, stderr: 'error: The API key is missing, invalid or revoked.\n' });
    expect(batchRows(dir, 'acme')).toBe(2);
  });

  it('resumes a run the allowance stopped once the plan allows more, paying each row once', () => {
    const dir = tempDir();
    freeBeta(dir, 'acme', 3);
    writeFileSync(join(dir, 'in.csv'), addresses(8));
    expect(cli(dir, ['batch', 'in.csv', '--account', 'acme', '-o', 'out.csv']).code).toBe(3);
    expect(ids(join(dir, 'out.csv'))).toEqual(['1', '2', '3']);
    // A new run without --resume would pay again for rows already done: refused.
    expect(cli(dir, ['batch', 'in.csv', '--account', 'acme', '-o', 'out.csv'])).toMatchObject({ code: 2, stderr: expect.stringContaining('Continue it with --resume, or start over with --restart.') });
    // Still no allowance: refused, nothing more done.
    expect(cli(dir, ['batch', 'in.csv', '--account', 'acme', '-o', 'out.csv', '--resume']).code).toBe(3);
    expect(ids(join(dir, 'out.csv'))).toEqual(['1', '2', '3']);
    // A plan change: production with 6 included lookups leaves 3 more.
    cli(dir, ['accounts', 'set', 'acme', '--plan', 'production', '--included-lookups', '6', '--no-overage']);
    const more = cli(dir, ['batch', 'in.csv', '--account', 'acme', '-o', 'out.csv', '--resume']);
    expect(more.code).toBe(3);
    expect(more.stderr).toContain('resuming at input line 5 after 3 rows done');
    expect(more.stderr).toContain("Account 'acme' has used its 6 included lookups this billing period and overage is off; allow overage with `addr accounts set acme --overage`, or raise them with --included-lookups N. 6 rows validated and written; 2 rows left unprocessed, from input line 8.");
    cli(dir, ['accounts', 'set', 'acme', '--overage']);
    expect(cli(dir, ['batch', 'in.csv', '--account', 'acme', '-o', 'out.csv', '--resume']).code).toBe(0);
    expect(ids(join(dir, 'out.csv'))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(batchRows(dir, 'acme')).toBe(8);
    expect(existsSync(join(dir, 'out.csv.partial'))).toBe(false);
  });

  it('the local account runs on the plan the config gives it', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'in.csv'), addresses(4));
    expect(cli(dir, ['batch', 'in.csv']).code).toBe(0);
    expect(batchRows(dir, 'local')).toBe(4);
    cli(dir, ['accounts', 'set', 'local', '--plan', 'free_beta', '--daily-rows', '6']);
    expect(cli(dir, ['batch', 'in.csv', '-o', 'again.csv']).code).toBe(3);
    expect(ids(join(dir, 'again.csv'))).toEqual(['1', '2']);
  });

  it('two runs at once on one account never exceed the allowance', async () => {
    const dir = tempDir();
    freeBeta(dir, 'acme', 5000);
    writeFileSync(join(dir, 'a.csv'), addresses(4000));
    writeFileSync(join(dir, 'b.csv'), addresses(4000, 10_001));
    const run = (file: string): Promise<number | null> => new Promise((resolve) => {
      const child = spawn(process.execPath, [BIN, 'batch', file, '--account', 'acme', '--workers', '1'], { cwd: dir, env: { ...process.env, ...env(dir) }, stdio: 'ignore' });
      child.on('exit', (code) => resolve(code));
    });
    const codes = await Promise.all([run('a.csv'), run('b.csv')]);
    // Both read 4,000 rows: at least one is cut short by the other (exit 3), never both served in full.
    expect(codes).toContain(3);
    for (const code of codes) expect([0, 3]).toContain(code);
    const done = ids(join(dir, 'a.validated.csv')).length + ids(join(dir, 'b.validated.csv')).length;
    expect(done).toBe(5000);
    expect(batchRows(dir, 'acme')).toBe(5000);
  });
});

describe('addr batch interrupted', () => {
  it('after kill -9, --resume finishes with every row exactly once and each row paid once', async () => {
    const dir = tempDir();
    const n = 60_000;
    writeFileSync(join(dir, 'big.csv'), addresses(n));
    const child = spawn(process.execPath, [BIN, 'batch', 'big.csv', '--workers', '1'], { cwd: dir, env: { ...process.env, ...env(dir) }, stdio: 'ignore' });
    const partial = join(dir, 'big.validated.csv.partial');
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    // Killed once a good part of the output is written, well before the end.
    for (let i = 0; i < 600; i++) {
      if (existsSync(partial) && statSync(partial).size > 400_000) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    child.kill('SIGKILL');
    await exited;
    expect(existsSync(join(dir, 'big.validated.csv'))).toBe(false);
    const before = ids(partial).length;
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(n);
    const resumed = cli(dir, ['batch', 'big.csv', '--resume']);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/resuming at input line [\d,]+ after [\d,]+ rows done/);
    const got = ids(join(dir, 'big.validated.csv'));
    expect(got.length).toBe(n);
    expect(got.every((id, i) => id === String(i + 1))).toBe(true);
    expect(batchRows(dir, 'local')).toBe(n);
  });

  it('on SIGTERM writes the rows under way, keeps the checkpoint and exits 143; --resume finishes', async () => {
    const dir = tempDir();
    const n = 60_000;
    writeFileSync(join(dir, 'big.csv'), addresses(n));
    const child = spawn(process.execPath, [BIN, 'batch', 'big.csv', '-o', 'out.csv', '--workers', '1'], { cwd: dir, env: { ...process.env, ...env(dir) }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const partial = join(dir, 'out.csv.partial');
    for (let i = 0; i < 600; i++) {
      if (existsSync(partial) && statSync(partial).size > 400_000) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    expect(stderr).toMatch(/interrupted \(SIGTERM\); the checkpoint is kept: run the same command with --resume to finish from input line [\d,]+\./);
    const done = ids(partial).length;
    expect(done).toBeGreaterThan(0);
    // The summary counts the rows the signal left undone: the rest of the file, not 0.
    const summary = /([\d,]+) rows? done in .*; unprocessed ([\d,]+)\n/.exec(stderr);
    const num = (t: string | undefined): number => Number((t ?? '').replace(/,/g, ''));
    expect(num(summary?.[1])).toBe(done);
    expect(num(summary?.[2])).toBe(n - done);
    // After --resume the summary covers the whole file: every row, every status.
    const resumed = cli(dir, ['batch', 'big.csv', '-o', 'out.csv', '--resume']);
    expect(resumed.code).toBe(0);
    const whole = /([\d,]+) rows done in [\d.]+ s \(([\d,]+) rows\/s\): VALIDATED ([\d,]+), CORRECTED ([\d,]+), PARTIAL ([\d,]+), NOT_FOUND ([\d,]+), ERROR ([\d,]+); unprocessed 0/.exec(resumed.stderr);
    expect(num(whole?.[1])).toBe(n);
    expect([3, 4, 5, 6, 7].reduce((sum, i) => sum + num(whole?.[i]), 0)).toBe(n);
    const got = ids(join(dir, 'out.csv'));
    expect(got.length).toBe(n);
    expect(got.every((id, i) => id === String(i + 1))).toBe(true);
    expect(batchRows(dir, 'local')).toBe(n);
  });
});
