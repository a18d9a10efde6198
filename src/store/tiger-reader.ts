/**
 * Reads TIGER/Line ADDRFEAT shapefiles as the Census Bureau ships them: one zip
 * per county (`tl_2021_30059_addrfeat.zip`, read in place with yauzl), or the
 * `.shp` + `.dbf` pair unzipped, or a folder of either. The records come from
 * the `shapefile` package (streamed: a county's file is never held whole).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import * as shapefile from 'shapefile';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { AddrError } from '../core/model/errors.js';

/** The fields of an ADDRFEAT record that the import reads. */
export interface AddrfeatRecord {
  TLID: number | null;
  FULLNAME: string | null;
  LFROMHN: string | null;
  LTOHN: string | null;
  RFROMHN: string | null;
  RTOHN: string | null;
  ZIPL: string | null;
  ZIPR: string | null;
  PARITYL: string | null;
  PARITYR: string | null;
}

/** One shapefile to import: its source name and how to open its two parts. */
export interface AddrfeatFile {
  name: string; // tl_2021_30059_addrfeat
  path: string; // the zip, or the .shp
  open(): Promise<{ shp: Readable; dbf: Readable; encoding: string; close(): void }>;
}

/** True when a path names something the ADDRFEAT reader takes (a zip holding a shapefile, a .shp). */
export function looksLikeAddrfeat(path: string): boolean {
  return /\.(zip|shp|dbf)$/i.test(path);
}

function zipOpen(path: string): Promise<ZipFile> {
  return new Promise((res, rej) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true }, (err, z) => (err !== null ? rej(err) : res(z)));
  });
}

async function zipEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  await new Promise<void>((res, rej) => {
    zip.on('entry', (e: Entry) => {
      entries.set(basename(e.fileName.replace(/\\/g, '/')).toLowerCase(), e);
      zip.readEntry();
    });
    zip.once('end', () => res());
    zip.once('error', rej);
    zip.readEntry();
  });
  return entries;
}

function entryStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((res, rej) => zip.openReadStream(entry, (err, s) => (err !== null ? rej(err) : res(s))));
}

async function streamText(s: Readable): Promise<string> {
  let out = '';
  for await (const chunk of s) out += (chunk as Buffer).toString('latin1');
  return out;
}

// The .cpg names the .dbf's encoding (TIGER/Line: UTF-8); without it, the dBase default.
function encodingOf(cpg: string | null): string {
  const name = (cpg ?? '').trim().toLowerCase();
  return name === '' ? 'windows-1252' : /utf-?8/.test(name) ? 'utf-8' : name;
}

const readError = (why: string, cause?: unknown): AddrError => new AddrError('ADDR_ERR_IMPORT_READ', [why], cause !== undefined ? { cause } : undefined);

/** The shapefile inside a zip. */
async function zipFile(path: string): Promise<AddrfeatFile> {
  let zip: ZipFile;
  try {
    zip = await zipOpen(path);
  } catch (err) {
    throw readError(`'${path}' is not a readable zip file (${err instanceof Error ? err.message : String(err)})`, err);
  }
  const entries = await zipEntries(zip);
  zip.close();
  const shpName = [...entries.keys()].find((n) => n.endsWith('.shp'));
  if (shpName === undefined) throw readError(`'${path}' holds no .shp file: give a TIGER/Line ADDRFEAT zip (tl_YYYY_SSCCC_addrfeat.zip)`);
  const stem = shpName.slice(0, -4);
  if (!entries.has(`${stem}.dbf`)) throw readError(`'${path}' holds ${shpName} without its ${stem}.dbf`);
  return {
    name: stem,
    path,
    open: async () => {
      const z = await zipOpen(path);
      const list = await zipEntries(z);
      const cpg = list.get(`${stem}.cpg`);
      const encoding = encodingOf(cpg !== undefined ? await streamText(await entryStream(z, cpg)) : null);
      const shp = await entryStream(z, list.get(shpName) as Entry);
      const dbf = await entryStream(z, list.get(`${stem}.dbf`) as Entry);
      return { shp, dbf, encoding, close: () => z.close() };
    },
  };
}

/** A .shp with the .dbf beside it. */
function shpFile(path: string): AddrfeatFile {
  const stem = path.replace(/\.(shp|dbf)$/i, '');
  return {
    name: basename(stem),
    path: `${stem}.shp`,
    open: async () => {
      let cpg: string | null = null;
      try {
        cpg = await streamText(createReadStream(`${stem}.cpg`));
      } catch {
        cpg = null; // no .cpg: the dBase default
      }
      const shp = createReadStream(`${stem}.shp`);
      const dbf = createReadStream(`${stem}.dbf`);
      return { shp, dbf, encoding: encodingOf(cpg), close: () => { shp.destroy(); dbf.destroy(); } };
    },
  };
}

/** The ADDRFEAT shapefiles of the paths given: zips, .shp/.dbf pairs, and the zips and pairs of folders. */
export async function addrfeatFiles(paths: readonly string[]): Promise<AddrfeatFile[]> {
  const out: AddrfeatFile[] = [];
  const seen = new Set<string>();
  const add = (f: AddrfeatFile): void => {
    if (!seen.has(f.path)) out.push(f);
    seen.add(f.path);
  };
  for (const path of paths) {
    let info;
    try {
      info = await stat(path);
    } catch (err) {
      throw readError(`no file '${path}'`, err);
    }
    if (info.isDirectory()) {
      const names = (await readdir(path)).filter((n) => /\.(zip|shp)$/i.test(n)).sort();
      if (names.length === 0) throw readError(`the folder '${path}' holds no .zip or .shp file`);
      for (const n of names) add(/\.zip$/i.test(n) ? await zipFile(join(path, n)) : shpFile(join(path, n)));
    } else if (/\.zip$/i.test(path)) add(await zipFile(path));
    else add(shpFile(path));
  }
  return out;
}

/** The SHA-256 of a shapefile's decoded .shp and .dbf (the same content zipped anew hashes the same). */
export async function hashAddrfeat(file: AddrfeatFile): Promise<string> {
  const parts = await file.open();
  try {
    const digest = async (s: Readable): Promise<string> => {
      const h = createHash('sha256');
      for await (const chunk of s) h.update(chunk as Buffer);
      return h.digest('hex');
    };
    const shp = await digest(parts.shp);
    const dbf = await digest(parts.dbf);
    return createHash('sha256').update(`${shp}:${dbf}`).digest('hex');
  } catch (err) {
    throw readError(`cannot read '${file.path}': ${err instanceof Error ? err.message : String(err)}`, err);
  } finally {
    parts.close();
  }
}

/** Calls `each` for every record of a shapefile, with its line flattened to lon, lat pairs (empty: no geometry). */
export async function readAddrfeat(file: AddrfeatFile, each: (record: AddrfeatRecord, coords: number[]) => void): Promise<void> {
  const parts = await file.open();
  try {
    const source = await shapefile.open(parts.shp, parts.dbf, { encoding: parts.encoding });
    for (;;) {
      const r = await source.read();
      if (r.done) break;
      const g = r.value.geometry as { type: string; coordinates: unknown } | null;
      const coords: number[] = [];
      const lines = g === null ? [] : g.type === 'LineString' ? [g.coordinates as number[][]] : g.type === 'MultiLineString' ? (g.coordinates as number[][][]) : [];
      for (const line of lines) for (const p of line) coords.push(p[0] as number, p[1] as number);
      each(r.value.properties as unknown as AddrfeatRecord, coords);
    }
  } catch (err) {
    if (err instanceof AddrError) throw err;
    throw readError(`'${file.path}' is not a readable shapefile (${err instanceof Error ? err.message : String(err)})`, err);
  } finally {
    parts.close();
  }
}
