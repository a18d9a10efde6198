/**
 * `npm run eval:extract`: runs the shared extraction scorer
 * (../shared/eval/score-extraction.mjs, beside this project) over its development
 * documents and prints precision, recall and F1. The scorer runs the built
 * `addr extract --format ndjson -` (run `npm run build` first). Extra arguments
 * go to the scorer (a documents file, --show N). When ../shared is not there,
 * says so and exits 0: there is nothing to measure against.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const scorer = join(root, '..', 'shared', 'eval', 'score-extraction.mjs');
if (!existsSync(scorer)) {
  console.log(`eval:extract: no scorer at ${scorer} (the shared evaluation folder is not beside this project); nothing measured.`);
} else {
  const run = spawnSync(process.execPath, [scorer, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
}
