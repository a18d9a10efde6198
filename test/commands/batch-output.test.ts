// addr batch -o: the output path is checked before any row is read or charged; special files are
// never replaced; a symbolic link is written through to its target.
import { execFileSync, spawnSync } from 'node:child_process';
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
    // A device of the test's own (a null device made in the temporary folder when root may make one), never /dev/null
    // itself: addr before this check, run as root, replaced the device it was given.
    const devices = process.getuid?.() === 0 && spawnSync('mknod', [join(dir, 'null'), 'c', '1', '3']).status === 0 ? ['null'] : [];
    for (const out of [...devices, 'pipe', '/dev/stdout']) {
      const res = run(['batch', 'in.csv', '-o', out]);
      expect([out, res.code]).toEqual([out, 2]);
      expect(res.stderr).toMatch(/is (a device|a FIFO \(named pipe\)|a socket): .*-o - to write to stdout/);
    }
    expect(lstatSync(join(dir, 'pipe')).isFIFO()).toBe(true);
    for (const device of devices) expect(lstatSync(join(dir, device)).isCharacterDevice()).toBe(true);
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

  it('refuses an output extension that names another format (exit 2, nothing charged); --format writes it anyway', () => {
    const { dir, run } = setup();
    const json = run(['batch', 'in.csv', '-o', 'out.json']);
    expect(json).toMatchObject({ code: 2, stdout: '' });
    expect(json.stderr).toContain("'out.json' names another format");
    expect(existsSync(join(dir, 'out.json'))).toBe(false);
    expectNothingCharged(run);
    expect(run(['batch', 'in.csv', '-o', 'out.json', '--format', 'csv']).code).toBe(0);
    expect(readFileSync(join(dir, 'out.json'), 'utf8')).toMatch(/^id,address,addr_status,/);
  });
});

describe('addr batch delimiters', () => {
  it('detects semicolon- and pipe-delimited input and writes the same delimiter back; --delimiter sets it', () => {
    const { dir, run } = setup();
    writeFileSync(join(dir, 'semi.csv'), 'id;Street;City;State;Zip\r\n1;"1 beacon st; ste 2";boston;ma;02108\r\n2;350 fifth ave;new york;ny;10118\r\n');
    const semi = run(['batch', 'semi.csv', '-o', '-']);
    expect(semi.code).toBe(0);
    expect(semi.stderr).toContain("columns line1='Street' city='City' state='State' zip='Zip'");
    const lines = semi.stdout.split('\r\n');
    expect(lines[0]).toMatch(/^id;Street;City;State;Zip;addr_status;addr_confidence;/);
    expect(lines[1]).toMatch(/^1;"1 beacon st; ste 2";boston;ma;02108;VALIDATED;/);
    expect(lines[2]).toMatch(/^2;350 fifth ave;new york;ny;10118;VALIDATED;/);
    writeFileSync(join(dir, 'pipe.txt'), 'id|address\n1|1 beacon st boston ma 02108\n');
    const pipe = run(['batch', 'pipe.txt', '-o', '-']);
    expect(pipe.stdout.split('\n')[1]).toMatch(/^1\|1 beacon st boston ma 02108\|VALIDATED\|/);
    // --delimiter overrides what the header suggests; a bad one is a usage error.
    writeFileSync(join(dir, 'odd.csv'), 'address;note\n"1 beacon st, boston ma 02108";x\n');
    expect(run(['batch', 'odd.csv', '-o', '-', '--delimiter', 'semicolon']).stdout.split('\n')[1]).toMatch(/^1 beacon st, boston ma 02108;x;VALIDATED;/);
    expect(run(['batch', 'odd.csv', '--delimiter', 'x']).code).toBe(2);
  });
});
