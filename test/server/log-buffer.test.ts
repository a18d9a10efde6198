// The request log's stream: the lines of one event-loop turn reach stderr in one write, and nothing is lost.
import { describe, expect, it } from 'vitest';
import { LogBuffer } from '../../src/server/log-buffer.js';

describe('LogBuffer', () => {
  it('writes the lines of one turn together, in order, once the turn is done; flush() writes at once', async () => {
    const writes: string[] = [];
    const buffer = new LogBuffer({ write: (text: string) => writes.push(text) } as unknown as NodeJS.WritableStream);
    buffer.write('{"a":1}\n');
    buffer.write('{"a":2}\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['{"a":1}\n{"a":2}\n']);
    buffer.write('{"a":3}\n');
    buffer.flush();
    expect(writes).toEqual(['{"a":1}\n{"a":2}\n', '{"a":3}\n']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(2); // the scheduled flush finds nothing left
  });

  it('with atomic lines, writes whole lines in pieces of at most 4096 bytes (counted in bytes, not characters), in order', async () => {
    const writes: string[] = [];
    const buffer = new LogBuffer({ write: (text: string) => writes.push(text) } as unknown as NodeJS.WritableStream, true);
    // 300 lines of 100-400 bytes, some of them with 2- and 3-byte characters.
    const lines = Array.from({ length: 300 }, (_, i) => `{"i":${i},"s":"${(i % 3 === 0 ? 'é€' : 'ab').repeat(20 + (i * 7) % 60)}"}\n`);
    for (const line of lines) buffer.write(line);
    await new Promise((resolve) => setImmediate(resolve));
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
