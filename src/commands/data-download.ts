/**
 * addr data download — the Census Bureau's TIGER/Line ADDRFEAT files of a state
 * (--state MT: every county) or of counties (--county 30059), for a release
 * (--year, default the latest this version knows), from
 * `<base>/TIGER<year>/ADDRFEAT/tl_<year>_<fips>_addrfeat.zip`, then their
 * import (data-ranges.ts). The base URL is --base-url, else ADDR_TIGER_BASE_URL,
 * else the Census Bureau's; downloads are cached in the data directory's
 * downloads/ and resumed (download-file.ts). Nothing is imported unless every
 * file came whole.
 */
import { unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { AddrError } from '../core/model/errors.js';
import type { LocalityStore } from '../core/model/ports.js';
import { stateCode } from '../core/parse/pub28.js';
import { openLocalityStore } from '../store/sqlite-locality-store.js';
import { addrfeatFiles } from '../store/tiger-reader.js';
import { resolveDataDir } from '../store/data-location.js';
import { importRangeFiles } from './data-ranges.js';
import { downloadFile, fetchText } from './download-file.js';
import type { DownloadOptions } from './download-file.js';
import { resolveReferenceDbPath } from '../store/data-location.js';
import { EXIT_OK } from '../core/model/exit-codes.js';
import { formatCount as int } from '../formats/format-count.js';
import type { CommandContext } from './io.js';
import { LATEST_TIGER_YEAR, TIGER_BASE_URL } from './options.js';
import type { DownloadFlags } from './options.js';

/** The cache of downloads in a data directory. */
export function downloadsDir(dataDir: string): string {
  return join(dataDir, 'downloads');
}

/** The two-digit FIPS code of a state, from the county FIPS codes of its ZIPs. */
function stateFips(state: string, locality: LocalityStore): string {
  for (const place of locality.placesInState(state)) {
    for (const z of place.zips) {
      const fips = locality.zip(z)?.county_fips;
      if (fips !== null && fips !== undefined) return fips.slice(0, 2);
    }
  }
  throw new AddrError('ADDR_ERR_USAGE', [`The reference data has no county of state ${state}: give --county with five-digit FIPS codes.`]);
}

/** The county files of a state listed in the ADDRFEAT folder's index. */
async function countyFiles(folder: string, year: number, fips: string, retry: Pick<DownloadOptions, 'attempts' | 'backoffMs'>): Promise<string[]> {
  const index = await fetchText(folder, { ...retry, hint: `is ${year} a TIGER/Line release with ADDRFEAT? (--year)` });
  // A name whole (not the start of tl_..._addrfeat.zip.xml or the like).
  const pattern = new RegExp(`tl_${year}_${fips}\\d{3}_addrfeat\\.zip(?![\\w.])`, 'g');
  return [...new Set(index.match(pattern) ?? [])].sort();
}

/** Downloads the files of the flags (or the URLs given) into the cache; their paths. Shared by `data download` and `data import URL`. */
export async function downloadAll(urls: readonly string[], dataDir: string, ctx: CommandContext, hint?: string): Promise<string[]> {
  const progress = ctx.stderr.isTTY ? (await import('ora')).default({ stream: ctx.stderr, text: 'Downloading...' }).start() : null;
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  const paths: string[] = [];
  let ok = false;
  try {
    for (const [i, url] of urls.entries()) {
      const name = url.slice(url.lastIndexOf('/') + 1);
      const got = await downloadFile(url, {
        cacheDir: downloadsDir(dataDir), signal: controller.signal, ...(hint !== undefined ? { hint } : {}),
        ...retrySettings(ctx.env),
        onProgress: (received, total) => {
          if (progress !== null) progress.text = `Downloading ${name} (${i + 1} of ${urls.length}): ${int(Math.round(received / 1024))}${total !== null ? ` of ${int(Math.round(total / 1024))}` : ''} KiB`;
        },
      });
      if (/\.zip$/i.test(got.path)) {
        // A zip that does not open is not kept: the next run downloads it again.
        try {
          await addrfeatFiles([got.path]);
        } catch (err) {
          unlinkSync(got.path);
          throw new AddrError('ADDR_ERR_DOWNLOAD', [`${url} is not a whole ADDRFEAT zip (${err instanceof Error ? err.message : String(err)}); it was removed from the cache: run the command again`]);
        }
      }
      paths.push(got.path);
    }
    ok = true;
    return paths;
  } finally {
    process.off('SIGINT', onSigint);
    if (ok) progress?.succeed(`Downloaded ${urls.length} file${urls.length === 1 ? '' : 's'} (cache: ${downloadsDir(dataDir)})`);
    else progress?.fail('Download failed; nothing was imported.');
  }
}

/** Retries and back-off; ADDR_DOWNLOAD_BACKOFF_MS shortens the wait (tests). */
function retrySettings(env: Readonly<Record<string, string | undefined>>): Pick<DownloadOptions, 'attempts' | 'backoffMs'> {
  const ms = Number(env.ADDR_DOWNLOAD_BACKOFF_MS);
  return Number.isFinite(ms) && ms >= 0 && env.ADDR_DOWNLOAD_BACKOFF_MS !== undefined && env.ADDR_DOWNLOAD_BACKOFF_MS !== '' ? { backoffMs: ms } : {};
}

/** Runs `addr data download`; returns the exit code. */
export async function runDataDownload(flags: DownloadFlags, ctx: CommandContext): Promise<number> {
  const counties = flags.county ?? [];
  if (flags.state === undefined && counties.length === 0) throw new AddrError('ADDR_ERR_USAGE', ['Say what to download: --state MT (every county) or --county 30059 (FIPS codes).']);
  const year = flags.year ?? LATEST_TIGER_YEAR;
  const base = (flags.baseUrl ?? (ctx.env.ADDR_TIGER_BASE_URL || TIGER_BASE_URL)).replace(/\/+$/, '');
  const folder = `${base}/TIGER${year}/ADDRFEAT/`;
  const dataDir = resolveDataDir(flags.dataDir, ctx.env);
  const locality = openLocalityStore(resolveReferenceDbPath(ctx.env));
  try {
    const names = counties.map((fips) => `tl_${year}_${fips}_addrfeat.zip`);
    if (flags.state !== undefined) {
      const state = stateCode(flags.state);
      if (state === null) throw new AddrError('ADDR_ERR_USAGE', [`'${flags.state}' is not a state: give its two-letter code (MT) or name.`]);
      const found = await countyFiles(folder, year, stateFips(state, locality), retrySettings(ctx.env));
      if (found.length === 0) throw new AddrError('ADDR_ERR_DOWNLOAD', [`the folder ${folder} lists no ADDRFEAT file of ${state}`]);
      names.push(...found.filter((n) => !names.includes(n)));
    }
    const paths = await downloadAll(names.map((n) => `${folder}${n}`), dataDir, ctx, 'check --county (five-digit FIPS) and --year');
    await importRangeFiles(paths, dataDir, locality, flags.json === true, ctx);
    return EXIT_OK;
  } finally {
    locality.close();
  }
}
