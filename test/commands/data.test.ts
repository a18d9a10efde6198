// `addr data import|status|remove` as a user runs them (the built CLI, a temporary data
// directory, the real locality database), including an import killed half-way.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { POINT_FIXTURES } from '../store/points-fixtures.js';
import { MEAGHER_ZIP } from '../store/ranges-fixtures.js';
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

  it('imports TIGER/Line ADDRFEAT ranges, validates against them, lists them in status and removes them', () => {
    const dir = tempDir();
    const data = ['--data-dir', dir];
    const imported = runCli(['data', 'import', MEAGHER_ZIP, ...data]);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/^imported +675 \(591 edges, 43 alternate names\)$/m);
    expect(imported.stdout).toMatch(/^ {2}no_zip +2 {2}records 56, 317$/m);
    const v = JSON.parse(runCli(['validate', '105 Main St, White Sulphur Springs, MT', ...data]).stdout) as { status: string; match_code: string; standardized: { line1: string; zip5: string } };
    expect(v).toMatchObject({ status: 'CORRECTED', match_code: 'RANGES_ENGINE', standardized: { line1: '105 E MAIN ST', zip5: '59645' } });
    const status = runCli(['data', 'status', ...data, '--format', 'json']);
    expect(JSON.parse(status.stdout)).toEqual([expect.objectContaining({ name: 'tl_2021_30059_addrfeat', format: 'tiger-addrfeat', rows_imported: 675, states: 'MT', zip_count: 5 })]);
    expect(runCli(['data', 'remove', 'tl_2021_30059_addrfeat', ...data])).toMatchObject({ code: 0, stdout: "Removed source 'tl_2021_30059_addrfeat' (675 address-range records).\n" });
    expect(runCli(['data', 'import', join(POINT_FIXTURES, 'sebastopol.oa.csv'), MEAGHER_ZIP, ...data])).toMatchObject({ code: 2, stderr: expect.stringContaining('separate commands') });
  });

  it('imports several point files at once, each its own source, and checks them all first', () => {
    const dir = tempDir();
    const data = ['--data-dir', dir];
    const files = [join(POINT_FIXTURES, 'sebastopol.oa.csv'), join(POINT_FIXTURES, 'suggest.oa.csv')];
    // A missing last file, --source, or stdin among them: refused before anything is imported.
    expect(runCli(['data', 'import', ...files, join(dir, 'missing.csv'), ...data])).toMatchObject({ code: 2, stderr: expect.stringContaining(`no file '${join(dir, 'missing.csv')}'`) });
    expect(runCli(['data', 'import', ...files, '--source', 'both', ...data])).toMatchObject({ code: 2, stderr: expect.stringContaining('--source') });
    expect(runCli(['data', 'import', files[0] as string, '-', ...data])).toMatchObject({ code: 2, stderr: expect.stringContaining('stdin') });
    expect(runCli(['data', 'status', ...data, '--format', 'json']).stdout.trim()).toBe('[]');
    const imported = runCli(['data', 'import', ...files, ...data, '--json']);
    expect(imported.code).toBe(0);
    const summaries = JSON.parse(imported.stdout) as { source: string; outcome: string }[];
    expect(summaries.map((s) => [s.source, s.outcome])).toEqual([['sebastopol.oa', 'imported'], ['suggest.oa', 'imported']]);
    const status = JSON.parse(runCli(['data', 'status', ...data, '--format', 'json']).stdout) as { name: string }[];
    expect(status.map((s) => s.name).sort()).toEqual(['sebastopol.oa', 'suggest.oa']);
    // Again: both unchanged, each summary in its paragraph.
    const again = runCli(['data', 'import', ...files, ...data]);
    expect(again.stdout.match(/^outcome +unchanged/gm)).toHaveLength(2);
    // A file that fails part way (a broken gzip): those before it stay, and stderr says which.
    const broken = join(dir, 'broken.csv.gz');
    writeFileSync(broken, Buffer.from([0x1f, 0x8b, 0x08, 0xff, 1, 2, 3]));
    const failed = runCli(['data', 'import', join(POINT_FIXTURES, 'nad-r4.csv'), broken, ...data, '--json']);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain(`Imported before the failure: ${join(POINT_FIXTURES, 'nad-r4.csv')}; nothing of ${broken} was kept.`);
    expect((JSON.parse(runCli(['data', 'status', ...data, '--format', 'json']).stdout) as unknown[]).length).toBe(3);
  });

  it('reads stdin with --source, and refuses a missing file or stdin without a name (exit 2)', () => {
    const dir = tempDir();
    const piped = runCli(['data', 'import', '-', '--source', 'nad', '--input-format', 'nad', '--data-dir', dir], { input: 'AddNo_Full,StNam_Full,Post_City,State,Zip_Code,Longitude,Latitude\n400,Petaluma Avenue,Sebastopol,CA,95472,-122.818,38.399\n' });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(/^imported +1$/m);
    expect(runCli(['data', 'import', join(dir, 'missing.csv'), '--data-dir', dir])).toMatchObject({ code: 2, stderr: expect.stringContaining('no file') });
    expect(runCli(['data', 'import', '-', '--data-dir', dir], { input: 'x' })).toMatchObject({ code: 2, stderr: expect.stringContaining('--source') });
  });

  it('reads a pipe given by its path once, as stdin (/dev/stdin, a shell\'s <(...)), named with --source', () => {
    const dir = tempDir();
    const rows = 'AddNo_Full,StNam_Full,Post_City,State,Zip_Code,Longitude,Latitude\n400,Petaluma Avenue,Sebastopol,CA,95472,-122.818,38.399\n402,Petaluma Avenue,Sebastopol,CA,95472,-122.8181,38.3991\n';
    // A file is hashed, then read again to import: a pipe read so would import nothing and say it did.
    const piped = runCli(['data', 'import', '/dev/stdin', '--source', 'nad', '--input-format', 'nad', '--data-dir', dir], { input: rows });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toMatch(/^imported +2$/m);
    const unnamed = runCli(['data', 'import', '/dev/stdin', '--data-dir', dir], { input: rows });
    expect(unnamed).toMatchObject({ code: 2, stderr: expect.stringMatching(/^error: '\/dev\/stdin' is a (pipe|socket), read as a stream: name the source with --source/) });
    const among = runCli(['data', 'import', join(POINT_FIXTURES, 'nad-r4.csv'), '/dev/stdin', '--data-dir', dir], { input: rows });
    expect(among).toMatchObject({ code: 2, stderr: expect.stringContaining('import it alone, named with --source') });
  });

  it('leaves no half-written source when the import is killed', async () => {
    const dir = tempDir();
    expect(runCli(['data', 'import', join(POINT_FIXTURES, 'nad-r4.csv'), '--data-dir', dir]).code).toBe(0);
    const child = spawn(process.execPath, [BIN, 'data', 'import', '-', '--source', 'killed', '--data-dir', dir], { stdio: ['pipe', 'ignore', 'ignore'] });
    // Killed with writes still queued when the machine is slow: their EPIPE is expected, not a failure.
    child.stdin.on('error', () => undefined);
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
    // A source not said complete does not say a number is missing: the locality layer answers.
    const partial = runCli(['validate', '108 Bodega Ave, Sebastopol, CA 95472', '--data-dir', dir, '--format', 'json']);
    expect(JSON.parse(partial.stdout)).toMatchObject({ status: 'VALIDATED', match_source: 'LOCALITY_ENGINE', reason_codes: ['NO_STREET_COVERAGE'] });
    // The same file again, said complete: nothing imported, the claim recorded.
    const again = runCli(['data', 'import', join(POINT_FIXTURES, 'sebastopol.oa.csv'), '--complete', '--data-dir', dir, '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ outcome: 'unchanged', complete: true });
    expect(JSON.parse(runCli(['data', 'status', '--data-dir', dir, '--format', 'json']).stdout)).toMatchObject([{ name: 'sebastopol.oa', complete: true }]);
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
