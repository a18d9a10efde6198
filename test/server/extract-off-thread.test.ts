// Large extraction texts do not stall the server: `addr serve` (the built binary)
// reads them on its extraction thread, so /healthz is answered while a megabyte of
// unclosed tags is still being read (the order of the answers is checked, not a
// duration); and a text over its work budget is refused 413, the thread started
// again for the next one.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { ExtractPool as Pool } from '../../src/server/extract-pool.js';
import { defaultLocalityDbPath } from '../../src/store/data-location.js';
import { BIN, runCli, tempDir } from '../commands/run-cli.js';

const HOSTILE = `<html><body>${'<div>'.repeat(200_000)}`; // ~1 MiB of tags never closed

describe('extraction off the event loop', () => {
  it('addr serve answers /healthz while it reads a megabyte of unclosed tags', async () => {
    const dataDir = tempDir();
    const created = runCli(['keys', 'create', '--account', 'local', '--data-dir', dataDir, '--format', 'json']);
    expect(created.code, created.stderr).toBe(0);
    const key = (JSON.parse(created.stdout) as { key: string }).key;
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--workers', '1', '--log-level', 'silent', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      child.stdout.setEncoding('utf8');
      // The URL is printed on stdout whatever --log-level (here silent).
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: string) => {
          out += chunk;
          const m = /^(http:\/\/\S+)\n/.exec(out);
          if (m?.[1] !== undefined) resolve(m[1]);
        });
        child.once('exit', () => reject(new Error(`server exited: ${out}`)));
      });
      let done = false;
      const extracting = fetch(`${url}/v1/addresses/extract`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: HOSTILE, format: 'html' }),
      }).then(async (res) => {
        done = true;
        return { status: res.status, body: (await res.json()) as { found?: number } };
      });
      // /healthz asked over and over once the body is in: answered while the extraction is still
      // out. Were the text read on the event loop, every one of them would wait for it.
      // No wall-clock bound: what counts is which answer comes first.
      await new Promise((resolve) => setTimeout(resolve, 50));
      let answeredMeanwhile = 0;
      while (!done) {
        const health = await fetch(`${url}/healthz`);
        expect(health.status).toBe(200);
        if (!done) answeredMeanwhile++;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const extracted = await extracting;
      expect(answeredMeanwhile).toBeGreaterThan(0);
      expect(extracted).toEqual({ status: 200, body: expect.objectContaining({ found: 0 }) });
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('a text over its work budget is refused, and the next one is read by a new thread', async () => {
    // The built pool: its worker is the compiled extract-worker.js beside it.
    const built: string = '../../dist/src/server/extract-pool.js';
    const { ExtractPool } = (await import(built)) as { ExtractPool: typeof Pool };
    const boot = { referenceDbPath: defaultLocalityDbPath() };
    const tight = new ExtractPool(boot, 1); // 1 ms: opening the thread's engine alone takes longer
    const roomy = new ExtractPool(boot);
    try {
      const call = { requestId: 'r', elapsedMs: 0, input: 'text' as const };
      await expect(tight.extract('Ship to 500 Race St, Cincinnati, OH 45202.', call)).rejects.toMatchObject({ code: 'ADDR_ERR_EXTRACT_BUDGET' });
      const found = await roomy.extract('Ship to 500 Race St, Cincinnati, OH 45202.', call);
      expect(found.map((f) => f.text)).toEqual(['500 Race St, Cincinnati, OH 45202']);
    } finally {
      await tight.close();
      await roomy.close();
    }
  });
});
