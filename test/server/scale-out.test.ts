// Two `addr serve` instances (the built binary) with separate data folders sharing only a PostgreSQL
// database (a database of its own): exact quotas across both, a key revoked from the CLI refused by
// both within a second, and one server killed under load leaving usage equal to the answers the
// clients received, within the requests in flight.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../src/accounts/api-keys.js';
import { openAccountsPg } from '../../src/store/accounts-pg.js';
import type { PgAccountStore } from '../../src/store/accounts-pg.js';
import { BIN, runCli, tempDir } from '../commands/run-cli.js';
import { createDatabase, skipStore } from '../store/pg-fixture.js';

interface Instance {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

function serve(dataDir: string, accountsUrl: string): Promise<Instance> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--workers', '1', '--log-level', 'warn', '--data-dir', dataDir, '--accounts-url', accountsUrl], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise<Instance>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /^(http:\/\/\S+)\n/.exec(out)?.[1];
      if (url !== undefined) resolve({ url, child, exited });
    });
    void exited.then((code) => reject(new Error(`addr serve exited ${code}:\n${err}`)));
  });
}

const INPUT = JSON.stringify({ input: '1 Main St, Sebastopol, CA 95472' });

async function validate(instance: Instance, key: string): Promise<number> {
  try {
    const res = await fetch(`${instance.url}/v1/validate`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: INPUT });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0; // no answer: the connection was cut (a killed server)
  }
}

describe.skipIf(skipStore('postgres'))('two addr serve instances sharing one PostgreSQL database', () => {
  let url: string;
  let drop: () => Promise<void>;
  let store: PgAccountStore;
  let a: Instance;
  let b: Instance;
  const key = async (account: string): Promise<string> => {
    const k = generateApiKey();
    await store.addKey({ prefix: k.prefix, account, hash: k.hash, createdAt: new Date().toISOString() });
    return k.key;
  };
  const cli = (args: string[]) => runCli([...args, '--accounts-url', url, '--format', 'json']);

  beforeAll(async () => {
    ({ url, drop } = await createDatabase());
    store = await openAccountsPg(url);
    [a, b] = await Promise.all([serve(tempDir(), url), serve(tempDir(), url)]);
  }, 60_000);
  afterAll(async () => {
    for (const i of [a, b]) i?.child.kill('SIGKILL');
    await store?.close();
    await drop?.();
  }, 60_000);

  it('300 concurrent requests against 100 remaining lookups: exactly 100 answers 200 and 200 answers 402, and addr usage says 100', async () => {
    await store.createAccount({ name: 'acme', plan: 'production', includedLookups: 100, overage: false }, new Date());
    const k = await key('acme');
    const statuses = await Promise.all(Array.from({ length: 300 }, (_, i) => validate(i % 2 === 0 ? a : b, k)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 402)).toHaveLength(200);
    const usage = cli(['usage', '--account', 'acme']);
    expect(usage.code, usage.stderr).toBe(0);
    expect(JSON.parse(usage.stdout)).toEqual([expect.objectContaining({ account: 'acme', validation: 100 })]);
  });

  it('addr batch meters and checkpoints against the same database', async () => {
    await store.createAccount({ name: 'rows', plan: 'free_beta', emailVerified: true, dailyRows: 2 }, new Date());
    const dir = tempDir();
    writeFileSync(join(dir, 'in.csv'), 'Street,City,State,Zip\n1 Main St,Sebastopol,CA,95472\n2 Main St,Sebastopol,CA,95472\n3 Main St,Sebastopol,CA,95472\n');
    const run = runCli(['batch', join(dir, 'in.csv'), '-o', join(dir, 'out.csv'), '--account', 'rows', '--accounts-url', url]);
    expect(run.code, run.stderr).toBe(3); // the allowance ran out after two rows: the third is left for --resume
    expect(await store.batchRuns().findRun(join(dir, 'in.csv'), join(dir, 'out.csv'))).toMatchObject({ account: 'rows', rowsDone: 2, rowsPaid: 2, state: 'stopped' });
    expect((await store.usageByDay({ account: 'rows' }))[0]?.batch_row).toBe(2);
  });

  it('a key revoked from the CLI is refused by both within a second', async () => {
    await store.createAccount({ name: 'rev', plan: 'production' }, new Date());
    const k = await key('rev');
    expect([await validate(a, k), await validate(b, k)]).toEqual([200, 200]); // cached by both now
    const revoked = cli(['keys', 'revoke', k.slice(0, 13)]);
    expect(revoked.code, revoked.stderr).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect([await validate(a, k), await validate(b, k)]).toEqual([401, 401]);
  });

  it('one server killed under load: usage equals the answers received, within those in flight', async () => {
    await store.createAccount({ name: 'load', plan: 'production', overage: true }, new Date());
    const k = await key('load');
    const perServer = 4; // requests in flight at once on each server
    let killed = false;
    const answered = { a: 0, b: 0 };
    const loop = async (instance: Instance, name: 'a' | 'b', until: () => boolean): Promise<void> => {
      while (!until()) {
        if ((await validate(instance, k)) === 200) answered[name] += 1;
        else if (name === 'a' && killed) return;
      }
    };
    const bDone = (): boolean => killed && answered.b >= 100;
    const loops = [
      ...Array.from({ length: perServer }, () => loop(a, 'a', () => killed)),
      ...Array.from({ length: perServer }, () => loop(b, 'b', bDone)),
    ];
    while (answered.a < 50) await new Promise((resolve) => setTimeout(resolve, 5));
    a.child.kill('SIGKILL');
    killed = true;
    await Promise.all(loops);
    const recorded = (await store.usageByDay({ account: 'load' })).reduce((n, r) => n + r.validation, 0);
    const received = answered.a + answered.b;
    // Each request answered was recorded once; the killed server's requests in flight may be recorded without an answer.
    expect(recorded).toBeGreaterThanOrEqual(received);
    expect(recorded).toBeLessThanOrEqual(received + perServer);
    expect(await validate(b, k)).toBe(200); // the other server goes on
  });
});
