// The ZIP writer of workbooks (zip-writer.ts): what it writes is read back by yauzl with the same
// bytes and CRC-32 — a streamed entry of many pieces deflated in parallel (sync-flushed pieces and
// a final empty block) included — and a source that fails mid-stream fails the write.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { describe, expect, it } from 'vitest';
import { PIECE_BYTES, ZipWriter } from '../../src/formats/zip/zip-writer.js';
import { tempDir } from '../commands/run-cli.js';

async function readZip(path: string): Promise<{ name: string; data: Buffer; crc: number; flags: number }[]> {
  const zip = await new Promise<ZipFile>((resolve, reject) => yauzl.open(path, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))));
  const out: { name: string; data: Buffer; crc: number; flags: number }[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          out.push({ name: entry.fileName, data: Buffer.concat(chunks), crc: entry.crc32, flags: entry.generalPurposeBitFlag });
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return out;
}

/** Text that compresses like a worksheet, in chunks of odd sizes. */
function* sheetChunks(rows: number): Generator<Buffer> {
  for (let r = 0; r < rows; r += 997) {
    let text = '';
    for (let i = r; i < Math.min(rows, r + 997); i++) text += `<row r="${i}"><c r="A${i}" t="inlineStr"><is><t>${(i * 7919).toString(36)} Main St</t></is></c></row>`;
    yield Buffer.from(text);
  }
}

describe('the workbook ZIP writer', () => {
  it('writes whole and streamed entries that read back byte for byte with their CRC-32', async () => {
    const dir = tempDir();
    const path = join(dir, 'a.zip');
    const out = createWriteStream(path);
    const zip = new ZipWriter(out, new Date(2026, 10, 22, 13, 45, 30));
    const small = Buffer.from('<?xml version="1.0"?><Types/>');
    const big = Buffer.concat([...sheetChunks(60_000)]);
    expect(big.length).toBeGreaterThan(3 * PIECE_BYTES); // several pieces, and a short last one
    await zip.addBuffer('[Content_Types].xml', small);
    await zip.addStream('xl/worksheets/sheet1.xml', (async function* () { yield* sheetChunks(60_000); })(), 1);
    await zip.addStream('empty.xml', (async function* () {})(), 1);
    await zip.finish();
    await finished(out);

    const entries = await readZip(path);
    expect(entries.map((e) => e.name)).toEqual(['[Content_Types].xml', 'xl/worksheets/sheet1.xml', 'empty.xml']);
    const [first, sheet, empty] = entries as [typeof entries[0], typeof entries[0], typeof entries[0]];
    expect(first.data.equals(small)).toBe(true);
    expect(first.crc).toBe(crc32(small));
    expect(sheet.data.equals(big)).toBe(true);
    expect(sheet.crc).toBe(crc32(big));
    expect(sheet.flags & 0x08).toBe(8); // sizes in a data descriptor
    expect(empty.data.length).toBe(0);
  });

  it('fails the write with the error of a source that fails mid-stream', async () => {
    const out = createWriteStream(join(tempDir(), 'b.zip'));
    await once(out, 'open');
    const zip = new ZipWriter(out, new Date());
    const failing = (async function* () {
      yield* sheetChunks(30_000);
      throw new Error('the journal could not be read');
    })();
    await expect(zip.addStream('xl/worksheets/sheet1.xml', failing, 1)).rejects.toThrow('the journal could not be read');
    out.destroy(); // as writeXlsx does: the writes still pending fail quietly (the writer listens for errors)
    await new Promise<void>((resolve) => out.once('close', () => resolve()));
  });
});
