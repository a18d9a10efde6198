// `addr data import|status|remove` as a user runs them (the built CLI, a temporary data
// directory, the real locality database), including an import killed half-way.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { POINT_FIXTURES } from '../store/points-fixtures.js';
import { BIN, runCli, tempDir } from './run-cli.js';

describe('addr data', () => {
  it('imports a file, prints the summary, lists it in status and removes it', () => {
    const dir = tempDir();
    const data = ['--data-dir', dir];
    const imported = runCli(['data', 'import', join(POINT_FIXTURES, 'sebastopol.oa.csv'), ...data]);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/^source +sebastopol\.oa$/m);
    expect(imported.stdout).toMatch(/^imported +15 \(14 with city, state or ZIP filled from the locality layer\)$/m);
    expect(imported.stdout).toMatch(/^ {2}no_coordinates +3 {2}lines 20, 21, 22$/m);
    const again = runCli(['data', 'import', join(POINT_FIXTURES, 'sebastopol.oa.csv'), ...data, '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ outcome: 'unchanged', source: 'sebastopol.oa' });
    const status = runCli(['data', 'status', ...data, '--format', 'json']);
    expect(JSON.parse(status.stdout)).toEqual([expect.objectContaining({ name: 'sebastopol.oa', format: 'openaddresses', rows_imported: 15, rows_skipped: 7, states: 'CA', zip_count: 1 })]);
    const removed = runCli(['data', 'remove', 'sebastopol.oa', ...data]);
    expect(removed).toMatchObject({ code: 0, stdout: "Removed source 'sebastopol.oa' (15 points).\n" });
    expect(runCli(['data', 'remove', 'sebastopol.oa', ...data])).toMatchObject({ code: 2, stderr: expect.stringContaining("No imported source named 'sebastopol.oa'") });
  });

  it('reads stdin with --source, and refuses a missing file or stdin without a name (exit 2)', () => {
    const dir = tempDir();
    const piped = runCli(['data', 'import', '-', '--source', 'nad', '--input-format', 'nad', '--data-dir', dir], { input: 'AddNo_Full,StNam_Full,Post_City,State,Zip_Code,Longitude,Latitude\n400,Petaluma Avenue,Sebastopol,CA,95472,-122.818,38.399\n' });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(/^imported +1$/m);
    expect(runCli(['data', 'import', join(dir, 'missing.csv'), '--data-dir', dir])).toMatchObject({ code: 2, stderr: expect.stringContaining('no file') });
    expect(runCli(['data', 'import', '-', '--data-dir', dir], { input: 'x' })).toMatchObject({ code: 2, stderr: expect.stringContaining('--source') });
  });

  it('leaves no half-written source when the import is killed', async () => {
    const dir = tempDir();
    expect(runCli(['data', 'import', join(POINT_FIXTURES, 'nad-r4.csv'), '--data-dir', dir]).code).toBe(0);
    const child = spawn(process.execPath, [BIN, 'data', 'import', '-', '--source', 'killed', '--data-dir', dir], { stdio: ['pipe', 'ignore', 'ignore'] });
    child.stdin.on('error', () => {}); // rows still buffered when the child is killed meet a closed pipe (EPIPE)
    child.stdin.write('LON,LAT,NUMBER,STREET,POSTCODE\n');
    for (let i = 0; i < 5000; i++) child.stdin.write(`-122.83,38.40,${i + 1},Bodega Avenue,95472\n`);
    // stdin stays open: the import cannot have finished; give it time to write rows, then kill it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(existsSync(join(dir, 'points.sqlite'))).toBe(true);
    const status = runCli(['data', 'status', '--data-dir', dir, '--format', 'json']);
    expect(JSON.parse(status.stdout).map((s: { name: string; rows_imported: number }) => [s.name, s.rows_imported])).toEqual([['nad-r4', 2]]);
  });
});

describe('addr validate and addr geocode with imported points', () => {
  it('open the points of the data directory by themselves', () => {
    const dir = tempDir();
    expect(runCli(['data', 'import', join(POINT_FIXTURES, 'sebastopol.oa.csv'), '--data-dir', dir]).code).toBe(0);
    const v = runCli(['validate', '108 Bodega Ave, Sebastopol, CA 95472', '--data-dir', dir, '--candidates', '1', '--format', 'json']);
    expect(v.code).toBe(0);
    expect(JSON.parse(v.stdout)).toMatchObject({
      status: 'PARTIAL', match_source: 'POINTS_ENGINE', reason_codes: ['HOUSE_NUMBER_NOT_FOUND'], suggested_address: '104 Bodega Ave, Sebastopol, CA 95472',
      standardized: { deliverability: 'U' }, candidates: [{ line1: '104 BODEGA AVE' }],
    });
    const g = runCli(['geocode', '100 Bodega Ave, Sebastopol, CA 95472', '--data-dir', dir, '--format', 'json']);
    expect(JSON.parse(g.stdout)).toMatchObject({ status: 'VALIDATED', geocode: { quality: 'ROOFTOP', lat: 38.402, lon: -122.829, accuracy_meters: 10 }, place_id: expect.stringMatching(/^pt_/) });
    const without = runCli(['geocode', '100 Bodega Ave, Sebastopol, CA 95472', '--data-dir', tempDir(), '--format', 'json']);
    expect(JSON.parse(without.stdout)).toMatchObject({ geocode: { quality: 'ZIP_CENTROID' }, match_source: 'LOCALITY_ENGINE', place_id: null });
  });
});
