// addr normalize as a real process: exit codes, stderr exactly, stdout shape (docs/parser.md, Components; docs/errors.md).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/core/model/errors.js';
import { BIN, ndjson, runCli, tempDir } from './run-cli.js';

const SEBASTOPOL = '1005 n gravenstein highway suite 500 sebastopol ca 95472';
const COMPONENT_KEYS = [
  'number', 'number_fraction', 'predir', 'street', 'suffix', 'postdir', 'unit_type', 'unit_number', 'po_box',
  'rural_route', 'box', 'box_group_type', 'urbanization', 'city', 'state', 'zip5', 'zip4',
];
const INPUT_EMPTY = `error: ${ERRORS.ADDR_ERR_INPUT_EMPTY.message}\n`;

describe('addr normalize', () => {
  it('prints one ndjson line with exactly the documented keys for one address', () => {
    const run = runCli(['normalize', SEBASTOPOL]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const lines = run.stdout.split('\n');
    expect(lines).toHaveLength(2); // one line, then the final newline
    const result = JSON.parse(lines[0] ?? '') as Record<string, Record<string, unknown>>;
    expect(Object.keys(result)).toEqual(['input', 'components', 'delivery_line', 'last_line', 'unparsed']);
    expect(Object.keys(result.components ?? {})).toEqual(expect.arrayContaining(COMPONENT_KEYS));
    expect(result).toMatchObject({
      input: SEBASTOPOL,
      components: { number: '1005', predir: 'N', street: 'GRAVENSTEIN', suffix: 'HWY', unit_type: 'STE', unit_number: '500', city: 'SEBASTOPOL', state: 'CA', zip5: '95472', zip4: null },
      delivery_line: '1005 N GRAVENSTEIN HWY STE 500',
      last_line: 'SEBASTOPOL CA 95472',
      unparsed: [],
    });
  });

  it('joins several arguments into one address', () => {
    const run = runCli(['normalize', '1005', 'n', 'gravenstein', 'highway', 'sebastopol', 'ca', '95472']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(ndjson(run.stdout)).toHaveLength(1);
  });

  it('reads stdin line by line: a blank line and garbage still give one line each, in order', () => {
    const lines = [SEBASTOPOL, '', '!!@@## ~~ 😀'];
    const run = runCli(['normalize', '-'], { input: `${lines.join('\n')}\n` });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const results = ndjson(run.stdout);
    expect(run.stdout.split('\n')).toHaveLength(4);
    expect(results.map((r) => r.input)).toEqual(lines);
    expect(results[0]).toMatchObject({ delivery_line: '1005 N GRAVENSTEIN HWY STE 500' });
  });

  it('reads piped stdin without "-", handles CRLF and a last line without newline', () => {
    const run = runCli(['normalize'], { input: '1 main st\r\n2 main st' });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(ndjson(run.stdout).map((r) => r.input)).toEqual(['1 main st', '2 main st']);
  });

  it('takes structured input', () => {
    const run = runCli(['normalize', '--line1', '1005 n gravenstein highway', '--line2', 'suite 500', '--city', 'sebastopol', '--state', 'california', '--zip', '95472']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(ndjson(run.stdout)[0]).toMatchObject({ delivery_line: '1005 N GRAVENSTEIN HWY STE 500', last_line: 'SEBASTOPOL CA 95472' });
  });

  it('exits 2 with the input-empty message when there is no address', () => {
    expect(runCli(['normalize'], { input: '' })).toEqual({ code: 0, stdout: '', stderr: '' }); // an empty pipe: no input, no output
    expect(runCli(['normalize', '  '])).toEqual({ code: 2, stdout: '', stderr: INPUT_EMPTY });
    expect(runCli(['normalize', '--city', ''])).toEqual({ code: 2, stdout: '', stderr: INPUT_EMPTY });
  });

  it.skipIf(spawnSync('script', ['--version']).status !== 0)('exits 2 at once when stdin is a terminal and no address is given', () => {
    // `script` gives the child a pseudo-terminal, as a user typing `addr normalize` has.
    const run = spawnSync('script', ['-qec', `${process.execPath} ${BIN} normalize`, '/dev/null'], { encoding: 'utf8', timeout: 20_000 });
    expect(run.status).toBe(2);
    expect(run.stdout.replace(/\r/g, '')).toContain(INPUT_EMPTY);
  });

  it('exits 2 with a usage message for an argument together with structured flags', () => {
    expect(runCli(['normalize', '1 main st', '--city', 'x'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: Give the address either as an argument or with --line1/--line2/--city/--state/--zip, not both.\n',
    });
  });

  it('exits 2 with commander\'s message for an unknown flag or a bad --format', () => {
    expect(runCli(['normalize', '--bogus', 'x'])).toEqual({ code: 2, stdout: '', stderr: "error: unknown option '--bogus'\n" });
    expect(runCli(['normalize', '--format', 'xml', 'x'])).toEqual({
      code: 2,
      stdout: '',
      stderr: "error: option '-f, --format <format>' argument 'xml' is invalid. Allowed choices are json, ndjson, table, csv.\n",
    });
    expect(runCli(['frobnicate'])).toMatchObject({ code: 2, stdout: '', stderr: "error: unknown command 'frobnicate'\n" });
  });

  it('--format json prints one object for one address, an array for stdin', () => {
    const one = runCli(['normalize', '--format', 'json', SEBASTOPOL]);
    expect(one).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(one.stdout)).toMatchObject({ input: SEBASTOPOL });
    const many = runCli(['normalize', '--format', 'json', '-'], { input: 'a\nb\n' });
    expect(many).toMatchObject({ code: 0, stderr: '' });
    expect((JSON.parse(many.stdout) as { input: string }[]).map((r) => r.input)).toEqual(['a', 'b']);
  });

  it('--format csv prints a header and one flattened row per address', () => {
    const run = runCli(['normalize', '--format', 'csv', '-'], { input: `${SEBASTOPOL}\n"quoted", with comma\n` });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const [header, first, second, end] = run.stdout.split('\n');
    expect(header?.split(',')).toEqual(['input', 'delivery_line', 'last_line', ...COMPONENT_KEYS, 'cross_street.predir', 'cross_street.street', 'cross_street.suffix', 'cross_street.postdir', 'unparsed']);
    expect(first?.startsWith(`${SEBASTOPOL},1005 N GRAVENSTEIN HWY STE 500,SEBASTOPOL CA 95472,1005,,N,GRAVENSTEIN,HWY,`)).toBe(true);
    expect(second?.startsWith('"""quoted"", with comma",')).toBe(true);
    expect(end).toBe('');
  });

  it('--format table prints aligned key/value lines without colour when piped', () => {
    const run = runCli(['normalize', '--format', 'table', SEBASTOPOL]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('delivery_line  1005 N GRAVENSTEIN HWY STE 500\n');
    expect(run.stdout).toContain('zip5           95472\n');
    expect(run.stdout).not.toContain('\u001b[');
    expect(run.stdout).not.toMatch(/^zip4\b/m); // absent parts are left out for readers
  });

  it('exits 0 quietly when the reader of stdout goes away (EPIPE)', () => {
    const dir = tempDir();
    const file = join(dir, 'many.txt');
    writeFileSync(file, `${SEBASTOPOL}\n`.repeat(50_000));
    const run = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" normalize - < "${file}" | head -1; echo "exit=\${PIPESTATUS[0]}" >&2`], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stdout.split('\n')).toHaveLength(2);
    expect(run.stderr).toBe('exit=0\n');
  });

  it('exits 0 quietly when help goes to a reader that is already gone', () => {
    // `true` exits without reading long before node has started, so the help text meets a closed pipe.
    const run = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" extract --help | true; echo "exit=\${PIPESTATUS[0]}" >&2`], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('exit=0\n');
  });

  it('prints help with examples and the exit codes', () => {
    const run = runCli(['normalize', '--help']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('Examples:');
    expect(run.stdout).toContain('Exit codes:\n  0  success');
  });
});
