// addr validate as a real process against a small locality database built from
// fixtures/reference (ADDR_REFERENCE_DB), so the suite never depends on db/locality.sqlite.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/core/model/errors.js';
import { buildLocalityDb } from '../../src/store/build-locality-db.js';
import { readFixtureSources } from '../store/locality-fixtures.js';
import { ndjson, runCli, tempDir } from './run-cli.js';

const SEBASTOPOL = '1005 n gravenstein highway suite 500 sebastopol ca 95472';
const GARBAGE = '!!@@## ~~';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const VARIANT_A_KEYS = [
  'id', 'status', 'validation_status', 'confidence', 'input', 'standardized', 'geocode', 'match_code', 'match_source',
  'reason_codes', 'changes', 'quality', 'display_address', 'latency_ms',
];

let env: Record<string, string>;

beforeAll(() => {
  const db = join(tempDir(), 'locality.sqlite');
  buildLocalityDb(readFixtureSources(), db);
  env = { ADDR_REFERENCE_DB: db };
});

describe('addr validate', () => {
  it('prints one Variant A result decided at the locality layer', () => {
    const run = runCli(['validate', SEBASTOPOL], { env });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const results = ndjson(run.stdout);
    expect(results).toHaveLength(1);
    const result = results[0] ?? {};
    expect(Object.keys(result)).toEqual(expect.arrayContaining(VARIANT_A_KEYS));
    expect(result).toMatchObject({
      id: expect.stringMatching(UUID),
      status: 'VALIDATED',
      standardized: { line1: '1005 N GRAVENSTEIN HWY STE 500', city: 'SEBASTOPOL', state: 'CA', zip5: '95472', county: 'Sonoma', county_fips: '06097', deliverability: 'N' },
      geocode: { quality: 'ZIP_CENTROID' },
      match_source: 'LOCALITY_ENGINE',
      quality: { level: 'locality' },
      latency_ms: expect.any(Number),
    });
  });

  it('gives each result its own request id and keeps stdin order, blank lines included', () => {
    const lines = [SEBASTOPOL, '', GARBAGE, SEBASTOPOL];
    const run = runCli(['validate', '-'], { env, input: `${lines.join('\n')}\n` });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const results = ndjson(run.stdout);
    expect(run.stdout.split('\n')).toHaveLength(lines.length + 1);
    expect(results.map((r) => r.status)).toEqual(['VALIDATED', 'NOT_FOUND', 'NOT_FOUND', 'VALIDATED']);
    expect(new Set(results.map((r) => r.id)).size).toBe(lines.length);
  });

  it('takes structured input', () => {
    // Sebastopol has two ZIPs in the fixture, so the ZIP is given rather than left to be filled.
    const run = runCli(['validate', '--line1', '1005 n gravenstein hwy', '--line2', 'ste 500', '--city', 'sebastopol', '--state', 'ca', '--zip', '95472'], { env });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(ndjson(run.stdout)[0]).toMatchObject({ status: 'VALIDATED', standardized: { line1: expect.stringMatching(/^1005 N GRAVENSTEIN HWY\b/), city: 'SEBASTOPOL', zip5: '95472' } });
  });

  it('--fail-on exits 1 when a listed status occurs, still printing every result', () => {
    const run = runCli(['validate', '--fail-on', 'PARTIAL,NOT_FOUND', '-'], { env, input: `${SEBASTOPOL}\n${GARBAGE}\n${GARBAGE}\n` });
    expect(run.code).toBe(1);
    // stderr says which statuses matched and how many results had them.
    expect(run.stderr).toBe('addr validate: --fail-on matched 2 results (NOT_FOUND 2); exit 1.\n');
    expect(ndjson(run.stdout)).toHaveLength(3);
    expect(runCli(['validate', '--fail-on', 'not_found', SEBASTOPOL], { env })).toMatchObject({ code: 0, stderr: '' });
  });

  it('an address that does not validate is a result: exit 0', () => {
    const run = runCli(['validate', GARBAGE], { env });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(ndjson(run.stdout)[0]).toMatchObject({ status: 'NOT_FOUND' });
  });

  it('--format json, csv and table', () => {
    const json = runCli(['validate', '--format', 'json', SEBASTOPOL], { env });
    expect(json).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'VALIDATED' });

    const csv = runCli(['validate', '--format', 'csv', '-'], { env, input: `${SEBASTOPOL}\n${GARBAGE}\n` });
    expect(csv).toMatchObject({ code: 0, stderr: '' });
    const [header, first, second, end] = csv.stdout.split('\n');
    expect(header?.startsWith('status,confidence,display_address,input.line1,')).toBe(true);
    expect(header).toContain(',standardized.zip5,');
    expect(first?.startsWith('VALIDATED,')).toBe(true);
    expect(second?.startsWith('NOT_FOUND,')).toBe(true);
    expect(end).toBe('');

    const table = runCli(['validate', '--format', 'table', SEBASTOPOL], { env });
    expect(table).toMatchObject({ code: 0, stderr: '' });
    expect(table.stdout).toMatch(/^status +VALIDATED$/m);
    expect(table.stdout).toMatch(/^standardized\.zip5 +95472$/m);
  });

  it('exits 4 naming the fix when the reference database is missing', () => {
    const missing = '/nonexistent/locality.sqlite';
    expect(runCli(['validate', SEBASTOPOL], { env: { ADDR_REFERENCE_DB: missing } })).toEqual({
      code: 4,
      stdout: '',
      stderr: `error: Reference database not found at '${missing}'. It is not the built-in database but the file ADDR_REFERENCE_DB names: point ADDR_REFERENCE_DB at a locality database (db/locality.sqlite, built by \`npm run build\`), or unset it to use the built-in one.\n`,
    });
  });

  it('exits 4 when the reference database is not a database', () => {
    const run = runCli(['validate', SEBASTOPOL], { env: { ADDR_REFERENCE_DB: fileURLToPath(import.meta.url) } });
    expect(run.code).toBe(4);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error: Reference database at '.*validate\.test\.ts' cannot be read: .*point ADDR_REFERENCE_DB at a locality database .* or unset it to use the built-in one\.\n$/);
    expect(run.stderr).not.toContain('npm run build`.');
  });

  it('an empty stdin is no input: no output, exit 0, nothing opened', () => {
    for (const args of [['validate', '-'], ['validate'], ['validate', '--fail-on', 'NOT_FOUND', '-']]) {
      expect(runCli(args, { env: { ADDR_REFERENCE_DB: '/nonexistent/locality.sqlite' }, input: '' })).toEqual({ code: 0, stdout: '', stderr: '' });
    }
    expect(runCli(['validate', '-', '--format', 'json'], { env, input: '' })).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
  });

  it('reports no address (exit 2) before a missing database (exit 4)', () => {
    expect(runCli(['validate', ' '], { env: { ADDR_REFERENCE_DB: '/nonexistent/locality.sqlite' } })).toEqual({
      code: 2,
      stdout: '',
      stderr: `error: ${ERRORS.ADDR_ERR_INPUT_EMPTY.message}\n`,
    });
  });

  it('rejects an unknown --fail-on status with exit 2', () => {
    const run = runCli(['validate', '--fail-on', 'MAYBE', SEBASTOPOL], { env });
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: "error: option '--fail-on <statuses>' argument 'MAYBE' is invalid. Unknown status 'MAYBE'; use one or more of VALIDATED, CORRECTED, PARTIAL, NOT_FOUND, separated by commas.\n",
    });
  });
});
