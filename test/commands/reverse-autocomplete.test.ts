// `addr reverse` and `addr autocomplete` as a user runs them: the built CLI, a temporary
// data directory with fixtures/points/suggest.oa.csv imported, the real locality database.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { POINT_FIXTURES } from '../store/points-fixtures.js';
import { ndjson, runCli, tempDir } from './run-cli.js';

let data: string[];

beforeAll(() => {
  const dir = tempDir();
  data = ['--data-dir', dir];
  expect(runCli(['data', 'import', join(POINT_FIXTURES, 'suggest.oa.csv'), ...data]).code).toBe(0);
});

describe('addr reverse', () => {
  it('prints the nearest points with their distance (a negative longitude as a plain argument)', () => {
    const run = runCli(['reverse', '61.13001', '-146.3498', '--limit', '2', ...data, '--format', 'json']);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { coverage: string; results: { text: string; distance_meters: number }[] };
    expect(result.coverage).toBe('address_points');
    expect(result.results.map((r) => r.text)).toEqual(['1402 Abercrombie Dr, Valdez, AK 99686', '1404 Abercrombie Dr, Valdez, AK 99686']);
    expect(result.results[0]?.distance_meters).toBeCloseTo(1.1, 1);
  });

  it('csv: one row per point; without coverage the nearest ZIP, labelled', () => {
    const run = runCli(['reverse', '38.4021', '-122.8287', '--max-distance', '100', ...data, '--format', 'csv']);
    expect(run.code).toBe(0);
    const [header, row] = run.stdout.trim().split('\n');
    expect(header?.startsWith('coverage,distance_meters,text,kind,place_id,line1,city,state,zip5')).toBe(true);
    expect(row).toMatch(/^locality,\d+(\.\d)?,"Sebastopol, CA 9547[23]",zip,/);
  });

  it.each([
    [['reverse', '91', '0'], "The latitude '91' is not a number from -90 to 90."],
    [['reverse', '38', 'west'], "The longitude 'west' is not a number from -180 to 180."],
    [['reverse', '38'], "missing required argument 'lon'"],
    [['reverse', '38', '-122', '--limit', '0'], 'Give a whole number, 1 or more.'],
    [['reverse', '38', '-122', '--max-distance', '-5'], 'Give a distance in meters, a number above 0.'],
    [['reverse', '38', '-122', '--max-distance', '200000'], 'max distance must be more than 0 and at most 100000 meters'],
  ])('%j exits 2: %s', (args, message) => {
    const run = runCli([...args, ...data]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
  });
});

describe('addr autocomplete', () => {
  it('suggests addresses as ndjson, one line per query', () => {
    const run = runCli(['autocomplete', '1400 abercr', '--state', 'AK', ...data, '--format', 'ndjson']);
    expect(run.code).toBe(0);
    const [result] = ndjson(run.stdout);
    expect(result).toMatchObject({ source: 'address_points', suggestions: [{ text: '1400 Abercrombie Dr, Valdez, AK 99686', highlight: '1400 Abercr', kind: 'address', units: 2 }] });
  });

  it('reads queries from stdin, one result line each (a blank line included)', () => {
    const run = runCli(['autocomplete', '-', ...data, '--format', 'ndjson'], { input: '200 main\n\nsebas\n' });
    expect(run.code).toBe(0);
    const lines = ndjson(run.stdout) as { suggestions: { text: string }[] }[];
    expect(lines).toHaveLength(3);
    expect(lines[0]?.suggestions.map((s) => s.text)).toEqual(['200 Main St, Sebastopol, CA 95472']);
    expect(lines[1]?.suggestions).toEqual([]);
    expect(lines[2]?.suggestions.map((s) => s.text)).toContain('Sebastopol, CA 95472');
  });

  it('details round trip by place_id, and a typed error for an unknown one', () => {
    const suggested = JSON.parse(runCli(['autocomplete', '200 main st apt 5', ...data, '--format', 'json']).stdout) as { suggestions: { place_id: string }[] };
    const id = suggested.suggestions[0]?.place_id ?? '';
    const details = runCli(['autocomplete', '--details', id, ...data, '--format', 'json']);
    expect(details.code).toBe(0);
    expect(JSON.parse(details.stdout)).toMatchObject({ kind: 'address', place_id: id, standardized: { line1: '200 MAIN ST APT 5', zip5: '95472' }, county: 'Sonoma', geocode: { quality: 'ROOFTOP' } });
    const missing = runCli(['autocomplete', '--details', 'pt_AAAAAAAAAAAAAAAA', ...data]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("No place with id 'pt_AAAAAAAAAAAAAAAA'");
  });

  it('is metered as autocomplete, apart from validation; Free Beta is refused (exit 3), production served', () => {
    const dir = tempDir();
    const own = ['--data-dir', dir];
    expect(runCli(['data', 'import', join(POINT_FIXTURES, 'suggest.oa.csv'), ...own]).code).toBe(0);
    expect(runCli(['accounts', 'create', '--name', 'beta', '--plan', 'free_beta', '--email', 'b@x.test', '--email-verified', ...own]).code).toBe(0);
    expect(runCli(['accounts', 'create', '--name', 'prod', '--plan', 'production', ...own]).code).toBe(0);
    const refused = runCli(['autocomplete', '1400 aber', '--account', 'beta', ...own]);
    expect(refused).toMatchObject({ code: 3, stdout: '' });
    expect(refused.stderr).toContain("Autocomplete is not available on the plan of account 'beta'; turn it on with `addr accounts set beta --autocomplete`.");
    expect(runCli(['autocomplete', '1400 aber', '--account', 'prod', ...own, '--format', 'json']).code).toBe(0);
    expect(runCli(['autocomplete', 'sebas', ...own, '--format', 'json']).code).toBe(0);
    const usage = JSON.parse(runCli(['usage', ...own, '--format', 'json']).stdout) as { account: string; validation: number; autocomplete: number }[];
    expect(usage.filter((u) => u.autocomplete > 0).map((u) => [u.account, u.validation, u.autocomplete]).sort()).toEqual([['local', 0, 1], ['prod', 0, 1]]);
  });

  it.each([
    [['autocomplete', ''], 'The autocomplete query is empty.'],
    [['autocomplete', 'main', '--limit', '21'], '--limit must be a whole number from 1 to 20'],
    [['autocomplete', 'main', '--state', 'XX'], "'XX' is not a U.S. state"],
    [['autocomplete', 'main', '--details', 'pt_x'], 'Give a query or --details PLACE_ID, not both.'],
  ])('%j exits 2: %s', (args, message) => {
    const run = runCli([...args, ...data]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
