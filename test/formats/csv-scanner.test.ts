// Record boundaries (csv-scanner.ts), chunks (batch-text-input.ts) and fields (csv-record.ts) of
// `addr batch`: BOM, LF/CRLF/CR, quoted commas, quotes and line breaks, a quote never closed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTextChunks } from '../../src/formats/csv/csv-chunks.js';
import { formatRecord, parseRecord, stripLineBreak } from '../../src/formats/csv/csv-record.js';

/** Every record of `text` (fed in pieces of `piece` bytes) as fields, with its line, via the chunker. */
async function records(text: string | Buffer, delimiter = ',', piece = 3, chunkRows = 2): Promise<{ fields: string[] | null; line: number; at: number }[]> {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  async function* pieces(): AsyncGenerator<Buffer> {
    for (let i = 0; i < bytes.length; i += piece) yield bytes.subarray(i, i + piece);
  }
  const out: { fields: string[] | null; line: number; at: number }[] = [];
  for await (const chunk of readTextChunks(pieces(), delimiter, 0, 1, chunkRows)) {
    let start = 0;
    chunk.ends.forEach((end, k) => {
      const raw = stripLineBreak(Buffer.from(chunk.bytes.subarray(start, end)).toString('utf8'));
      out.push({ fields: parseRecord(raw, delimiter, chunk.quoted[k] === 1), line: chunk.lines[k] as number, at: chunk.startOffset + start });
      start = end;
    });
  }
  return out;
}

describe('reading CSV/TSV records', () => {
  it.each([1, 2, 3, 7, 1000])('gives the same records whatever the read size (%i bytes)', async (piece) => {
    const text = 'a,b\r\n"x, y","say ""hi"""\r\n"two\r\nlines",z\r\n,\r\n';
    expect((await records(text, ',', piece)).map((r) => r.fields)).toEqual([['a', 'b'], ['x, y', 'say "hi"'], ['two\r\nlines', 'z'], ['', '']]);
  });

  it('reads back any records written by formatRecord, with any line endings and read sizes', async () => {
    // Fields with quotes, delimiters and line breaks (quoted when written), records ended by LF,
    // CRLF or a lone CR: the records read back are the records written, on the lines they start on.
    const field = fc.stringMatching(/^[ab",\r\n]{0,6}$/);
    const record = fc.array(field, { minLength: 1, maxLength: 4 }).filter((f) => f.length > 1 || f[0] !== '');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(record, fc.constantFrom('\n', '\r\n', '\r')), { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 40 }), async (rows, piece) => {
        let text = '';
        let line = 1;
        const expected: { fields: string[]; line: number }[] = [];
        for (const [fields, eol] of rows) {
          const written = formatRecord(fields, ',');
          expected.push({ fields, line });
          text += written + eol;
          line += (written.match(/\r\n|\r|\n/g) ?? []).length + 1;
        }
        expect((await records(text, ',', piece, 3)).map(({ fields, line }) => ({ fields, line }))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('drops a BOM and counts it in the offsets', async () => {
    const got = await records(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('zip\n2108\n')]));
    expect(got).toEqual([{ fields: ['zip'], line: 1, at: 3 }, { fields: ['2108'], line: 2, at: 7 }]);
  });

  it('ends records at LF, CRLF and a lone CR, and keeps the last record without a line break', async () => {
    expect((await records('a\rb\r\nc\nd')).map((r) => [r.fields, r.line])).toEqual([[['a'], 1], [['b'], 2], [['c'], 3], [['d'], 4]]);
    expect((await records('a\r')).map((r) => r.fields)).toEqual([['a']]);
  });

  it('keeps empty lines as records (rows are never dropped)', async () => {
    expect((await records('h\n\nx\n')).map((r) => r.fields)).toEqual([['h'], [''], ['x']]);
  });

  it('counts the lines of quoted line breaks', async () => {
    expect((await records('h\n"1\n2\n3"\nnext\n')).map((r) => r.line)).toEqual([1, 2, 5]);
  });

  it('keeps a quote inside an unquoted field as text (12" pipe)', async () => {
    expect((await records('12" pipe,x\nb\n')).map((r) => r.fields)).toEqual([['12" pipe', 'x'], ['b']]);
  });

  it('reads a quote never closed as one malformed record and the lines after it as records', async () => {
    expect((await records('h\n"open,x\nnext,1\n')).map((r) => r.fields)).toEqual([['h'], null, ['next', '1']]);
  });

  it('reads TSV', async () => {
    expect((await records('a\tb\n"x\ty"\tz\n', '\t')).map((r) => r.fields)).toEqual([['a', 'b'], ['x\ty', 'z']]);
  });
});

describe('writing records', () => {
  it('quotes only fields holding the delimiter, a quote or a line break', () => {
    expect(formatRecord(['a', 'b,c', 'say "hi"', 'x\ny', ''], ',')).toBe('a,"b,c","say ""hi""","x\ny",');
    expect(formatRecord(['a,b', 'c\td'], '\t')).toBe('a,b\t"c\td"');
  });
  it('round-trips through parseRecord', () => {
    const fields = ['1', 'He said "no", twice', '', 'Apt 4, rear'];
    expect(parseRecord(formatRecord(fields, ','), ',', true)).toEqual(fields);
  });
});
