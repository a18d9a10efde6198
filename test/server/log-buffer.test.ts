// The request log's stream: the lines of a few milliseconds reach stderr in one write, and nothing is lost.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FLUSH_MS, LogBuffer } from '../../src/server/log-buffer.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('LogBuffer', () => {
  it('writes the lines of FLUSH_MS together, in order, once that time is past; flush() writes at once', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const buffer = new LogBuffer({ write: (text: string) => writes.push(text) } as unknown as NodeJS.WritableStream);
    buffer.write('{"a":1}\n');
    vi.advanceTimersByTime(FLUSH_MS - 1);
    buffer.write('{"a":2}\n');
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1); // FLUSH_MS after the first line
    expect(writes).toEqual(['{"a":1}\n{"a":2}\n']);
    buffer.write('{"a":3}\n');
    buffer.flush();
    expect(writes).toEqual(['{"a":1}\n{"a":2}\n', '{"a":3}\n']);
    vi.advanceTimersByTime(FLUSH_MS * 2);
    expect(writes).toHaveLength(2); // the flush cancelled the timer, and there was nothing left
    buffer.write('{"a":4}\n');
    vi.advanceTimersByTime(FLUSH_MS);
    expect(writes).toEqual(['{"a":1}\n{"a":2}\n', '{"a":3}\n', '{"a":4}\n']);
  });

  it('writes at once, without waiting for the timer, when 64 KB are waiting', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const buffer = new LogBuffer({ write: (text: string) => writes.push(text) } as unknown as NodeJS.WritableStream);
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 63; i++) buffer.write(line);
    expect(writes).toEqual([]);
    buffer.write(line);
    expect(writes).toEqual([line.repeat(64)]);
    vi.advanceTimersByTime(FLUSH_MS);
    expect(writes).toHaveLength(1);
  });

  it('with atomic lines, writes whole lines in pieces of at most 4096 bytes (counted in bytes, not characters), in order', () => {
    const writes: string[] = [];
    const buffer = new LogBuffer({ write: (text: string) => writes.push(text) } as unknown as NodeJS.WritableStream, true);
    // 300 lines of 100-400 bytes, some of them with 2- and 3-byte characters.
    const lines = Array.from({ length: 300 }, (_, i) => `{"i":${i},"s":"${(i % 3 === 0 ? 'é€' : 'ab').repeat(20 + (i * 7) % 60)}"}\n`);
    for (const line of lines) buffer.write(line);
    buffer.flush();
    expect(writes.join('')).toBe(lines.join(''));
    expect(writes.length).toBeGreaterThan(1);
    for (const [i, write] of writes.entries()) {
      expect(Buffer.byteLength(write)).toBeLessThanOrEqual(4096);
      expect(write.endsWith('\n')).toBe(true);
      // Full: the next write's first line would not have fitted.
      const next = writes[i + 1];
      if (next !== undefined) expect(Buffer.byteLength(write) + Buffer.byteLength(next.slice(0, next.indexOf('\n') + 1))).toBeGreaterThan(4096);
    }
  });
});
