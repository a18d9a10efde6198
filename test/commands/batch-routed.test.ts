// addr batch with imported street data and several workers: rows are routed to workers by area
// (src/batch/chunk-routes.ts) and the output is the same, row for row, as one worker's.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { routing } from '../../src/batch/chunk-routes.js';
import { POINT_FIXTURES } from '../store/points-fixtures.js';
import { runCli, tempDir } from './run-cli.js';

const PLACES = [
  ['Bodega Ave', 'Sebastopol', 'CA', '95472'],
  ['Harbor View Dr', 'Kodiak', 'AK', '99615'],
  ['State Rd', 'Croydon', 'PA', '19021'],
  ['Mission St', 'San Francisco', 'CA', '94103'],
  ['W 26th St', 'New York', 'NY', '10001'],
  ['Peachtree St', 'Atlanta', 'GA', '30301'],
  ['Water St', 'Milwaukee', 'WI', '53202'],
] as const;

/** 4,500 rows over several ZIPs (three chunks), some quoted, some without a ZIP, one malformed. */
function rows(): string[] {
  const out: string[] = [];
  for (let k = 0; k < 4500; k++) {
    const [street, city, state, zip] = PLACES[(k * 5 + Math.floor(k / 7)) % PLACES.length] as (typeof PLACES)[number];
    const number = 100 + (k % 40) * 2;
    if (k % 11 === 0) out.push(`${String(k)},"${String(number)} ${street}, Apt ""${String(k % 3)}""",${city},${state},`);
    else if (k === 2223) out.push(`${String(k)},1 Main St,a,b,c,d,e`);
    else out.push(`${String(k)},${String(number)} ${street},${city},${state},${zip}`);
  }
  return out;
}

async function sheetRows(path: string): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const out: unknown[][] = [];
  book.worksheets[0]?.eachRow((row, n) => {
    out.push([n, ...(row.values as unknown[]).slice(1)]);
  });
  return out;
}

describe('addr batch routed by area', () => {
  it('writes the same CSV and workbook with several workers as with one', async () => {
    const dir = tempDir();
    const data = join(dir, 'data');
    for (const file of ['sebastopol.oa.csv', 'alaska-towns.oa.csv', 'river-road.oa.csv']) {
      expect(runCli(['data', 'import', join(POINT_FIXTURES, file), '--data-dir', data]).code).toBe(0);
    }
    const lines = rows();
    const text = `id,address,city,state,zip\n${lines.join('\n')}\n`;
    writeFileSync(join(dir, 'in.csv'), text);
    // The chunks are spread evenly enough to be routed (else the pool deals them whole).
    const first = Buffer.from(`${lines.slice(0, 2000).join('\n')}\n`);
    const ends = Uint32Array.from(lines.slice(0, 2000).map((_, k) => Buffer.byteLength(`${lines.slice(0, k + 1).join('\n')}\n`)));
    expect(routing({ seq: 0, kind: 'bytes', bytes: first, ends, quoted: new Uint8Array(2000) }, 3)).not.toBeNull();

    const run = (workers: number, out: string): void => {
      const res = runCli(['batch', 'in.csv', '-o', out, '--workers', String(workers), '--data-dir', data], { cwd: dir, env: { ADDR_DATA_DIR: data } });
      expect(res.code).toBe(0);
    };
    run(1, 'one.csv');
    run(3, 'three.csv');
    const one = readFileSync(join(dir, 'one.csv'), 'utf8');
    expect(one.split('\n').filter((l) => l.includes(',ROW_MALFORMED,'))).toHaveLength(1);
    expect(one.split('\n').filter((l) => l.includes('POINT'))).not.toHaveLength(0);
    expect(readFileSync(join(dir, 'three.csv'), 'utf8')).toBe(one);

    run(1, 'one.xlsx');
    run(3, 'three.xlsx');
    const book = await sheetRows(join(dir, 'one.xlsx'));
    expect(book).toHaveLength(4501);
    expect(await sheetRows(join(dir, 'three.xlsx'))).toEqual(book);

    // A workbook read in: its rows are routed as well.
    const res1 = runCli(['batch', 'one.xlsx', '-o', 'again-one.csv', '--workers', '1', '--data-dir', data], { cwd: dir, env: { ADDR_DATA_DIR: data } });
    const res3 = runCli(['batch', 'one.xlsx', '-o', 'again-three.csv', '--workers', '3', '--data-dir', data], { cwd: dir, env: { ADDR_DATA_DIR: data } });
    expect([res1.code, res3.code]).toEqual([0, 0]);
    expect(readFileSync(join(dir, 'again-three.csv'), 'utf8')).toBe(readFileSync(join(dir, 'again-one.csv'), 'utf8'));
  }, 120_000);
});
