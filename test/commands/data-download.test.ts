// addr data download and addr data import URL against a local HTTP server started by the
// test (never the internet): a folder listing, Range requests, a cut connection that the
// download resumes, 404 and an unreachable server, each with a clear error and nothing imported.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFile } from '../../src/commands/download-file.js';
import { MEAGHER_ZIP } from '../store/ranges-fixtures.js';
import { runCliAsync, tempDir } from './run-cli.js';

const ZIP = readFileSync(MEAGHER_ZIP);
const NAME = 'tl_2021_30059_addrfeat.zip';
let server: Server;
let base: string;
const seen: { url: string; range: string | undefined }[] = [];
let cutNext = 0; // how many of the next file requests are cut half-way

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', range: req.headers.range });
    if (req.url === '/TIGER2021/ADDRFEAT/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><a href="tl_2021_30031_addrfeat.zip.txt">x</a><a href="${NAME}">${NAME}</a><a href="tl_2021_06001_addrfeat.zip">CA</a></html>`);
      return;
    }
    if (req.url !== `/TIGER2021/ADDRFEAT/${NAME}`) {
      res.writeHead(404);
      res.end();
      return;
    }
    const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const start = m !== null ? Number(m[1]) : 0;
    const body = ZIP.subarray(start);
    res.writeHead(m !== null ? 206 : 200, {
      'content-length': String(body.length),
      ...(m !== null ? { 'content-range': `bytes ${start}-${ZIP.length - 1}/${ZIP.length}` } : {}),
    });
    if (cutNext > 0) {
      cutNext--;
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
      return;
    }
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('downloadFile', () => {
  it('resumes a cut download with a Range request and keeps the whole file in the cache', async () => {
    const cache = tempDir();
    seen.length = 0;
    cutNext = 1;
    const url = `${base}/TIGER2021/ADDRFEAT/${NAME}`;
    const got = await downloadFile(url, { cacheDir: cache, backoffMs: 1 });
    expect(got.cached).toBe(false);
    expect(readFileSync(got.path).equals(ZIP)).toBe(true);
    expect(seen.map((s) => s.range)).toEqual([undefined, `bytes=${Math.floor(ZIP.length / 2)}-`]);
    expect(existsSync(`${got.path}.part`)).toBe(false);
    expect(await downloadFile(url, { cacheDir: cache, backoffMs: 1 })).toEqual({ path: got.path, cached: true });
  });

  it('gives up after its tries with an error naming what to do, keeping the part for the next run', async () => {
    const cache = tempDir();
    cutNext = 3;
    const url = `${base}/TIGER2021/ADDRFEAT/${NAME}`;
    await expect(downloadFile(url, { cacheDir: cache, attempts: 2, backoffMs: 1 })).rejects.toThrow(/gave up after 2 tries\. Run the command again: the download resumes/);
    expect(existsSync(join(cache, `${NAME}.part`))).toBe(true);
    cutNext = 0;
    const got = await downloadFile(url, { cacheDir: cache, backoffMs: 1 });
    expect(readFileSync(got.path).equals(ZIP)).toBe(true);
  });

  it('says 404 and an unreachable server apart', async () => {
    await expect(downloadFile(`${base}/TIGER2021/ADDRFEAT/tl_2021_99999_addrfeat.zip`, { cacheDir: tempDir(), hint: 'check --county', backoffMs: 1 }))
      .rejects.toThrow(/no file at .*\(404\): check --county/);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(downloadFile(`http://127.0.0.1:${port}/x.zip`, { cacheDir: tempDir(), attempts: 2, backoffMs: 1 }))
      .rejects.toThrow(/cannot reach .*ECONNREFUSED.*check the network connection/);
  });
});

describe('addr data download', () => {
  it('downloads the counties of a state from the folder listing and imports them', async () => {
    const dir = tempDir();
    const run = await runCliAsync(['data', 'download', '--state', 'MT', '--year', '2021', '--base-url', base, '--data-dir', dir, '--json'], { env: { ADDR_DOWNLOAD_BACKOFF_MS: '1' } });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ source: 'tl_2021_30059_addrfeat', outcome: 'imported', rows_imported: 675 });
    expect(existsSync(join(dir, 'downloads', NAME))).toBe(true);
    // The base URL from the environment, a county by FIPS: the cached file, already imported.
    const again = await runCliAsync(['data', 'download', '--county', '30059', '--year', '2021', '--data-dir', dir, '--json'], { env: { ADDR_TIGER_BASE_URL: base } });
    expect(JSON.parse(again.stdout)).toMatchObject({ outcome: 'unchanged' });
  });

  it('imports nothing when a county is missing, and takes an http(s) URL in data import', async () => {
    const dir = tempDir();
    const missing = await runCliAsync(['data', 'download', '--county', '30059,30031', '--year', '2021', '--base-url', base, '--data-dir', dir], { env: { ADDR_DOWNLOAD_BACKOFF_MS: '1' } });
    expect(missing.code).toBe(4);
    expect(missing.stderr).toMatch(/no file at .*tl_2021_30031_addrfeat\.zip \(404\): check --county/);
    expect(existsSync(join(dir, 'ranges.sqlite'))).toBe(false);
    const url = await runCliAsync(['data', 'import', `${base}/TIGER2021/ADDRFEAT/${NAME}`, '--data-dir', dir, '--json']);
    expect(url.code).toBe(0);
    expect(JSON.parse(url.stdout)).toMatchObject({ source: 'tl_2021_30059_addrfeat', outcome: 'imported' });
  });
});
