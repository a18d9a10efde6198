/**
 * A streaming ZIP writer for the workbooks `addr batch` writes (xlsx-write.ts).
 * yazl did this before; it computes CRC-32 in JavaScript and deflates an entry
 * on one thread, which made zipping a 100,000-row worksheet (~110 MB of XML)
 * about a fifth of the whole run. Here:
 *  - CRC-32 is node's zlib.crc32 (native);
 *  - a streamed entry is deflated in pieces of PIECE_BYTES, several at a time on
 *    libuv's thread pool: each piece is a raw deflate stream ended by a sync
 *    flush (byte-aligned, not final), the pieces are written in order, and an
 *    empty final block closes the entry — the technique of pigz. Each piece
 *    starts without the previous one's window, which costs a fraction of a
 *    percent of size at this piece size.
 * The archive is plain ZIP (no ZIP64): an entry or archive past 4 GiB - 1 byte
 * is refused with an error, beyond what a spreadsheet holds (Excel: 1,048,576
 * rows). Entry names are ASCII. Sizes and CRC of a streamed entry follow its
 * data in a data descriptor (general purpose flag bit 3).
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';

const deflatePiece = promisify(deflateRaw);

/** Uncompressed bytes deflated as one piece. */
export const PIECE_BYTES = 1 << 20;
/** Pieces being deflated at once (libuv's pool has 4 threads by default). */
const PIECES_IN_FLIGHT = 4;
const MAX_32 = 0xffff_ffff;

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const VERSION = 20; // 2.0: deflate
const DEFLATE = 8;
const FLAG_DATA_DESCRIPTOR = 0x0008;
// The final empty block that closes a deflate stream made of sync-flushed pieces.
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));

interface CentralEntry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** The MS-DOS time and date of `d` (local time, 2-second precision). */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** Writes a ZIP archive to `out`, entry after entry; `finish()` writes the central directory and ends `out`. */
export class ZipWriter {
  private readonly out: Writable;
  private readonly time: number;
  private readonly date: number;
  private readonly entries: CentralEntry[] = [];
  private offset = 0;
  private failure: Error | null = null;

  constructor(out: Writable, mtime: Date) {
    this.out = out;
    // The output's first error fails the next write (and a wait for 'drain' at once).
    out.on('error', (err: Error) => {
      this.failure ??= err;
    });
    ({ time: this.time, date: this.date } = dosDateTime(mtime));
  }

  private async write(chunk: Buffer): Promise<void> {
    if (this.failure !== null) throw this.failure;
    this.offset += chunk.length;
    if (this.offset > MAX_32) throw new Error('the workbook would pass 4 GiB, more than a ZIP without ZIP64 holds');
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  private localHeader(name: Buffer, flags: number, crc: number, compressed: number, size: number): Buffer {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(LOCAL_HEADER, 0);
    h.writeUInt16LE(VERSION, 4);
    h.writeUInt16LE(flags, 6);
    h.writeUInt16LE(DEFLATE, 8);
    h.writeUInt16LE(this.time, 10);
    h.writeUInt16LE(this.date, 12);
    h.writeUInt32LE(crc, 14);
    h.writeUInt32LE(compressed, 18);
    h.writeUInt32LE(size, 22);
    h.writeUInt16LE(name.length, 26);
    h.writeUInt16LE(0, 28); // no extra field
    return Buffer.concat([h, name]);
  }

  /** Adds an entry whose whole content is at hand (deflated at once). */
  async addBuffer(name: string, data: Buffer, level = constants.Z_DEFAULT_COMPRESSION): Promise<void> {
    const nameBytes = Buffer.from(name, 'ascii');
    const deflated = deflateRawSync(data, { level });
    const entry: CentralEntry = { name: nameBytes, flags: 0, crc: crc32(data), compressed: deflated.length, size: data.length, offset: this.offset };
    await this.write(this.localHeader(nameBytes, 0, entry.crc, entry.compressed, entry.size));
    await this.write(deflated);
    this.entries.push(entry);
  }

  /** Adds an entry from `source`'s chunks (any sizes), deflated in parallel pieces at `level`. */
  async addStream(name: string, source: AsyncIterable<Buffer>, level: number): Promise<void> {
    const nameBytes = Buffer.from(name, 'ascii');
    const entry: CentralEntry = { name: nameBytes, flags: FLAG_DATA_DESCRIPTOR, crc: 0, compressed: 0, size: 0, offset: this.offset };
    await this.write(this.localHeader(nameBytes, FLAG_DATA_DESCRIPTOR, 0, 0, 0));
    const inFlight: Promise<Buffer>[] = [];
    const emit = async (piece: Buffer): Promise<void> => {
      entry.crc = crc32(piece, entry.crc);
      entry.size += piece.length;
      if (entry.size > MAX_32) throw new Error(`the entry ${name} would pass 4 GiB, more than a ZIP without ZIP64 holds`);
      // One output buffer the size of the piece: deflated data comes back in one round trip to
      // libuv's pool, not one per 16 KiB (zlib's default), which cost ~0.4 ms apiece on busy cores.
      inFlight.push(deflatePiece(piece, { level, finishFlush: constants.Z_SYNC_FLUSH, chunkSize: Math.max(piece.length, 64 * 1024) }));
      if (inFlight.length >= PIECES_IN_FLIGHT) await this.writeDeflated(entry, await (inFlight.shift() as Promise<Buffer>));
    };
    try {
      let parts: Buffer[] = [];
      let pending = 0;
      for await (const chunk of source) {
        parts.push(chunk);
        pending += chunk.length;
        if (pending >= PIECE_BYTES) {
          await emit(parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, pending));
          parts = [];
          pending = 0;
        }
      }
      if (pending > 0) await emit(Buffer.concat(parts, pending));
      while (inFlight.length > 0) await this.writeDeflated(entry, await (inFlight.shift() as Promise<Buffer>));
    } finally {
      // A failed source or write: let the pieces still deflating settle, unobserved.
      for (const p of inFlight) p.catch(() => {});
    }
    await this.writeDeflated(entry, FINAL_BLOCK);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.write(descriptor);
    this.entries.push(entry);
  }

  private async writeDeflated(entry: CentralEntry, data: Buffer): Promise<void> {
    entry.compressed += data.length;
    await this.write(data);
  }

  /** Writes the central directory and the end record, and ends the output. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(CENTRAL_HEADER, 0);
      h.writeUInt16LE(VERSION, 4); // made by: MS-DOS, 2.0
      h.writeUInt16LE(VERSION, 6);
      h.writeUInt16LE(e.flags, 8);
      h.writeUInt16LE(DEFLATE, 10);
      h.writeUInt16LE(this.time, 12);
      h.writeUInt16LE(this.date, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      // extra length, comment length, disk number, internal and external attributes: 0
      h.writeUInt32LE(e.offset, 42);
      await this.write(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    this.out.end();
  }
}
