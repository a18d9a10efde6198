// `addr serve` as a user runs it (the built binary), with two workers: it starts, logs JSON lines on
// stderr without keys or addresses (one log for both workers), says in /healthz how many workers run,
// and on SIGTERM lets an in-flight request finish before it exits 0.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BIN, runCli, runCliAsync, tempDir } from '../commands/run-cli.js';

describe('addr serve', () => {
  it('serves, logs without secrets, and shuts down gracefully on SIGTERM', async () => {
    const dataDir = tempDir();
    const created = runCli(['keys', 'create', '--account', 'local', '--data-dir', dataDir, '--format', 'json']);
    expect(created.code, created.stderr).toBe(0);
    const key = (JSON.parse(created.stdout) as { key: string }).key;

    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--workers', '2', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    const waitForLog = (pattern: RegExp): Promise<RegExpExecArray> => new Promise((resolve, reject) => {
      const check = (): boolean => {
        const m = pattern.exec(log);
        if (m) resolve(m);
        return m !== null;
      };
      if (check()) return;
      const onData = (): void => {
        if (check()) child.stderr.off('data', onData);
      };
      child.stderr.on('data', onData);
      child.once('exit', () => reject(new Error(`server exited; log:\n${log}`)));
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      log += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    const url = (await waitForLog(/"url":"(http:\/\/[^"]+)"/))[1] ?? '';
    const served = await fetch(`${url}/v1/validate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: '1 Secret Lane, Sebastopol, CA 95472' }),
    });
    expect(served.status).toBe(200);
    // Both workers answer on the port (each its own listening line), and each knows that two run.
    let workers = 0;
    while (workers !== 2) workers = ((await (await fetch(`${url}/healthz`)).json()) as { workers: number }).workers;

    // A request whose body is still arriving when SIGTERM comes is in flight: it must be answered.
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const payload = JSON.stringify({ input: '1 Main St, Sebastopol, CA 95472' });
    socket.write(`POST /v1/validate HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${payload.length}\r\n\r\n${payload.slice(0, 5)}`);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      answer += d;
    });
    const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    child.kill('SIGTERM');
    await waitForLog(/shutting down/);
    socket.end(payload.slice(5));
    await socketClosed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/"status":"VALIDATED"/);

    expect(await exited).toBe(0);
    expect(log).toMatch(/"msg":"closed"/);
    const lines = log.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.filter((l) => l.msg === 'request' && l.route === '/v1/validate')).toHaveLength(2);
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({ method: 'POST', route: '/v1/validate', status: 200, account: 'local' });
    expect(log).not.toContain(key);
    expect(log).not.toContain(key.slice(5, 13));
    expect(log).not.toMatch(/Secret Lane/i);
  });

  it('with workers, a missing reference database or an unreachable account store is one error and the exit code of one process', async () => {
    const dataDir = tempDir();
    const missing = { env: { ADDR_REFERENCE_DB: `${dataDir}/no-such-locality.sqlite` } };
    const unreachable = ['--accounts-url', 'postgres://addr@127.0.0.1:1/none'];
    for (const [args, options] of [[[], missing], [unreachable, {}]] as const) {
      const one = await runCliAsync(['serve', '--port', '0', '--workers', '1', '--data-dir', dataDir, ...args], options);
      const two = await runCliAsync(['serve', '--port', '0', '--workers', '2', '--data-dir', dataDir, ...args], options);
      expect(one.code).toBeGreaterThan(0);
      expect(two.code, two.stderr).toBe(one.code);
      const errors = two.stderr.split('\n').filter((line) => line.startsWith('error: '));
      expect(errors, two.stderr).toHaveLength(1);
      expect(errors[0]).toBe(one.stderr.split('\n').find((line) => line.startsWith('error: ')));
      expect(two.stdout).toBe(''); // no URL: nothing listened
    }
  });

  it('refuses a port that is not one, with exit 2', () => {
    const run = runCli(['serve', '--port', '70000']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/port number/);
  });
});
