// The console's static files: served at / and by their exact paths only, with a CSP that
// keeps the page on this server; nothing is registered when the console was not built.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerConsole } from '../../src/server/console-files.js';

const dir = mkdtempSync(join(tmpdir(), 'addr-console-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('registerConsole', () => {
  it('serves index.html at / and the built assets, nothing else', async () => {
    mkdirSync(join(dir, 'built', 'assets'), { recursive: true });
    writeFileSync(join(dir, 'built', 'index.html'), '<!doctype html><title>addr</title>');
    writeFileSync(join(dir, 'built', 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(join(dir, 'built', 'notes.txt'), 'not served');
    const app = Fastify();
    registerConsole(app, join(dir, 'built'));
    const page = await app.inject('/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(page.headers['cache-control']).toBe('no-cache');
    const script = await app.inject('/assets/index-abc.js');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toContain('immutable');
    for (const path of ['/notes.txt', '/index.html', '/assets/../index.html', '/assets/%2e%2e/index.html', '/package.json']) {
      expect((await app.inject(path)).statusCode, path).toBe(404);
    }
    await app.close();
  });

  it('registers nothing when the console was not built', async () => {
    const app = Fastify();
    registerConsole(app, join(dir, 'missing'));
    expect((await app.inject('/')).statusCode).toBe(404);
    await app.close();
  });
});
