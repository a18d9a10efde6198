// The case tables of the parser's rules (test/core/parse/*.test.ts): each rule names its cases,
// inputs and the whole parse they give (every non-null component, and `unparsed` when any, in
// the regression corpus's compact form), read with the gazetteer of the reference database.
import { afterAll, describe, expect, it } from 'vitest';
import { defaultLocalityDbPath } from '../../../src/store/data-location.js';
import { openEngine } from '../../../src/store/open-engine.js';
import { compact } from '../../corpus/corpus.js';
import type { Expected } from '../../corpus/corpus.js';

/** One case: an input line and its whole parse. */
export type RuleCase = [input: string, expected: Expected];

/** Runs every rule's table, one describe per rule, one test per case. */
export function ruleTables(tables: Record<string, RuleCase[]>): void {
  const opened = openEngine({ referenceDbPath: defaultLocalityDbPath() });
  afterAll(() => opened.close());
  describe.each(Object.keys(tables))('%s', (rule) => {
    it.each(tables[rule] ?? [])('%s', (input, expected) => {
      expect(compact(opened.engine.normalize(input))).toEqual(expected);
    });
  });
}
