// addr batch -o: the output path is checked before any row is read or charged; special files are
// never replaced; a symbolic link is written through to its target.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ndjson, runCli, tempDir } from './run-cli.js';

const CSV = 'id,address\n1,1600 pennsylvania av nw washington dc 20500\n2,1 beacon st boston ma 02108\n';

function setup(): { dir: string; run: (args: readonly string[]) => ReturnType<typeof runCli> } {
  const dir = tempDir();
  writeFileSync(join(dir, 'in.csv'), CSV);
  return { dir, run: (args) => runCli(args, { cwd: dir, env: { ADDR_DATA_DIR: join(dir, 'data') } }) };
}

/** Asserts nothing was charged and no run was recorded: usage is empty and a plain run goes through. */
function expectNothingCharged(run: (args: readonly string[]) => ReturnType<typeof runCli>): void {
  expect(ndjson(run(['usage', '--format', 'ndjson']).stdout).filter((r) => Number(r.batch_row) > 0)).toEqual([]);
  const again = run(['batch', 'in.csv', '-o', 'ok.csv']);
  expect(again.code).toBe(0);
  expect(again.stderr).toContain('2 rows done');
}

describe('addr batch -o', () => {
  it('refuses a folder and a missing folder before the first row: exit 2, nothing charged, no run recorded', () => {
    const { dir, run } = setup();
    mkdirSync(join(dir, 'folder'));
    const folder = run(['batch', 'in.csv', '-o', 'folder']);
    expect(folder).toMatchObject({ code: 2, stdout: '' });
    expect(folder.stderr).toMatch(/^error: The output 'folder' is a folder: .*give a file name/);
    const missing = run(['batch', 'in.csv', '-o', join(dir, 'no', 'such', 'out.csv')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/the folder .*no\/such does not exist; create it/);
    expect(missing.stderr).not.toContain('internal');
    expect(existsSync(join(dir, 'folder.partial'))).toBe(false);
    expectNothingCharged(run);
  });

  it('refuses devices, FIFOs and /dev/stdout as a file (exit 2) and leaves them in place; -o - is stdout', () => {
    const { dir, run } = setup();
    execFileSync('mkfifo', [join(dir, 'pipe')]);
    for (const out of ['/dev/null', 'pipe', '/dev/stdout']) {
      const res = run(['batch', 'in.csv', '-o', out]);
      expect([out, res.code]).toEqual([out, 2]);
      expect(res.stderr).toMatch(/is (a device|a FIFO \(named pipe\)|a socket): .*-o - to write to stdout/);
    }
    expect(lstatSync(join(dir, 'pipe')).isFIFO()).toBe(true);
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
    expectNothingCharged(run);
    const stdout = run(['batch', 'in.csv', '-o', '-']);
    expect(stdout.code).toBe(0);
    expect(stdout.stdout.split('\n')[0]).toMatch(/^id,address,addr_status,/);
  });

  it('writes through a symbolic link to its target, keeping the link (a dangling one too)', () => {
    const { dir, run } = setup();
    mkdirSync(join(dir, 'real'));
    symlinkSync(join('real', 'target.csv'), join(dir, 'link.csv'));
    writeFileSync(join(dir, 'real', 'target.csv'), 'old');
    const res = run(['batch', 'in.csv', '-o', 'link.csv']);
    expect(res.code).toBe(0);
    expect(lstatSync(join(dir, 'link.csv')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'link.csv'))).toBe(join('real', 'target.csv'));
    expect(readFileSync(join(dir, 'real', 'target.csv'), 'utf8')).toMatch(/^id,address,addr_status/);
    symlinkSync(join('real', 'new.csv'), join(dir, 'dangling.csv'));
    expect(run(['batch', 'in.csv', '-o', 'dangling.csv']).code).toBe(0);
    expect(lstatSync(join(dir, 'dangling.csv')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real', 'new.csv'), 'utf8')).toMatch(/^id,address,addr_status/);
  });
});
