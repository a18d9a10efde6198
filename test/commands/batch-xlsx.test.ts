// addr batch with XLSX workbooks (docs/cli.md, `addr batch`): the first sheet or --sheet, cells kept as they were
// (numbers stay numbers, ZIPs a spreadsheet turned into numbers repaired), conversion to and
// from CSV, the errors a user meets, and a run the allowance stopped resumed into a workbook.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './run-cli.js';

function cli(dir: string, args: readonly string[]) {
  return runCli(args, { cwd: dir, env: { ADDR_DATA_DIR: join(dir, 'data') } });
}

/** Writes a workbook of named sheets, each a list of rows. */
async function writeBook(path: string, sheets: Record<string, unknown[][]>): Promise<void> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  await book.xlsx.writeFile(path);
}

/** The sheets of a workbook: name and rows of cell values (column A first). */
async function readBook(path: string): Promise<{ name: string; rows: unknown[][] }[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  return book.worksheets.map((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((v) => v ?? ''));
    });
    return { name: ws.name, rows };
  });
}

const HEADER = ['id', 'Street', 'City', 'State', 'Zip'];

describe('addr batch with XLSX', () => {
  it('keeps each row at its row number (blank rows stay) and says which other sheets are not carried', async () => {
    const dir = tempDir();
    const book = new ExcelJS.Workbook();
    const leads = book.addWorksheet('Leads');
    leads.getRow(1).values = HEADER;
    leads.getRow(2).values = [1, '1600 pennsylvania av nw', 'washington', 'dc', 20500];
    leads.getRow(7).values = [2, '1 beacon st', 'boston', 'ma', '02108'];
    book.addWorksheet('Notes').getRow(1).values = ['kept elsewhere'];
    book.addWorksheet('Lists').getRow(1).values = ['x'];
    await book.xlsx.writeFile(join(dir, 'gaps.xlsx'));
    const res = cli(dir, ['batch', 'gaps.xlsx']);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain("not carried to the output: the workbook's other sheets 'Notes', 'Lists'");
    const out = new ExcelJS.Workbook();
    await out.xlsx.readFile(join(dir, 'gaps.validated.xlsx'));
    const sheet = out.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.name).toBe('Leads');
    expect(sheet.getRow(2).getCell(1).value).toBe(1);
    expect(sheet.getRow(7).getCell(1).value).toBe(2);
    expect(sheet.getRow(7).getCell(HEADER.length + 1).value).toBe('VALIDATED');
    expect(sheet.getRow(3).cellCount).toBe(0);
  });

  it('reads the sheet --sheet names, keeps cells as they were, repairs numeric ZIPs, writes a workbook', async () => {
    const dir = tempDir();
    await writeBook(join(dir, 'leads.xlsx'), {
      Notes: [['not an address sheet']],
      Leads: [
        HEADER,
        [1, '1600 pennsylvania av nw', 'washington', 'dc', 20500],
        [2, '1 Main St', 'boston', 'MA', 2108],
        [3, { richText: [{ text: '123 elm ' }, { text: 'st' }] }, 'springfield', 'il', '62701'],
        [4, '', '', '', null, new Date(Date.UTC(2024, 4, 17)), true],
      ],
    });
    const res = cli(dir, ['batch', 'leads.xlsx', '--sheet', 'Leads']);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain("addr batch: columns line1='Street' city='City' state='State' zip='Zip' (detected from the header)\n");
    expect(res.stderr).toMatch(/4 rows done in .*ERROR 1; unprocessed 0 -> .*leads\.validated\.xlsx\naddr batch: only the sheet 'Leads' is written; not carried to the output: the workbook's other sheet 'Notes'\n$/);
    expect(readdirSync(dir).filter((f) => f.includes('.partial'))).toEqual([]);
    const [sheet, ...others] = await readBook(join(dir, 'leads.validated.xlsx'));
    expect(others).toEqual([]);
    expect(sheet?.name).toBe('Leads');
    const rows = sheet?.rows as unknown[][];
    expect(rows).toHaveLength(5);
    expect(rows[0]?.slice(0, 8)).toEqual([...HEADER, 'addr_status', 'addr_confidence', 'addr_line1']);
    const col = (r: number, name: string): unknown => rows[r]?.[(rows[0] as unknown[]).indexOf(`addr_${name}`)];
    // Input cells come back with their types: numbers as numbers, text as text.
    expect(rows[1]?.slice(0, 5)).toEqual([1, '1600 pennsylvania av nw', 'washington', 'dc', 20500]);
    expect([col(1, 'status'), col(1, 'line1'), col(1, 'county_fips'), typeof col(1, 'confidence'), typeof col(1, 'lat')]).toEqual(['VALIDATED', '1600 PENNSYLVANIA AVE NW', '11001', 'number', 'number']);
    expect(rows[2]?.[4]).toBe(2108);
    expect(col(2, 'zip5')).toBe('02108'); // text: the leading zero stays
    expect(String(col(2, 'reason_codes')).split(';')).toContain('ZIP_REPAIRED');
    expect(rows[3]?.[1]).toBe('123 elm st');
    expect(rows[3]?.[4]).toBe('62701');
    expect(col(3, 'zip5')).toBe('62701');
    // Cells past the header's columns (a note beside the table) are kept after the results, types
    // and all; the row is still validated (here: no address).
    expect([col(4, 'status'), col(4, 'reason_codes')]).toEqual(['ERROR', 'ADDRESS_EMPTY']);
    expect(rows[4]?.slice(-2)).toEqual([new Date(Date.UTC(2024, 4, 17)), true]);
  });

  it('reads the first sheet by default, converts to and from CSV, and refuses what cannot be done', async () => {
    const dir = tempDir();
    await writeBook(join(dir, 'book.xlsx'), { First: [HEADER, [7, '1 Main St', 'Boston', 'MA', 2108]], Second: [['x']] });
    const csv = cli(dir, ['batch', 'book.xlsx', '--format', 'csv', '-o', '-']);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.split('\n');
    expect(lines[0]?.startsWith('id,Street,City,State,Zip,addr_status,')).toBe(true);
    expect(lines[1]).toMatch(/^7,1 Main St,Boston,MA,2108,VALIDATED,[^,]*,1 MAIN ST,,BOSTON,MA,02108,/);
    // CSV in, XLSX out by the extension of -o.
    writeFileSync(join(dir, 'in.csv'), 'id,Street,City,State,Zip\n8,1 Main St,Boston,MA,02108\n');
    expect(cli(dir, ['batch', 'in.csv', '-o', 'out.xlsx']).code).toBe(0);
    const [out] = await readBook(join(dir, 'out.xlsx'));
    expect(out?.name).toBe('Sheet1');
    expect(out?.rows[1]?.slice(0, 6)).toEqual([8, '1 Main St', 'Boston', 'MA', '02108', 'VALIDATED']);

    expect(cli(dir, ['batch', 'book.xlsx', '--sheet', 'Missing'])).toMatchObject({ code: 2, stderr: expect.stringContaining("has no worksheet named 'Missing'; its sheets are 'First', 'Second'.") });
    expect(cli(dir, ['batch', 'in.csv', '--sheet', 'First'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--sheet picks a worksheet of an XLSX input') });
    expect(cli(dir, ['batch', 'book.xlsx', '-o', '-'])).toMatchObject({ code: 2, stderr: expect.stringContaining('An XLSX workbook cannot be written to stdout') });
    expect(cli(dir, ['batch', 'book.xlsx', '--sheet', 'Second', '-o', 'second.csv'])).toMatchObject({ code: 2, stderr: expect.stringContaining("No address column found among the headers 'x'.") });
    writeFileSync(join(dir, 'broken.xlsx'), 'PK\u0003\u0004 not really a zip');
    expect(cli(dir, ['batch', 'broken.xlsx'])).toMatchObject({ code: 2, stderr: expect.stringContaining('Cannot read the workbook') });
    expect(existsSync(join(dir, 'broken.validated.xlsx'))).toBe(false);
  });

  it('a run the allowance stopped writes its rows as a workbook; --resume completes it, each row once', async () => {
    const dir = tempDir();
    const rows: unknown[][] = [HEADER];
    for (let i = 1; i <= 5; i++) rows.push([i, `${i} Main St`, 'Boston', 'MA', 2108]);
    await writeBook(join(dir, 'in.xlsx'), { Leads: rows });
    expect(cli(dir, ['accounts', 'create', '--name', 'acme', '--plan', 'free_beta', '--daily-rows', '2', '--email-verified']).code).toBe(0);
    const first = cli(dir, ['batch', 'in.xlsx', '--account', 'acme', '-o', 'out.xlsx']);
    expect(first.code).toBe(3);
    expect(first.stderr).toContain('2 rows validated and written; 3 rows left unprocessed, from input line 4.');
    expect((await readBook(join(dir, 'out.xlsx')))[0]?.rows.map((r) => r[0])).toEqual(['id', 1, 2]);
    expect(cli(dir, ['accounts', 'set', 'acme', '--daily-rows', '5']).code).toBe(0);
    const rest = cli(dir, ['batch', 'in.xlsx', '--account', 'acme', '-o', 'out.xlsx', '--resume']);
    expect(rest.code).toBe(0);
    expect(rest.stderr).toContain('resuming at input row 4 after 2 rows done');
    const [book] = await readBook(join(dir, 'out.xlsx'));
    expect(book?.name).toBe('Leads');
    expect(book?.rows.map((r) => r[0])).toEqual(['id', 1, 2, 3, 4, 5]);
    expect(book?.rows.every((r, i) => i === 0 || r[5] === 'VALIDATED')).toBe(true);
    expect(readdirSync(dir).filter((f) => f.includes('.partial'))).toEqual([]);
  });
});
