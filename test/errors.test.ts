// The error catalog, the exit-code table and docs/errors.md must agree (STYLE.md §D,
// after fastify's test/internals/errors.test.js): a new code cannot ship undocumented.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../src/core/model/errors.js';
import type { ErrorKind } from '../src/core/model/errors.js';
import { EXIT_CODES, EXIT_CODE_HELP } from '../src/core/model/exit-codes.js';

const KINDS: readonly ErrorKind[] = ['usage', 'input', 'quota', 'unavailable', 'internal'];

interface DocRow { code: string; kind: string; exit: string; http: string; message: string }

/** The rows of the catalog table in docs/errors.md. */
function docRows(): Map<string, DocRow> {
  const text = readFileSync(new URL('../docs/errors.md', import.meta.url), 'utf8');
  const rows = new Map<string, DocRow>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('| ADDR_ERR_')) continue;
    const cells = line.slice(1, -1).split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
    const [code = '', kind = '', exit = '', http = '', message = ''] = cells;
    rows.set(code, { code, kind, exit, http, message });
  }
  return rows;
}

describe('error catalog', () => {
  const rows = docRows();

  it.each(Object.entries(ERRORS))('%s has a kind, an exit code and a row in docs/errors.md', (code, entry) => {
    expect(KINDS).toContain(entry.kind);
    expect(EXIT_CODES[entry.kind]).toEqual(expect.any(Number));
    const row = rows.get(code);
    expect(row, `docs/errors.md has no row for ${code}`).toBeDefined();
    expect(row).toMatchObject({ kind: entry.kind, exit: String(EXIT_CODES[entry.kind]), message: entry.message });
    expect(row?.http).toMatch(/^\d{3} [a-z_]+$/);
  });

  it('documents no code the catalog lacks', () => {
    expect([...rows.keys()].filter((code) => !(code in ERRORS))).toEqual([]);
  });

  it('maps every kind to the exit code docs/errors.md lists, and --help lists each', () => {
    expect(EXIT_CODES).toEqual({ usage: 2, input: 2, quota: 3, unavailable: 4, internal: 1 });
    for (const code of new Set(Object.values(EXIT_CODES))) expect(EXIT_CODE_HELP).toMatch(new RegExp(`^  ${code}  `, 'm'));
  });
});
