// The chunk output of addr batch workers: records encoded as UTF-8 one after another.
import { describe, expect, it } from 'vitest';
import { OutputBytes } from '../../src/batch/output-bytes.js';

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

describe('OutputBytes', () => {
  it('encodes each record with its line ending, as lines joined and encoded would be', () => {
    const out = new OutputBytes('\r\n', 16);
    const records = ['a,b', '', 'Zoë,Peña', '北京,"x"', '\u{1F3E0} 1 Main St', 'x'.repeat(5000)];
    for (const r of records) out.push(r);
    const bytes = out.take();
    expect(text(bytes)).toBe(records.map((r) => `${r}\r\n`).join(''));
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.byteLength).toBe(bytes.buffer.byteLength); // transferable whole
  });

  it('starts over after take() and clear()', () => {
    const out = new OutputBytes('\n', 8);
    out.push('first');
    expect(text(out.take())).toBe('first\n');
    out.push('dropped');
    out.clear();
    out.push('second');
    expect(text(out.take())).toBe('second\n');
    expect(out.take().byteLength).toBe(0);
  });
});
