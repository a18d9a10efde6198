// The flags a user can pass are documented: every option registered on a command has a
// row in the README's options table (STYLE.md §E: the table follows commands/options.ts).
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/commands/program.js';
import { parseFailOn } from '../../src/commands/options.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('command options', () => {
  const ctx = { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough(), env: {} };
  const program = buildProgram(ctx, () => {});
  const flags = new Set(program.commands.flatMap((c) => c.options.map((o) => o.flags)));

  it.each([...flags])('%s has a row in the README options table', (flag) => {
    expect(README).toContain(`| \`${flag}\` |`);
  });

  it('parses --fail-on lists in any case and rejects unknown statuses', () => {
    expect(parseFailOn('partial, NOT_FOUND')).toEqual(['PARTIAL', 'NOT_FOUND']);
    expect(() => parseFailOn('PARTIAL,MAYBE')).toThrow("Unknown status 'MAYBE'");
    expect(() => parseFailOn(',')).toThrow('Give at least one of');
  });
});
