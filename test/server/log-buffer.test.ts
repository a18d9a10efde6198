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
});
