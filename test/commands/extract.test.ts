// addr extract as a real process against a small locality database built from
// fixtures/reference (ADDR_REFERENCE_DB): files, stdin, HTML, formats, errors, metering.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildLocalityDb } from '../../src/store/build-locality-db.js';
import { readFixtureSources } from '../store/locality-fixtures.js';
import { ndjson, runCli, tempDir } from './run-cli.js';

const TEXT = 'Hello team,\n\nplease send the samples to 1005 N Gravenstein Hwy, Sebastopol, CA 95472 by Friday.\n'
  + 'Call (707) 555-0100 with questions. Order #4411 ships on 3/14/2026.\n\nDr. Maria Gomez\n1600 Pennsylvania Ave NW\nWashington, DC 20500\n';

let env: Record<string, string>;
let dir: string;

beforeAll(() => {
  dir = tempDir();
  const db = join(dir, 'locality.sqlite');
  buildLocalityDb(readFixtureSources(), db);
  env = { ADDR_REFERENCE_DB: db, ADDR_DATA_DIR: join(dir, 'data') };
});

describe('addr extract', () => {
  it('finds each address of a file with its text, offsets, line and validation result', () => {
    const file = join(dir, 'notes.txt');
    writeFileSync(file, TEXT);
    const run = runCli(['extract', file, '--format', 'ndjson'], { env });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const results = ndjson(run.stdout);
    expect(results.map((r) => r.text)).toEqual(['1005 N Gravenstein Hwy, Sebastopol, CA 95472', '1600 Pennsylvania Ave NW\nWashington, DC 20500']);
    for (const r of results) expect(TEXT.slice(r.start as number, r.end as number)).toBe(r.text);
    expect(results.map((r) => [r.line, r.end_line])).toEqual([[3, 3], [7, 8]]);
    expect(results[0]).toMatchObject({ kind: 'address', result: { status: 'VALIDATED', standardized: { zip5: '95472', county: 'Sonoma' } } });
  });

  it('reads stdin with -, and HTML with offsets into the HTML', () => {
    const html = `<html><body><p>Visit <b>1005 N Gravenstein Hwy</b><br>Sebastopol, CA 95472</p>${'<p>filler text</p>'.repeat(400)}</body></html>`;
    const run = runCli(['extract', '-', '--format', 'ndjson'], { env, input: html });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const [r] = ndjson(run.stdout);
    expect(r?.text).toBe('1005 N Gravenstein Hwy</b><br>Sebastopol, CA 95472');
    expect(html.slice(r?.start as number, r?.end as number)).toBe(r?.text);
  });

  it('writes csv and json', () => {
    const csv = runCli(['extract', '-', '--format', 'csv'], { env, input: TEXT });
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^line,start,end,kind,text,status,confidence,display_address,/);
    expect(lines[1]).toMatch(/^3,\d+,\d+,address,"1005 N Gravenstein Hwy, Sebastopol, CA 95472",VALIDATED,/);
    const json = runCli(['extract', '-', '--format', 'json'], { env, input: 'nothing here at all' });
    expect(json).toMatchObject({ code: 0, stdout: '[]\n' });
  });

  it('reports street lines alone only with --aggressive', () => {
    const input = 'Leave it at 1 spiritual healer dr please';
    expect(ndjson(runCli(['extract', '-'], { env, input }).stdout)).toEqual([]);
    expect(ndjson(runCli(['extract', '-', '--aggressive'], { env, input }).stdout).map((r) => [r.text, r.kind])).toEqual([['1 spiritual healer dr', 'street']]);
  });

  it('exits 2 on a missing file or two files, with a clear message', () => {
    expect(runCli(['extract', join(dir, 'nope.txt')], { env })).toMatchObject({ code: 2, stdout: '', stderr: `error: Cannot read '${join(dir, 'nope.txt')}': no such file.\n` });
    expect(runCli(['extract', 'a.txt', 'b.txt'], { env })).toMatchObject({ code: 2, stdout: '' });
  });

  it('meters each address found as a validation, refused as the API would', () => {
    const data = join(tempDir(), 'data');
    const run = (args: readonly string[], input?: string) => runCli([...args, '--format', 'ndjson'], { env: { ...env, ADDR_DATA_DIR: data }, ...(input === undefined ? {} : { input }) });
    run(['accounts', 'create', '--name', 'acme', '--plan', 'free_beta', '--email-verified', '--daily-rows', '1']);
    const refused = run(['extract', '-', '--account', 'acme'], TEXT);
    expect(refused.code).toBe(3);
    expect(ndjson(refused.stdout)).toHaveLength(1);
    expect(refused.stderr).toBe("1 address extracted; the rest were refused.\nerror: Account 'acme' has used its daily allowance of 1 rows; it resets at midnight UTC, or raise it with `addr accounts set acme --daily-rows N`.\n");
    expect(ndjson(run(['usage', '--account', 'acme']).stdout)[0]).toMatchObject({ validation: 1 });
  });
});
