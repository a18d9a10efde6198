// Spreadsheet jobs across a real restart of `addr serve` (the built binary, two workers): every
// worker answers every route of a job alike, SIGTERM stops the running job with its checkpoint
// (it is not reported done with half its rows), and the next server on the same data directory
// resumes it once.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli, tempDir } from '../commands/run-cli.js';

async function serve(dataDir: string): Promise<{ url: string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--workers', '2', '--data-dir', dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.setEncoding('utf8');
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: string) => {
      log += chunk;
      const m = /"url":"(http:\/\/[^"]+)"/.exec(log);
      if (m?.[1] !== undefined) resolve(m[1]);
    });
    child.once('exit', () => reject(new Error(`addr serve exited:\n${log}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { url, stop: () => (child.kill('SIGTERM'), exited) };
}

describe('addr serve and spreadsheet jobs', () => {
  it('SIGTERM keeps a running job for the next start, which finishes it: every row once, none paid twice', async () => {
    const dataDir = tempDir();
    expect(runCli(['accounts', 'create', '--name', 'acme', '--plan', 'unlimited', '--data-dir', dataDir]).code).toBe(0);
    const key = (JSON.parse(runCli(['keys', 'create', '--account', 'acme', '--data-dir', dataDir, '--format', 'json']).stdout) as { key: string }).key;
    const headers = { authorization: `Bearer ${key}` };
    const rows = 10_000;
    const body = ['id,Street,City,State,Zip', ...Array.from({ length: rows }, (_, i) => `${i + 1},${i + 1} Beacon St,Boston,MA,2108`)].join('\n') + '\n';

    const first = await serve(dataDir);
    const created = await fetch(`${first.url}/v1/spreadsheets`, { method: 'POST', headers: { ...headers, 'content-type': 'text/csv' }, body });
    expect(created.status).toBe(202);
    const { id } = (await created.json()) as { id: string };
    let job: { status: string; rows_done: number };
    // Each GET opens a new connection: the two workers take turns, and both know the job.
    const get = async (url: string): Promise<typeof job> => {
      const answer = await fetch(`${url}/v1/spreadsheets/${id}`, { headers: { ...headers, connection: 'close' } });
      expect(answer.status).toBe(200);
      return (await answer.json()) as typeof job;
    };
    do {
      await new Promise((r) => setTimeout(r, 10));
      job = await get(first.url);
    } while (job.status === 'queued' || (job.status === 'running' && job.rows_done === 0));
    expect(job.status).toBe('running'); // caught mid-way (the file is large enough for that)
    expect(await first.stop()).toBe(0);
    const stored = JSON.parse(readFileSync(join(dataDir, 'spreadsheets', id, 'job.json'), 'utf8')) as { status: string };
    expect(stored.status).toBe('running');

    const second = await serve(dataDir);
    do {
      await new Promise((r) => setTimeout(r, 50));
      job = await get(second.url);
    } while (job.status === 'queued' || job.status === 'running');
    expect(job).toMatchObject({ status: 'done', rows_done: rows });
    const result = await (await fetch(`${second.url}/v1/spreadsheets/${id}/result`, { headers })).text();
    const ids = result.trim().split('\n').slice(1).map((line) => Number(line.split(',')[0]));
    expect(ids).toEqual(Array.from({ length: rows }, (_, i) => i + 1));
    expect(await second.stop()).toBe(0);
    const usage = JSON.parse(runCli(['usage', '--account', 'acme', '--data-dir', dataDir, '--format', 'json']).stdout) as { batch_row: number }[];
    expect(usage.reduce((n, u) => n + u.batch_row, 0)).toBe(rows);
  });
});
