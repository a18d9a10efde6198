// The flags a user can pass are documented, and only those: every option registered on a command
// has a row in the options table of docs/cli.md, and every row of that table is an option some
// command registers (the table follows src/commands/options.ts).
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/commands/program.js';
import { parseFailOn } from '../../src/commands/options.js';

const CLI_DOC = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');

/** The flags of the rows of docs/cli.md's "Options" table. */
function documentedFlags(): Set<string> {
  const section = CLI_DOC.slice(CLI_DOC.indexOf('\n## Options\n'), CLI_DOC.indexOf('\n## Exit codes\n'));
  const rows = section.split('\n').filter((l) => l.startsWith('| `'));
  return new Set(rows.map((l) => /^\| `([^`]+)` \|/.exec(l)?.[1] ?? l));
}

describe('command options', () => {
  const ctx = { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough(), env: {} };
  const program = buildProgram(ctx, () => {});
  const commands = (c: typeof program): (typeof program)[] => [c, ...c.commands.flatMap(commands)];
  const flags = new Set(commands(program).flatMap((c) => c.options.filter((o) => !o.hidden).map((o) => o.flags)));

  it.each([...flags])('%s has a row in the options table of docs/cli.md', (flag) => {
    expect(documentedFlags()).toContain(flag);
  });

  it('documents no option that no command registers', () => {
    expect([...documentedFlags()].filter((f) => !flags.has(f))).toEqual([]);
  });

  it('parses --fail-on lists in any case and rejects unknown statuses', () => {
    expect(parseFailOn('partial, NOT_FOUND')).toEqual(['PARTIAL', 'NOT_FOUND']);
    expect(() => parseFailOn('PARTIAL,MAYBE')).toThrow("Unknown status 'MAYBE'");
    expect(() => parseFailOn(',')).toThrow('Give at least one of');
  });
});
