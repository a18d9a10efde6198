// The lean XLSX reader and writer of `addr batch` (xlsx-read.ts, xlsx-write.ts): a hand-made
// workbook with the quirks real files have (parts in any zip order, shared strings after the
// sheet, prefixed tags, date styles and the 1904 date system, formulas, gaps, rich and phonetic
// text, escapes), and a written workbook read back by exceljs and by the reader itself.
import { createWriteStream, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { openXlsx } from '../../src/formats/xlsx/xlsx-read.js';
import type { XlsxRow } from '../../src/formats/xlsx/xlsx-read.js';
import { rowXml, writeXlsx } from '../../src/formats/xlsx/xlsx-write.js';
import { tempDir } from '../commands/run-cli.js';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

async function zipOf(path: string, parts: [string, string][], compress = true): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of parts) zip.addBuffer(Buffer.from(text, 'utf8'), name, { compress });
  zip.end();
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  await finished(out);
}

async function readAll(path: string, sheet?: string): Promise<{ sheets: string[]; rows: XlsxRow[] }> {
  const book = await openXlsx(path);
  try {
    const entry = sheet === undefined ? book.sheets[0] : book.sheets.find((s) => s.name === sheet);
    const rows: XlsxRow[] = [];
    if (entry !== undefined) for await (const batch of book.rows(entry, 2)) rows.push(...batch);
    return { sheets: book.sheets.map((s) => s.name), rows };
  } finally {
    book.close();
  }
}

const SHEET = `<?xml version="1.0" encoding="UTF-8"?>
<x:worksheet xmlns:x="${MAIN}"><x:dimension ref="A1:F6"/><x:sheetData>
<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c><x:c r="C1" t="inlineStr"><x:is><x:r><x:t>Zip </x:t></x:r><x:r><x:t xml:space="preserve">code</x:t></x:r><x:rPh sb="0" eb="1"><x:t>ZIPU</x:t></x:rPh></x:is></x:c></x:row>
<x:row r="2" spans="1:6"><x:c r="A2"><x:v>2108</x:v></x:c><x:c r="C2" s="1"><x:v>45429</x:v></x:c><x:c r="D2" s="2"><x:v>1.5E3</x:v></x:c><x:c r="E2" s="3"><x:v>45429.5</x:v></x:c><x:c r="F2" t="b"><x:v>1</x:v></x:c></x:row>
<x:row r="3"/>
<x:row r="5"><x:c r="B5" t="str"><x:f>A2&amp;"x"</x:f><x:v>2108x</x:v></x:c><x:c r="C5"><x:f>A2*2</x:f><x:v>4216</x:v></x:c><x:c r="D5" t="e"><x:f>1/0</x:f><x:v>#DIV/0!</x:v></x:c><x:c r="E5" t="s"><x:v>2</x:v></x:c><x:c r="F5" t="d"><x:v>2024-05-17T00:00:00Z</x:v></x:c></x:row>
<x:row><x:c t="inlineStr"><x:is><x:t>a &lt;b&gt; &amp; &#233;&#x4E2D;_x000D_</x:t></x:is></x:c><x:c><x:v>7</x:v></x:c><x:c r="D6"/><x:c r="E6"><x:f>NOW()</x:f></x:c></x:row>
</x:sheetData><x:mergeCells count="0"/></x:worksheet>`;

const STRINGS = `<?xml version="1.0"?><sst xmlns="${MAIN}" count="3" uniqueCount="3">
<si><t>Street</t></si><si><r><t>Ci</t></r><r><rPr><b/></rPr><t>ty</t></r><rPh><t>SHI</t></rPh></si><si><t><![CDATA[x < y & z]]></t></si></sst>`;

const STYLES = `<?xml version="1.0"?><styleSheet xmlns="${MAIN}"><numFmts count="2"><numFmt numFmtId="164" formatCode="0.00&quot;d&quot;"/><numFmt numFmtId="165" formatCode="[$-409]yyyy\\-mm\\-dd h:mm;@"/></numFmts>
<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs></styleSheet>`;

// The same sheet without the namespace prefix, as most writers make it (the reader's fast path).
const PLAIN_SHEET = SHEET.replace(/<(\/?)x:/g, '<$1').replace('xmlns:x=', 'xmlns=');

function workbookParts(date1904: boolean, sheet = SHEET): [string, string][] {
  return [
    ['xl/worksheets/sheet2.xml', sheet], // the data sheet, first in the zip but second in the tabs
    ['xl/sharedStrings.xml', STRINGS], // after the sheet that uses it
    ['[Content_Types].xml', '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'],
    ['_rels/.rels', `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="${REL}/officeDocument" Target="/xl/workbook.xml"/></Relationships>`],
    ['xl/workbook.xml', `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><workbookPr date1904="${date1904 ? 1 : 0}"/><sheets><sheet name="Notes &amp; more" sheetId="1" r:id="rA"/><sheet name="Data" sheetId="2" r:id="rB"/><sheet name="Chart" sheetId="3" r:id="rC"/></sheets></workbook>`],
    ['xl/_rels/workbook.xml.rels', `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rA" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rB" Type="${REL}/worksheet" Target="./worksheets/sheet2.xml"/><Relationship Id="rC" Type="${REL}/chartsheet" Target="chartsheets/sheet1.xml"/><Relationship Id="rS" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rT" Type="${REL}/styles" Target="styles.xml"/></Relationships>`],
    ['xl/styles.xml', STYLES],
    ['xl/worksheets/sheet1.xml', `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>notes</t></is></c></row></sheetData></worksheet>`],
  ];
}

describe('the lean XLSX reader', () => {
  it.each([['prefixed tags', SHEET], ['plain tags', PLAIN_SHEET]])('reads the cells of a worksheet as text with their types, whatever the order of the parts (%s)', async (_label, sheet) => {
    const dir = tempDir();
    const path = join(dir, 'quirks.xlsx');
    await zipOf(path, workbookParts(false, sheet));
    const first = await readAll(path);
    expect(first.sheets).toEqual(['Notes & more', 'Data']);
    expect(first.rows).toEqual([{ number: 1, cells: ['notes'], types: 't' }]);
    const { rows } = await readAll(path, 'Data');
    expect(rows.map((r) => r.number)).toEqual([1, 2, 3, 5, 6]);
    expect(rows[0]).toEqual({ number: 1, cells: ['Street', 'City', 'Zip code'], types: 'ttt' });
    expect(rows[1]).toEqual({ number: 2, cells: ['2108', '', '2024-05-17', '1500', '2024-05-17T12:00:00.000Z', 'TRUE'], types: 'ntdndb' });
    expect(rows[2]).toEqual({ number: 3, cells: [], types: '' });
    expect(rows[3]).toEqual({ number: 5, cells: ['', '2108x', '4216', '#DIV/0!', 'x < y & z', '2024-05-17'], types: 'ttnttd' });
    expect(rows[4]).toEqual({ number: 6, cells: ['a <b> & é中\r', '7', '', '', ''], types: 'tnttt' });
  });

  it('reads dates of the 1904 date system, and says what is wrong with a broken workbook', async () => {
    const dir = tempDir();
    const path = join(dir, 'mac.xlsx');
    await zipOf(path, workbookParts(true));
    const { rows } = await readAll(path, 'Data');
    expect(rows[1]?.cells[2]).toBe('2028-05-18');
    const truncated = join(dir, 'truncated.xlsx');
    await zipOf(truncated, workbookParts(false).map(([name, text]) => [name, name.endsWith('sheet2.xml') ? text.slice(0, 600) : text]));
    await expect(readAll(truncated, 'Data')).rejects.toThrow(/ends before its rows do/);
    await zipOf(truncated, workbookParts(false, PLAIN_SHEET).map(([name, text]) => [name, name.endsWith('sheet2.xml') ? text.slice(0, 600) : text]));
    await expect(readAll(truncated, 'Data')).rejects.toThrow(/ends before its rows do/);
    // A comment inside a row hands the rest of the sheet to the tag scanner: same cells.
    const commented = join(dir, 'commented.xlsx');
    await zipOf(commented, workbookParts(false, PLAIN_SHEET.replace('<row r="5">', '<row r="5"><!-- note </row> -->')));
    const plain = join(dir, 'plain.xlsx');
    await zipOf(plain, workbookParts(false, PLAIN_SHEET));
    const expected = (await readAll(plain, 'Data')).rows;
    expect(expected).toHaveLength(5);
    expect((await readAll(commented, 'Data')).rows).toEqual(expected);
    // A long sheet, so that the inflated text arrives in many pieces cut anywhere: the fast path
    // (plain tags) reads the same cells as the tag scanner (prefixed tags), with a comment inside a
    // row far down handing over to the scanner in the middle.
    const body = SHEET.slice(SHEET.indexOf('<x:sheetData>') + 13, SHEET.indexOf('</x:sheetData>'));
    const rowsOf = (n: number): string => Array.from({ length: n }, (_, i) => body.replace(/r="(\d+)"/g, (_m, d: string) => `r="${i * 10 + Number(d)}"`).replace(/r="([A-F])(\d+)"/g, (_m, c: string, d: string) => `r="${c}${i * 10 + Number(d)}"`)).join('');
    const long = SHEET.replace(body, rowsOf(3000));
    const longPlain = join(dir, 'long-plain.xlsx');
    const longPrefixed = join(dir, 'long-prefixed.xlsx');
    const longCommented = join(dir, 'long-commented.xlsx');
    const plainLong = long.replace(/<(\/?)x:/g, '<$1').replace('xmlns:x=', 'xmlns=');
    await zipOf(longPlain, workbookParts(false, plainLong));
    await zipOf(longPrefixed, workbookParts(false, long));
    await zipOf(longCommented, workbookParts(false, plainLong.replace('<row r="20005">', '<row r="20005"><!-- </row> -->')));
    const scanned = (await readAll(longPrefixed, 'Data')).rows;
    expect(scanned).toHaveLength(15000);
    expect(scanned[14999]).toEqual({ ...(expected[4] as XlsxRow), number: 29996 });
    expect((await readAll(longPlain, 'Data')).rows).toEqual(scanned);
    expect((await readAll(longCommented, 'Data')).rows).toEqual(scanned);
    const notBook = join(dir, 'other.zip');
    await zipOf(notBook, [['readme.txt', 'hello']]);
    await expect(openXlsx(notBook)).rejects.toThrow(/not an XLSX workbook/);
  });

  it('reads parts stored without compression, and refuses a part whose size is not what the zip directory says', async () => {
    const dir = tempDir();
    const deflated = join(dir, 'deflated.xlsx');
    const stored = join(dir, 'stored.xlsx');
    await zipOf(deflated, workbookParts(false, PLAIN_SHEET));
    await zipOf(stored, workbookParts(false, PLAIN_SHEET), false);
    const expected = (await readAll(deflated, 'Data')).rows;
    expect(expected).toHaveLength(5);
    expect((await readAll(stored, 'Data')).rows).toEqual(expected);
    // The central directory's uncompressed size of the workbook part, one byte more than its data.
    // (A stored part's sizes must agree in the directory already: yauzl refuses the entry.)
    const why = [/its part xl\/workbook.xml holds \d+ bytes where the zip's directory says \d+/, /size mismatch/];
    for (const [path, name, message] of [[deflated, 'damaged-deflated.xlsx', why[0]], [stored, 'damaged-stored.xlsx', why[1]]] as const) {
      const bytes = readFileSync(path);
      const entry = Buffer.from('xl/workbook.xml');
      let at = bytes.indexOf(entry);
      while (at >= 0 && (at < 46 || bytes.readUInt32LE(at - 46) !== 0x02014b50)) at = bytes.indexOf(entry, at + 1);
      expect(at).toBeGreaterThan(0);
      bytes.writeUInt32LE(bytes.readUInt32LE(at - 46 + 24) + 1, at - 46 + 24);
      const damaged = join(dir, name);
      writeFileSync(damaged, bytes);
      await expect(openXlsx(damaged)).rejects.toThrow(message);
    }
  });
  it.runIf(existsSync('/proc/self/fd'))('closes the file when the rows are not read to the end', async () => {
    const dir = tempDir();
    // A sheet whose compressed data is more than one read of it: pseudo-random text deflates badly.
    let seed = 12345;
    const word = (): string => (seed = (seed * 1103515245 + 12345) % 2147483648).toString(36);
    const rows: string[] = [];
    for (let r = 1; r <= 90_000; r++) rows.push(`<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>${word()} ${word()} ${word()}</t></is></c></row>`);
    const sheet = `<worksheet xmlns="${MAIN}"><sheetData>${rows.join('')}</sheetData></worksheet>`;
    const big = join(dir, 'big.xlsx');
    await zipOf(big, workbookParts(false, sheet));
    expect(statSync(big).size).toBeGreaterThan(1.5 * 1024 * 1024);
    const open = (): number => readdirSync('/proc/self/fd').length;
    const before = open();
    for (let k = 0; k < 3; k++) {
      const book = await openXlsx(big);
      const entry = book.sheets.find((s) => s.name === 'Data') as (typeof book.sheets)[number];
      for await (const batch of book.rows(entry, 100)) {
        expect(batch.length).toBeGreaterThan(0);
        break;
      }
      book.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(open()).toBe(before);
  });
});

describe('the lean XLSX writer', () => {
  it('writes a workbook that exceljs and the reader read back with the same cells and types', async () => {
    const dir = tempDir();
    const path = join(dir, 'out.xlsx');
    const when = new Date(Date.UTC(2024, 4, 17));
    const at = new Date(Date.UTC(2024, 4, 17, 12, 30));
    const rows = [
      rowXml(1, ['id', 'name', 'zip', 'when', 'ok', 'note']),
      rowXml(2, [1, ' padded ', '02108', when, true, 'a & <b> "c"\r\n\u0001d']),
      rowXml(3, [2.5, '', null, at, false, 'code _x0041_ stays']),
    ];
    // Text is a string cell (t="str"); text with edge whitespace an inline string that keeps it.
    expect(rows[1]).toContain('<c r="F2" t="str"><v>a &amp; &lt;b&gt; &quot;c&quot;&#13;\nd</v></c>');
    expect(rows[1]).toContain('<c r="B2" t="inlineStr"><is><t xml:space="preserve"> padded </t></is></c>');
    await writeXlsx(path, 'Leads & co', (async function* () {
      yield rows[0] as string;
      yield (rows[1] as string) + (rows[2] as string);
    })());
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('Leads & co');
    const values = (r: number): unknown[] => ((sheet?.getRow(r).values ?? []) as unknown[]).slice(1);
    expect(values(1)).toEqual(['id', 'name', 'zip', 'when', 'ok', 'note']);
    expect(values(2)).toEqual([1, ' padded ', '02108', when, true, 'a & <b> "c"\r\nd']);
    expect(values(3)).toEqual([2.5, undefined, undefined, at, false, 'code _x005F_x0041_ stays']);
    const back = await readAll(path);
    expect(back.rows[1]).toEqual({ number: 2, cells: ['1', ' padded ', '02108', '2024-05-17', 'TRUE', 'a & <b> "c"\r\nd'], types: 'nttdbt' });
    expect(back.rows[2]).toEqual({ number: 3, cells: ['2.5', '', '', '2024-05-17T12:30:00.000Z', 'FALSE', 'code _x0041_ stays'], types: 'nttdbt' });
  });
});
