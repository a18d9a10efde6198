// The regression corpus (test/fixtures/corpus/README.md): every row through normalize with the
// gazetteer, in-process; a changed answer fails with a diff of the rows and fields that changed.
import { afterAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../scripts/corpus/categories.js';
import { defaultLocalityDbPath } from '../../src/store/data-location.js';
import { openEngine } from '../../src/store/open-engine.js';
import { compact, corpusDiff, corpusFiles, readCorpus, updateCorpusFile } from './corpus.js';

const opened = openEngine({ referenceDbPath: defaultLocalityDbPath() });
afterAll(() => opened.close());
const update = process.env.ADDR_CORPUS_UPDATE === '1';

describe('the regression corpus', () => {
  it('has every category of the generator, a hand-written file of hard cases, and 2,000 rows or more', () => {
    const files = corpusFiles();
    expect(files).toEqual(expect.arrayContaining([...Object.keys(CATEGORIES).map((c) => `${c}.jsonl`), 'hard-cases.jsonl']));
    expect(files.reduce((n, f) => n + readCorpus(f).length, 0)).toBeGreaterThanOrEqual(2000);
  });

  it.each(Object.entries(CATEGORIES))('%s.jsonl is what scripts/corpus/generate-corpus.ts writes (npm run corpus)', (name, make) => {
    const written = readCorpus(`${name}.jsonl`).map(({ input, expected }) => JSON.stringify({ input, expected }));
    const made = [...new Set(make().map((c) => JSON.stringify({ input: c.input, expected: c.expected })))];
    expect(written).toEqual(made);
  });

  it.each(corpusFiles())('%s: every row parses as expected', (file) => {
    const rows = readCorpus(file);
    const { text, got } = corpusDiff(rows, opened.engine.normalize);
    const generated = Object.hasOwn(CATEGORIES, file.replace(/\.jsonl$/, ''));
    if (update && text !== '' && !generated) updateCorpusFile(file, got);
    else expect(text, 'rows whose answer changed (see test/fixtures/corpus/README.md)').toBe('');
  });

  it('tells a changed field apart from a missing one', () => {
    const [row] = readCorpus('hard-cases.jsonl');
    if (row === undefined) throw new Error('empty corpus');
    const wrong = corpusDiff([{ ...row, expected: { ...row.expected, suffix: 'AVE', zip4: '0001' } }], opened.engine.normalize);
    expect(wrong.text).toContain('hard-cases.jsonl:1');
    expect(wrong.text).toContain(`suffix: expected "AVE", got ${JSON.stringify(compact(opened.engine.normalize(row.input)).suffix)}`);
    expect(wrong.text).toContain('zip4: expected "0001", got (none)');
  });
});
