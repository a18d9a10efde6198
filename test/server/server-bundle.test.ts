// The server's bundle (scripts/bundles.ts, built by test/global-setup.ts), which `addr serve` and
// each of its workers run (src/server/load-server.ts): it must be fresh, hold the packages but
// the native ones, and answer as the tsc build's modules do.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBundle } from '../../src/bundle/load-bundle.js';
import type * as ServerEntry from '../../src/server/server-entry.js';
import * as modules from '../../src/server/server-entry.js';
import type { RunningServer, ServerConfig } from '../../src/server/server-entry.js';
import { defaultLocalityDbPath } from '../../src/store/data-location.js';
import { bundleText } from '../commands/bundle-text.js';
import { runCli, tempDir } from '../commands/run-cli.js';

const BUNDLE = new URL('../../dist/src/server/server.bundle.cjs', import.meta.url);
const ENTRY = new URL('../../dist/src/server/server-entry.js', import.meta.url);

const running: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.close()));
});

describe('the server bundle', () => {
  it('is built beside server-entry.js and requires only Node\'s modules and packages with a native addon', () => {
    const text = bundleText(BUNDLE, ENTRY);
    expect(text).toContain('function buildApp(');
    expect(text).toContain('require("better-sqlite3")');
    for (const bundled of ['fastify', 'pino', 'ajv', 'fast-json-stringify', 'pg', '@fastify/multipart']) expect(text).not.toContain(`require("${bundled}")`);
    // Worker scripts are found from the module that starts them, as in the tsc build.
    expect(text).toContain('new URL("./extract-worker.js", __addrModuleUrl("./extract-pool.js"))');
    expect(text).toContain('new URL("./batch-worker.js", __addrModuleUrl("../batch/batch-pool.js"))');
  });

  it('answers as the tsc build does, and writes its code cache when asked', async () => {
    const dataDir = tempDir();
    const created = runCli(['keys', 'create', '--account', 'local', '--data-dir', dataDir, '--format', 'json']);
    expect(created.code, created.stderr).toBe(0);
    const key = (JSON.parse(created.stdout) as { key: string }).key;
    const cache = pathToFileURL(join(tempDir(), 'server.bundle.cache'));
    const bundle = loadBundle<typeof ServerEntry>({ script: BUNDLE, cache, builtFrom: ENTRY });
    expect(bundle).not.toBeNull();
    const config: ServerConfig = {
      host: '127.0.0.1', port: 0, contract: 'a', referenceDbPath: defaultLocalityDbPath(), dataDir,
      logLevel: 'silent', logBodies: false, logStream: process.stderr, handleSignals: false,
    };
    const [fromBundle, fromModules] = await Promise.all([bundle?.exports.startServer(config), modules.startServer(config)]);
    if (fromBundle === undefined) throw new Error('no server from the bundle');
    running.push(fromBundle, fromModules);

    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const requests: [string, RequestInit][] = [
      ['/v1/validate', { method: 'POST', headers: auth, body: JSON.stringify({ input: '1600 pennsylvania ave nw washington dc 20500' }) }],
      ['/v1/validate', { method: 'POST', headers: { ...auth, 'x-contract': 'b' }, body: JSON.stringify({ address: { line1: '459 W 26th St', city: 'New York', state: 'NY' } }) }],
      ['/v1/normalize', { method: 'POST', headers: auth, body: JSON.stringify({ input: '1005 n gravenstein hwy ste 500 sebastopol ca' }) }],
      ['/v1/validate', { method: 'POST', headers: auth, body: '{"input":' }], // malformed: 400
      ['/v1/validate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"input":"1 Main St"}' }], // no key: 401
      ['/openapi.json', { method: 'GET' }],
    ];
    const strip = (s: string): string => s.replace(/"(id|request_id|latency_ms|uptime_s)":("[^"]*"|[\d.]+)/g, '"$1":0');
    for (const [path, init] of requests) {
      const [a, b] = await Promise.all([fetch(`${fromBundle.url}${path}`, init), fetch(`${fromModules.url}${path}`, init)]);
      expect(a.status, path).toBe(b.status);
      expect(strip(await a.text()), path).toBe(strip(await b.text()));
    }
    expect(existsSync(cache)).toBe(false);
    bundle?.saveCache();
    expect(statSync(fileURLToPath(cache)).size).toBeGreaterThan(100_000);
  });
});
