/**
 * Writes the generated part of the regression corpus: test/fixtures/corpus/<category>.jsonl,
 * one row per line, `{"input": ..., "expected": {...}}` (categories.ts builds the rows from
 * known components; the same rows on every run). Hand-written files of that folder (those
 * not named after a category) are left alone. `npm run corpus` runs it; test/corpus.test.ts
 * checks every row. See test/fixtures/corpus/README.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addrPackageRoot } from '../../src/store/data-location.js';
import { CATEGORIES } from './categories.js';

const dir = join(addrPackageRoot(), 'test', 'fixtures', 'corpus');
mkdirSync(dir, { recursive: true });
let total = 0;
for (const [name, make] of Object.entries(CATEGORIES)) {
  const seen = new Set<string>();
  const rows = make().filter((c) => {
    const key = JSON.stringify(c.input);
    return !seen.has(key) && seen.add(key); // one row per input
  });
  writeFileSync(join(dir, `${name}.jsonl`), rows.map((c) => JSON.stringify(c)).join('\n') + '\n');
  total += rows.length;
  process.stdout.write(`${name}: ${rows.length}\n`);
}
process.stdout.write(`${total} rows in ${dir}\n`);
