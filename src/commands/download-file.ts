/**
 * Downloads one file over HTTP(S) into a cache folder (the data directory's
 * downloads/), the way a long download should go: into FILE.part, resumed with
 * an HTTP Range request after a cut connection or an earlier run, retried with
 * back-off, checked against the size the server announced, and renamed to FILE
 * only when whole. The cached file is reused on the next run. The only network
 * code of addr; commands call it when the user asks (addr data download, addr
 * data import URL).
 */
import { createWriteStream, existsSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { once } from 'node:events';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AddrError } from '../core/model/errors.js';

/** Options of a download. */
export interface DownloadOptions {
  cacheDir: string;
  attempts?: number; // tries in all (default 4)
  backoffMs?: number; // the wait before the second try, doubled each time (default 500)
  onProgress?: (received: number, total: number | null) => void;
  signal?: AbortSignal;
  hint?: string; // what to check when the server has no such file (404)
}

/** A failure worth another try (connection refused or cut, a 5xx). */
class Retryable extends Error {}

/** The file name a URL is cached under. */
export function cacheNameOf(url: string): string {
  const name = basename(new URL(url).pathname);
  if (name === '' || name === '/' || name.startsWith('.')) throw new AddrError('ADDR_ERR_USAGE', [`The URL ${url} names no file: give the URL of the file itself.`]);
  return name;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The error of a failed request as the user should read it. */
function reachError(url: string, err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const why = cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
  return `cannot reach ${url} (${why}): check the network connection, or the base URL (--base-url, ADDR_TIGER_BASE_URL)`;
}

/** One try: appends to FILE.part from where it stops; returns when the file is whole. */
async function attempt(url: string, part: string, options: DownloadOptions): Promise<void> {
  const have = existsSync(part) ? statSync(part).size : 0;
  let res: Response;
  try {
    res = await fetch(url, { headers: have > 0 ? { range: `bytes=${have}-` } : {}, ...(options.signal ? { signal: options.signal } : {}) });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    throw new Retryable(reachError(url, err));
  }
  if (res.status === 404) throw new AddrError('ADDR_ERR_DOWNLOAD', [`no file at ${url} (404)${options.hint !== undefined ? `: ${options.hint}` : ''}`]);
  if (res.status === 416 && have > 0) {
    // The part is already whole (or longer than the file): start over to be sure.
    unlinkSync(part);
    throw new Retryable(`the partial file of ${url} did not match the server's; starting over`);
  }
  if (res.status >= 500) throw new Retryable(`${url} answered ${res.status}`);
  if (res.status !== 200 && res.status !== 206) throw new AddrError('ADDR_ERR_DOWNLOAD', [`${url} answered ${res.status} ${res.statusText}`]);
  const resumed = res.status === 206;
  // The size the whole file must have: from Content-Range on a resumed request, else Content-Length.
  const range = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '');
  const length = res.headers.get('content-length');
  const total = range !== null ? Number(range[1]) : length !== null ? Number(length) + (resumed ? have : 0) : null;
  let received = resumed ? have : 0;
  const out = createWriteStream(part, { flags: resumed ? 'a' : 'w' });
  const closed = new Promise<void>((resolve, reject) => {
    out.on('close', resolve);
    out.on('error', reject);
  });
  let failure: unknown = null;
  try {
    if (res.body === null) throw new Retryable(`${url} sent no body`);
    for await (const chunk of Readable.fromWeb(res.body as WebReadableStream) as AsyncIterable<Buffer>) {
      received += chunk.length;
      options.onProgress?.(received, total);
      if (!out.write(chunk)) await once(out, 'drain');
    }
  } catch (err) {
    failure = err;
  }
  // Every byte received is on disk before the next try measures the part and resumes after it.
  out.end();
  await closed;
  if (failure !== null) {
    if (options.signal?.aborted || failure instanceof AddrError) throw failure;
    throw new Retryable(`the connection to ${url} was cut after ${received} bytes (${failure instanceof Error ? failure.message : String(failure)})`);
  }
  if (total !== null && received !== total) throw new Retryable(`the download of ${url} stopped at ${received} of ${total} bytes`);
}

/**
 * Downloads `url` into the cache (or finds it there) and returns its path. Throws
 * ADDR_ERR_DOWNLOAD after the last try, naming what to do; the partial file stays for the next run.
 */
export async function downloadFile(url: string, options: DownloadOptions): Promise<{ path: string; cached: boolean }> {
  const path = join(options.cacheDir, cacheNameOf(url));
  if (existsSync(path)) return { path, cached: true };
  await mkdir(options.cacheDir, { recursive: true });
  const part = `${path}.part`;
  const attempts = options.attempts ?? 4;
  let wait = options.backoffMs ?? 500;
  let last = '';
  for (let i = 1; i <= attempts; i++) {
    try {
      await attempt(url, part, options);
      renameSync(part, path);
      return { path, cached: false };
    } catch (err) {
      if (!(err instanceof Retryable)) throw err;
      last = err.message;
      if (i < attempts) {
        await sleep(wait);
        wait *= 2;
      }
    }
  }
  throw new AddrError('ADDR_ERR_DOWNLOAD', [`${last}; gave up after ${attempts} tries. Run the command again: the download resumes where it stopped`]);
}

/** The body of a small text resource (a folder listing), with the same retries. */
export async function fetchText(url: string, options: Pick<DownloadOptions, 'attempts' | 'backoffMs' | 'hint'>): Promise<string> {
  const attempts = options.attempts ?? 4;
  let wait = options.backoffMs ?? 500;
  let last = '';
  for (let i = 1; i <= attempts; i++) {
    try {
      const res = await fetch(url);
      if (res.status === 404) throw new AddrError('ADDR_ERR_DOWNLOAD', [`no folder at ${url} (404)${options.hint !== undefined ? `: ${options.hint}` : ''}`]);
      if (res.status >= 500) throw new Retryable(`${url} answered ${res.status}`);
      if (!res.ok) throw new AddrError('ADDR_ERR_DOWNLOAD', [`${url} answered ${res.status} ${res.statusText}`]);
      return await res.text();
    } catch (err) {
      if (err instanceof AddrError) throw err;
      last = err instanceof Retryable ? err.message : reachError(url, err);
      if (i < attempts) {
        await sleep(wait);
        wait *= 2;
      }
    }
  }
  throw new AddrError('ADDR_ERR_DOWNLOAD', [`${last}; gave up after ${attempts} tries`]);
}
