// The writers in process: exact bytes for json arrays, csv quoting and table layout.
import { describe, expect, it } from 'vitest';
import type { Output } from '../../src/commands/io.js';
import { createRenderer, csvField } from '../../src/commands/render.js';
import type { Column } from '../../src/commands/render.js';

function memoryOutput(): Output & { text: string } {
  return {
    text: '',
    gone: false,
    async write(chunk: string) {
      this.text += chunk;
      return true;
    },
  };
}

const COLUMNS: Column[] = [
  { header: 'a', path: ['a'] },
  { header: 'b.c', path: ['b', 'c'] },
  { header: 'list', path: ['list'] },
];

describe('render', () => {
  it.each([
    ['plain', 'plain'],
    ['with, comma', '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [' padded', '" padded"'],
    ['', ''],
  ])('csvField(%j) = %j', (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it('json with many=true streams one array, even for one result', async () => {
    const out = memoryOutput();
    const r = createRenderer(out, { format: 'json', columns: COLUMNS, many: true, color: false });
    await r.write({ a: 1 });
    await r.end();
    expect(out.text).toBe('[\n  {\n    "a": 1\n  }\n]\n');
    expect(JSON.parse(out.text)).toEqual([{ a: 1 }]);
  });

  it('csv writes the header once and flattens nested values and lists', async () => {
    const out = memoryOutput();
    const r = createRenderer(out, { format: 'csv', columns: COLUMNS, many: true, color: false });
    await r.write({ a: 'x', b: { c: 2 }, list: ['P', 'Q'] });
    await r.write({ a: null, b: null, list: [] });
    await r.end();
    expect(out.text).toBe('a,b.c,list\nx,2,P; Q\n,,\n');
  });

  it('table aligns keys of present values and separates results by a blank line', async () => {
    const out = memoryOutput();
    const r = createRenderer(out, { format: 'table', columns: COLUMNS, many: true, color: false });
    await r.write({ a: 'x', b: { c: 'long value' }, list: [] });
    await r.write({});
    expect(out.text).toBe('a    x\nb.c  long value\n\n(nothing recognised)\n');
  });
});
