// addr accounts / keys / usage and metered `addr validate`, as real processes on a temp data directory.
import { spawn } from 'node:child_process';
import { chmodSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ndjson, runCli, tempDir } from './run-cli.js';

const ADDRESS = '1600 pennsylvania av nw washington dc';

function cli(dataDir: string) {
  return (args: readonly string[], input?: string) => runCli([...args, '--format', 'ndjson'], { env: { ADDR_DATA_DIR: dataDir }, ...(input === undefined ? {} : { input }) });
}

describe('addr accounts, keys, usage', () => {
  it('creates, shows, lists and changes accounts', () => {
    const run = cli(tempDir());
    const created = run(['accounts', 'create', '--name', 'acme', '--plan', 'free_beta', '--email', 'ops@acme.test']);
    expect(created).toMatchObject({ code: 0, stderr: '' });
    expect(ndjson(created.stdout)[0]).toMatchObject({ name: 'acme', plan: 'free_beta', daily_rows: 250, email_verified: false, remaining: 250 });
    expect(run(['accounts', 'create', '--name', 'acme', '--plan', 'production'])).toMatchObject({ code: 2, stderr: "error: An account named 'acme' already exists.\n" });
    const changed = run(['accounts', 'set', 'acme', '--plan', 'production', '--included-lookups', '5', '--no-overage', '--suspend']);
    expect(ndjson(changed.stdout)[0]).toMatchObject({ plan: 'production', included_lookups: 5, overage: false, status: 'suspended', autocomplete: true });
    expect(ndjson(run(['accounts', 'list']).stdout).map((a) => a.name)).toEqual(['acme', 'local']);
    expect(ndjson(run(['accounts', 'show', 'local']).stdout)[0]).toMatchObject({ plan: 'unlimited', remaining: null });
    expect(run(['accounts', 'show', 'nope'])).toMatchObject({ code: 2, stderr: "error: No account named 'nope'. `addr accounts list` shows the accounts.\n" });
    expect(run(['accounts', 'set', 'acme', '--daily-rows', 'many']).code).toBe(2);
    expect(run(['accounts', 'set', 'acme']).code).toBe(2);
    // A setting of another plan is refused, naming the fix, and nothing is created or changed.
    expect(run(['accounts', 'create', '--name', 'bigco', '--plan', 'production', '--daily-rows', '5'])).toMatchObject({
      code: 2, stdout: '', stderr: "error: --daily-rows applies to the free_beta plan only, and account 'bigco' would be on production: drop --daily-rows, or give --plan free_beta.\n",
    });
    expect(run(['accounts', 'show', 'bigco']).code).toBe(2);
    expect(run(['accounts', 'create', '--name', 'beta', '--plan', 'free_beta', '--included-lookups', '5']).code).toBe(2);
    expect(run(['accounts', 'set', 'acme', '--daily-rows', '9']).stderr).toContain("--daily-rows applies to the free_beta plan only, and account 'acme' is on production");
    expect(run(['accounts', 'set', 'acme', '--plan', 'free_beta', '--overage']).stderr).toContain('--overage applies to the production plan only');
    expect(ndjson(run(['accounts', 'show', 'acme']).stdout)[0]).toMatchObject({ plan: 'production', included_lookups: 5 });
    expect(run(['accounts', 'set', 'acme', '--plan', 'free_beta', '--daily-rows', '9']).code).toBe(0);
  });

  it('meters validate against --account: refuses at the allowance with exit 3 and records nothing more', () => {
    const run = cli(tempDir());
    run(['accounts', 'create', '--name', 'acme', '--plan', 'free_beta', '--daily-rows', '2']);
    // Unverified Free Beta email: refused before anything is validated or recorded.
    expect(run(['validate', '--account', 'acme', ADDRESS])).toMatchObject({
      code: 3, stdout: '', stderr: "error: Account 'acme' has not verified its email; Free Beta validation needs a verified email. Once it is verified: `addr accounts set acme --email-verified`.\n",
    });
    run(['accounts', 'set', 'acme', '--email-verified']);
    const three = run(['validate', '--account', 'acme', '-'], `${ADDRESS}\n${ADDRESS}\n${ADDRESS}\n`);
    expect(three.code).toBe(3);
    expect(ndjson(three.stdout)).toHaveLength(2);
    expect(three.stderr).toBe("2 addresses validated; the rest were refused.\nerror: Account 'acme' has used its daily allowance of 2 rows; it resets at midnight UTC, or raise it with `addr accounts set acme --daily-rows N`.\n");
    expect(run(['validate', '--account', 'acme', ADDRESS]).code).toBe(3);
    expect(ndjson(run(['usage', '--account', 'acme']).stdout)).toEqual([
      { day: new Date().toISOString().slice(0, 10), account: 'acme', validation: 2, batch_row: 0, autocomplete: 0 },
    ]);
    run(['accounts', 'set', 'acme', '--daily-rows', '3']);
    expect(run(['validate', '--account', 'acme', ADDRESS]).code).toBe(0);
    expect(run(['validate', '--account', 'nope', ADDRESS]).code).toBe(2);
  });

  it('creates a key shown once, authenticates with it, lists and revokes it', () => {
    const dataDir = tempDir();
    const run = cli(dataDir);
    run(['accounts', 'create', '--name', 'bigco', '--plan', 'production', '--included-lookups', '1']);
    const created = run(['keys', 'create', '--account', 'bigco']);
    expect(created.code).toBe(0);
    expect(created.stderr).toBe('This key is shown once: store it now. addr keeps only its hash.\n');
    const { key, prefix } = ndjson(created.stdout)[0] as { key: string; prefix: string };
    expect(key).toMatch(/^addr_[A-Za-z0-9_-]{43}$/);
    expect(run(['validate', '--key', key, ADDRESS]).code).toBe(0);
    expect(run(['validate', '--key', key, ADDRESS])).toMatchObject({
      code: 3, stderr: "error: Account 'bigco' has used its 1 included lookups this billing period and overage is off; allow overage with `addr accounts set bigco --overage`, or raise them with --included-lookups N.\n",
    });
    const listed = ndjson(run(['keys', 'list', '--account', 'bigco']).stdout);
    expect(listed).toEqual([expect.objectContaining({ prefix, account: 'bigco', status: 'active', last_used_at: expect.any(String) })]);
    expect(JSON.stringify(listed)).not.toContain(key);
    expect(ndjson(run(['keys', 'revoke', prefix]).stdout)[0]).toMatchObject({ prefix, status: 'revoked' });
    expect(run(['validate', '--key', key, ADDRESS])).toMatchObject({ code: 2, stderr: 'error: The API key is missing, invalid or revoked.\n' });
    expect(run(['keys', 'revoke', 'addr_nothing']).code).toBe(2);
  });

  it('takes the key from ADDR_KEY (not shown in ps), --key and --account winning over it', () => {
    const dataDir = tempDir();
    const run = cli(dataDir);
    run(['accounts', 'create', '--name', 'bigco', '--plan', 'production', '--included-lookups', '1', '--no-overage']);
    const { key } = ndjson(run(['keys', 'create', '--account', 'bigco']).stdout)[0] as { key: string };
    const withKey = (args: readonly string[], extra: Record<string, string> = {}) => runCli([...args, '--format', 'ndjson'], { env: { ADDR_DATA_DIR: dataDir, ADDR_KEY: key, ...extra } });
    expect(withKey(['validate', ADDRESS]).code).toBe(0);
    // The second lookup is past the allowance of the key's account: ADDR_KEY was used.
    expect(withKey(['validate', ADDRESS])).toMatchObject({ code: 3, stderr: expect.stringContaining("Account 'bigco'") });
    expect(withKey(['validate', '--account', 'local', ADDRESS]).code).toBe(0);
    expect(withKey(['validate', '--key', 'addr_wrong', ADDRESS])).toMatchObject({ code: 2, stderr: 'error: The API key is missing, invalid or revoked.\n' });
    expect(withKey(['validate', ADDRESS], { ADDR_KEY: 'addr_wrong' }).code).toBe(2);
    expect(ndjson(run(['usage', '--account', 'bigco']).stdout)[0]).toMatchObject({ validation: 1 });
    for (const file of readdirSync(dataDir)) expect(readFileSync(join(dataDir, file)).includes(key.slice(13))).toBe(false);
  });

  it('records the local account without refusing, and warns once when the data directory is not writable', () => {
    const dataDir = tempDir();
    const run = cli(dataDir);
    expect(run(['validate', '-'], `${ADDRESS}\n${ADDRESS}\n`).code).toBe(0);
    expect(ndjson(run(['usage']).stdout)).toEqual([expect.objectContaining({ account: 'local', validation: 2 })]);
    const readOnly = tempDir();
    writeFileSync(join(readOnly, 'placeholder'), '');
    chmodSync(readOnly, 0o500);
    const blocked = runCli(['validate', '--format', 'ndjson', '--data-dir', join(readOnly, 'sub'), ADDRESS]);
    chmodSync(readOnly, 0o700);
    expect(blocked.code).toBe(0);
    expect(ndjson(blocked.stdout)).toHaveLength(1);
    // Node 20's recursive mkdir spins forever under /proc; the meter must give up with a warning instead.
    const proc = runCli(['validate', '--format', 'ndjson', '--data-dir', '/proc/addr-nowhere/data', ADDRESS]);
    expect(proc.code).toBe(0);
    expect(proc.stderr).toMatch(/^warning: usage of the local account is not recorded: /);
    if (process.getuid?.() !== 0) expect(blocked.stderr).toMatch(/^warning: usage of the local account is not recorded: Accounts database at '.*' cannot be used: .*\n$/);
  });

  it('applies the plan of the local account to every command alike: validate, extract and batch', () => {
    const dataDir = tempDir();
    const run = cli(dataDir);
    run(['accounts', 'set', 'local', '--plan', 'free_beta', '--no-email-verified']);
    const unverified = "error: Account 'local' has not verified its email; Free Beta validation needs a verified email. Once it is verified: `addr accounts set local --email-verified`.\n";
    expect(run(['validate', ADDRESS])).toMatchObject({ code: 3, stdout: '', stderr: unverified });
    expect(run(['extract', '-'], `${ADDRESS} 20500\n`)).toMatchObject({ code: 3, stderr: unverified });
    writeFileSync(join(dataDir, 'in.csv'), `address\n${ADDRESS}\n`);
    expect(runCli(['batch', join(dataDir, 'in.csv')], { env: { ADDR_DATA_DIR: dataDir } })).toMatchObject({ code: 3, stderr: unverified });
    run(['accounts', 'set', 'local', '--email-verified', '--daily-rows', '2']);
    const three = run(['validate', '-'], `${ADDRESS}\n${ADDRESS}\n${ADDRESS}\n`);
    expect(three.code).toBe(3);
    expect(ndjson(three.stdout)).toHaveLength(2);
    expect(run(['autocomplete', 'sebas']).code).toBe(3); // autocomplete is off on Free Beta
    run(['accounts', 'set', 'local', '--plan', 'unlimited']);
    expect(run(['validate', ADDRESS]).code).toBe(0);
    expect(ndjson(run(['usage', '--account', 'local']).stdout)[0]).toMatchObject({ validation: 3, batch_row: 0, autocomplete: 0 });
  });

  it('never lets two concurrent validate runs exceed the allowance', async () => {
    const dataDir = tempDir();
    const run = cli(dataDir);
    run(['accounts', 'create', '--name', 'acme', '--plan', 'free_beta', '--email-verified', '--daily-rows', '150']);
    const lines = `${ADDRESS}\n`.repeat(100);
    const outputs = await Promise.all([0, 1].map(() => new Promise<{ code: number | null; lines: number }>((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, 'validate', '--account', 'acme', '--format', 'ndjson', '-'], { env: { ...process.env, ADDR_DATA_DIR: dataDir } });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, lines: ndjson(out).length }));
      child.stdin.end(lines);
    })));
    expect(outputs.reduce((n, o) => n + o.lines, 0)).toBe(150);
    // 200 asked, 150 allowed: whichever run (or both, when they interleave) hits the allowance exits 3.
    expect(outputs.map((o) => o.code)).toContain(3);
    for (const o of outputs) expect([0, 3]).toContain(o.code);
    expect(ndjson(run(['usage', '--account', 'acme']).stdout)[0]).toMatchObject({ validation: 150 });
  });
});
