// Every command example of README.md, docs/cli.md and docs/api.md runs as shown on a fresh clone: each
// command line of a file's ```sh blocks is run in order from a fresh copy of the clone's fixtures (one per
// file), with ./addr, and must exit 0 and print the output lines the file shows (lines with "..." or
// timings are not compared). The few that cannot run alone are listed in NOT_RUN with the reason; the list
// is compared with the files both ways.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Examples that need something of the reader's own, with why. */
const NOT_RUN: Readonly<Record<string, string>> = {
  'npm install': 'the install itself (this test runs after it)',
  'npm test': 'runs this test',
  './addr data download --county 30059': 'reaches the Census Bureau (test/commands covers it against a local server)',
  './addr keys revoke addr_AbCd1234': "needs a key prefix of the reader's (`addr keys list`)",
  'ADDR_KEY=addr_... ./addr validate - < fixtures/examples/addresses.txt': "needs a key of the reader's",
  './addr serve --port 8080': 'a server that runs until stopped (test/server covers it)',
  './addr serve --port 8080 --workers 2': 'a server that runs until stopped (test/server/serve-command.test.ts covers it)',
  './addr serve --host 0.0.0.0 --port 8080 --accounts-url postgres://addr@db.internal:5432/addr': "a server that runs until stopped, on the reader's PostgreSQL (test/server/scale-out.test.ts runs two against one)",
  './addr usage --account acme --accounts-url postgres://addr@db.internal:5432/addr': "reads the reader's PostgreSQL (test/store covers the PostgreSQL store)",
  'curl -s http://127.0.0.1:8080/v1/validate -H "Authorization: Bearer $ADDR_KEY" -H "Content-Type: application/json" -d \'{"input": "1005 n gravenstein hwy suite 500 sebastapol ca 95472"}\'': 'needs the server above and a key',
  'curl -s "http://127.0.0.1:8080/v1/validate?input=1+main+st+sebastopol+ca" -H "Authorization: Bearer $ADDR_KEY" -H "X-Contract: b"': 'needs the server above and a key',
  'curl -s http://127.0.0.1:8080/v1/spreadsheets?name=customers.csv -H "Authorization: Bearer $ADDR_KEY" -H "Content-Type: text/csv" --data-binary @customers.csv': 'needs the server above and a key (test/server/spreadsheets-serve.test.ts covers it)',
  'curl -s http://127.0.0.1:8080/v1/spreadsheets/ss_... -H "Authorization: Bearer $ADDR_KEY"': "needs the server above, a key and a job's id",
  'curl -s http://127.0.0.1:8080/v1/spreadsheets/ss_.../result -H "Authorization: Bearer $ADDR_KEY" -o customers.validated.csv': "needs the server above, a key and a job's id",
};

interface Example { command: string; shown: string[] }

/** The files whose examples run, each in a directory of its own. */
const FILES = ['README.md', 'docs/cli.md', 'docs/api.md'];

/** The command lines of a file's ```sh blocks, in order, with the output lines shown after each `$ ` command. */
function readmeExamples(file: string): Example[] {
  const examples: Example[] = [];
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```sh') continue;
    const block: string[] = [];
    for (i++; i < lines.length && lines[i] !== '```'; i++) block.push(lines[i] as string);
    const prompted = block.some((l) => l.startsWith('$ '));
    let current: Example | null = null;
    let pending = '';
    let afterBlank = !prompted; // in a block with `$ ` prompts, lines after a command's output and a blank line are commands again
    for (const raw of block) {
      if (raw.trim() === '') {
        afterBlank = true;
        continue;
      }
      const isCommand = pending !== '' || raw.startsWith('$ ') || (afterBlank && !raw.trimStart().startsWith('#'));
      if (!isCommand) {
        if (current !== null && !raw.trimStart().startsWith('#')) current.shown.push(raw);
        continue;
      }
      if (raw.startsWith('$ ')) afterBlank = false;
      const text = (pending + (raw.startsWith('$ ') ? raw.slice(2) : raw.trim())).replace(/\s{2,}#.*$/, '');
      if (text.endsWith('\\')) {
        pending = `${text.slice(0, -1).trim()} `;
        continue;
      }
      pending = '';
      examples.push((current = { command: text.trim(), shown: [] }));
    }
  }
  return examples;
}

const norm = (text: string): string => text.replace(/\s+/g, ' ').trim();

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('documented examples', () => {
  const examples = new Map(FILES.map((file) => [file, readmeExamples(file)]));

  it('lists as not run only examples the files have, each with a reason', () => {
    const commands = new Set([...examples.values()].flat().map((e) => e.command));
    expect(Object.keys(NOT_RUN).filter((c) => !commands.has(c))).toEqual([]);
    for (const [file, list] of examples) expect(list.length, file).toBeGreaterThan(2);
  });

  it.each(FILES)('runs every other example of %s as shown from a fresh clone', (file) => {
    const dir = mkdtempSync(join(tmpdir(), 'addr-readme-'));
    dirs.push(dir);
    cpSync(join(ROOT, 'fixtures'), join(dir, 'fixtures'), { recursive: true });
    symlinkSync(join(ROOT, 'addr'), join(dir, 'addr'));
    const { ADDR_KEY: _k, ADDR_REFERENCE_DB: _r, ADDR_DATA_DIR: _d, FORCE_COLOR: _f, NO_COLOR: _n, ...env } = process.env;
    const failures: string[] = [];
    for (const example of examples.get(file) ?? []) {
      if (example.command in NOT_RUN) continue;
      const run = spawnSync('bash', ['-c', example.command], { cwd: dir, env: { ...env, ADDR_DATA_DIR: join(dir, 'data') }, encoding: 'utf8', timeout: 60_000 });
      if (run.status !== 0) {
        failures.push(`${example.command}\n  exit ${run.status}: ${run.stderr.trim()}`);
        continue;
      }
      const printed = norm(`${run.stdout}\n${run.stderr}`);
      for (const line of example.shown) {
        // Not compared: lines cut short (...), timings, and JSON (printed indented, shown compact).
        if (/\.\.\.|…/.test(line) || /\d+(\.\d+)? s\b|rows\/s|latency_ms|": |^\s*[{}[\]]/.test(line)) continue;
        if (!printed.includes(norm(line))) failures.push(`${example.command}\n  does not print: ${line.trim()}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000); // up to about 40 commands a file, one process each
});
