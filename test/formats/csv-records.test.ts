// The streaming CSV reader of the point importer (RFC 4180 plus the relaxations
// address sources need), fed in chunks cut at every position.
import { describe, expect, it } from 'vitest';
import { readCsvRecords } from '../../src/formats/csv/csv-records.js';
import type { CsvRecord } from '../../src/formats/csv/csv-records.js';

async function read(text: string, cut?: number): Promise<CsvRecord[]> {
  const chunks = cut === undefined ? [text] : [text.slice(0, cut), text.slice(cut)];
  const out: CsvRecord[] = [];
  for await (const batch of readCsvRecords(chunks, ',')) out.push(...batch);
  return out;
}

const TEXT = '\ufeffA,B,C\r\n1,"Main St, Apt 2",x\n2,"say ""hi""",y\n3,"two\nlines",z\n\n4,5 1/2" pipe,w\n5,last,v';

describe('readCsvRecords', () => {
  it('reads quoted commas, doubled quotes, line breaks in quotes, CRLF, a BOM, blank lines and a last line without a break', async () => {
    expect(await read(TEXT)).toEqual([
      { line: 1, fields: ['A', 'B', 'C'] },
      { line: 2, fields: ['1', 'Main St, Apt 2', 'x'] },
      { line: 3, fields: ['2', 'say "hi"', 'y'] },
      { line: 4, fields: ['3', 'two\nlines', 'z'] },
      { line: 7, fields: ['4', '5 1/2" pipe', 'w'] },
      { line: 8, fields: ['5', 'last', 'v'] },
    ]);
  });

  it('gives the same records however the input is cut into chunks', async () => {
    const whole = await read(TEXT);
    for (let cut = 1; cut < TEXT.length; cut++) expect(await read(TEXT, cut)).toEqual(whole);
  });

  it('reports a quoted field never closed as one error record and reads the lines after it', async () => {
    expect(await read('A,B\n1,"open\n2,x\n3,y\n')).toEqual([
      { line: 1, fields: ['A', 'B'] },
      { line: 2, error: 'a quoted field is never closed' },
      { line: 3, fields: ['2', 'x'] },
      { line: 4, fields: ['3', 'y'] },
    ]);
  });

  it('reads as addr batch reads (one dialect): a lone CR ends a record, a quote inside a field is text', async () => {
    expect(await read('A,B\r1,x\r2,a"b\r\n3,"c\rd"\n')).toEqual([
      { line: 1, fields: ['A', 'B'] },
      { line: 2, fields: ['1', 'x'] },
      { line: 3, fields: ['2', 'a"b'] },
      { line: 4, fields: ['3', 'c\rd'] },
    ]);
  });
});
