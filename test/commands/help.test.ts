// Each command's --help describes its own flags (not another command's), and names files as they are.
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

/** The help line of one flag (its first line). */
function flagLine(help: string, flag: string): string {
  return help.split('\n').find((l) => l.trimStart().startsWith(flag)) ?? '';
}

describe('--help texts', () => {
  it('describes --limit for the command it is on', () => {
    expect(flagLine(runCli(['autocomplete', '--help']).stdout, '--limit')).toMatch(/suggestions/);
    expect(flagLine(runCli(['autocomplete', '--help']).stdout, '--limit')).not.toMatch(/reverse|points/);
    expect(flagLine(runCli(['reverse', '--help']).stdout, '--limit')).toMatch(/points/);
    expect(flagLine(runCli(['reverse', '--help']).stdout, '--limit')).not.toMatch(/autocomplete|suggestions/);
  });

  it('describes --account of usage and keys as what they report on, not the account to run as', () => {
    for (const args of [['usage'], ['keys', 'list'], ['keys', 'create']]) {
      const line = flagLine(runCli([...args, '--help']).stdout, '--account');
      expect(line).not.toMatch(/run as/);
      expect(line).toMatch(/account/);
    }
    expect(flagLine(runCli(['validate', '--help']).stdout, '--account')).toMatch(/run as/);
  });

  it('names the XLSX journal of batch as it is written (OUT.partial.xml)', () => {
    const help = runCli(['batch', '--help']).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('OUT.partial.xml');
    expect(help).not.toContain('OUT.partial.csv');
  });

  it('gives the input format of data import its own flag; --format there names the replacement', () => {
    const help = runCli(['data', 'import', '--help']).stdout;
    expect(help).toContain('--input-format <format>');
    expect(flagLine(help, '--format')).toBe('');
    const moved = runCli(['data', 'import', '-', '--format', 'nad', '--source', 'x']);
    expect(moved.code).toBe(2);
    expect(moved.stderr).toContain('--input-format');
  });
});
