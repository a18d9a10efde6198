/**
 * The parts of a workbook's zip, read on demand through yauzl's central directory: each part
 * read and inflated in large pieces and checked against the size the directory gives.
 */
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';
import { createReadStream } from 'node:fs';
import { Readable, pipeline } from 'node:stream';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { XlsxReadError } from './xlsx-row.js';

/** Bytes of a part read from the file at a time, and inflated bytes handed on at a time. */
const RAW_PIECE = 1024 * 1024;
const INFLATED_PIECE = 256 * 1024;

/** An opened workbook: its entries by name, read on demand. */
export class ZipParts {
  private constructor(private readonly path: string, private readonly zip: ZipFile, private readonly entries: Map<string, Entry>) {}

  static async open(path: string): Promise<ZipParts> {
    const zip = await new Promise<ZipFile>((res, rej) => {
      yauzl.open(path, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true }, (err, z) => (err !== null ? rej(err) : res(z)));
    });
    const entries = new Map<string, Entry>();
    await new Promise<void>((res, rej) => {
      zip.on('entry', (e: Entry) => {
        entries.set(e.fileName.replace(/\\/g, '/'), e);
        zip.readEntry();
      });
      zip.once('end', () => res());
      zip.once('error', rej);
      zip.readEntry();
    });
    return new ZipParts(path, zip, entries);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The part's text, streamed in pieces; null when the zip has no such part. */
  async stream(name: string): Promise<AsyncIterable<string> | null> {
    const entry = this.entries.get(name);
    if (entry === undefined) return null;
    if (entry.isEncrypted()) throw new XlsxReadError(`its part ${name} is encrypted`);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      throw new XlsxReadError(`its part ${name} is compressed with method ${entry.compressionMethod}, which is neither stored nor deflate`);
    }
    // The raw data read in pieces of RAW_PIECE bytes and inflated in pieces of INFLATED_PIECE, not
    // through yauzl's stream (16 KiB reads, 16 KiB inflated pieces): each piece is a round trip to
    // libuv's pool, and those cost ~0.4 ms apiece while the batch workers keep both cores busy,
    // which made reading a 100,000-row worksheet's bytes cost more than reading its cells.
    const { fileDataStart } = await this.zip.readLocalFileHeaderPromise(entry, { minimal: true });
    const raw: Readable = entry.compressedSize === 0
      ? Readable.from([])
      : createReadStream(this.path, { start: fileDataStart, end: fileDataStart + entry.compressedSize - 1, highWaterMark: RAW_PIECE });
    if (entry.compressionMethod === 0) return decodeUtf8(raw, name, entry.uncompressedSize);
    // pipeline: an error of either stream reaches the reader, and a reader that stops early (the
    // sheet's end, a run's allowance) closes the file too.
    const inflate = pipeline(raw, createInflateRaw({ chunkSize: INFLATED_PIECE }), () => {});
    return decodeUtf8(inflate, name, entry.uncompressedSize);
  }

  async text(name: string): Promise<string | null> {
    const pieces = await this.stream(name);
    if (pieces === null) return null;
    let out = '';
    for await (const p of pieces) out += p;
    return out;
  }

  close(): void {
    this.zip.close();
  }
}

// StringDecoder rather than TextDecoder: V8's own UTF-8 decoding, about twice as fast as
// TextDecoder's here on a worksheet's text; both keep a character split between pieces whole.
/** The text of a part's bytes; throws when they are not the `size` bytes the zip's directory says. */
async function* decodeUtf8(stream: Readable, name: string, size: number): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let first = true;
  // The part's text without a byte order mark at its start.
  const unmarked = (text: string): string => {
    if (!first || text.length === 0) return text;
    first = false;
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  };
  let bytes = 0;
  for await (const buf of stream as AsyncIterable<Buffer>) {
    bytes += buf.length;
    const text = unmarked(decoder.write(buf));
    if (text.length > 0) yield text;
  }
  if (bytes !== size) throw new XlsxReadError(`its part ${name} holds ${bytes} bytes where the zip's directory says ${size} (a damaged file?)`);
  const tail = unmarked(decoder.end());
  if (tail.length > 0) yield tail;
}

// ---- the workbook's parts

