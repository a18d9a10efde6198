// The streaming commands' pieces: compiled JSON against JSON.stringify, lines split as readline
// splits them, and a long run through the worker threads (order, | head, metering).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compiledJson } from '../../src/commands/compiled-json.js';
import { readLineBatches } from '../../src/commands/line-batches.js';
import { POOL_AFTER } from '../../src/commands/line-run.js';
import { resultJson } from '../../src/commands/result-schemas.js';
import { toNormalizeResult } from '../../src/core/views/normalize-result.js';
import { defaultLocalityDbPath } from '../../src/store/data-location.js';
import { openEngine } from '../../src/store/open-engine.js';
import { corpusFiles, readCorpus } from '../corpus/corpus.js';
import { BIN, ndjson, runCli, tempDir } from './run-cli.js';

describe('compiled JSON of command results', () => {
  it('is JSON.stringify text for every corpus row, written by the compiled serializer', () => {
    const { engine, close } = openEngine({ referenceDbPath: defaultLocalityDbPath() });
    try {
      const kinds = ['validate', 'normalize', 'geocode'] as const;
      for (const kind of kinds) {
        const json = resultJson(kind);
        const before = json.counts.compiled;
        let rows = 0;
        for (const file of corpusFiles()) {
          for (const row of readCorpus(file)) {
            const result = kind === 'normalize' ? toNormalizeResult(engine.normalize(row.input))
              : kind === 'geocode' ? engine.geocode(row.input, { requestId: 'r' }) : engine.validate(row.input, { requestId: 'r', candidates: 2 });
            expect(json(result)).toBe(JSON.stringify(result));
            rows++;
          }
        }
        // Not a test of the fallback alone: the compiled serializer wrote (nearly) all of them.
        expect(json.counts.compiled - before).toBeGreaterThan(rows * 0.99);
      }
    } finally {
      close();
    }
  });

  it('falls back to JSON.stringify for a value the schema would change', () => {
    const json = compiledJson({
      type: 'object',
      properties: { a: { type: 'string' }, n: { type: 'number' }, o: { type: ['object', 'null'], properties: { x: { type: 'string' } }, required: ['x'], additionalProperties: false } },
      required: ['a', 'n'],
      additionalProperties: false,
    });
    const values: unknown[] = [
      { a: 'x', n: 1, o: { x: 'y' } }, { a: 'x', n: 1, o: null }, { a: 'q"\\\u0001\ud800', n: -0 }, // compiled
      { n: 1, a: 'x' }, { a: 'x', n: 1, extra: true }, { a: 'x', n: Number.NaN }, { a: 'x', n: '1' }, { a: 'x' }, { a: 'x', n: 1, o: { x: 1 } },
      { a: 'x', n: 1, o: {} }, { a: 'x', n: 1, o: undefined }, { a: 1, n: 1 }, { a: null, n: 1 }, { a: 'x', n: Number.POSITIVE_INFINITY },
    ];
    for (const v of values) expect(json(v)).toBe(JSON.stringify(v));
    expect(json.counts.compiled).toBe(4); // the first three and the one with o undefined
    expect(json.counts.fallback).toBe(values.length - 4);
  });
});

async function collect(chunks: readonly (string | Buffer)[]): Promise<{ ours: string[]; readline: string[] }> {
  const ours: string[] = [];
  for await (const batch of readLineBatches(Readable.from(chunks.map((c) => Buffer.from(c))), 3)) {
    expect(batch.length).toBeGreaterThan(0);
    expect(batch.length).toBeLessThanOrEqual(3);
    ours.push(...batch);
  }
  const readline: string[] = [];
  for await (const line of createInterface({ input: Readable.from(chunks.map((c) => Buffer.from(c))), crlfDelay: Infinity, terminal: false })) readline.push(line);
  // readline keeps a byte-order mark at the start of the stream; the streaming commands drop it.
  if (readline[0]?.startsWith('\ufeff')) readline[0] = readline[0].slice(1);
  if (readline.length === 1 && readline[0] === '' && ours.length === 0) readline.pop();
  return { ours, readline };
}

describe('readLineBatches', () => {
  it('gives the lines readline gives, however the input is cut into chunks', async () => {
    const piece = fc.constantFrom('a', 'bc', ' ', '\n', '\r', '\r\n', '\n\n', 'é', '\u2028', '\ufeff', '12 Main St');
    await fc.assert(fc.asyncProperty(fc.array(piece, { maxLength: 30 }), fc.array(fc.nat(60), { maxLength: 6 }), async (parts, cuts) => {
      const text = Buffer.from(parts.join(''));
      const at = [...new Set(cuts.map((c) => Math.min(c, text.length)))].sort((x, y) => x - y);
      const chunks: Buffer[] = [];
      let from = 0;
      for (const c of at) {
        chunks.push(text.subarray(from, c));
        from = c;
      }
      chunks.push(text.subarray(from));
      const { ours, readline } = await collect(chunks.filter((c) => c.length > 0));
      expect(ours).toEqual(readline);
    }), { numRuns: 300 });
  });

  it('drops a byte-order mark at the start of the stream only, even cut between chunks', async () => {
    const bom = Buffer.from('\ufeff');
    const { ours } = await collect([bom.subarray(0, 2), Buffer.concat([bom.subarray(2), Buffer.from('1 Main St\n\ufeff2 Elm St\n')])]);
    expect(ours).toEqual(['1 Main St', '\ufeff2 Elm St']);
  });

  it('drops an incomplete UTF-8 sequence at the end, as readline does', async () => {
    const { ours, readline } = await collect([Buffer.from([0x61, 0x0a, 0x62, 0xc3])]);
    expect(ours).toEqual(['a', 'b']);
    expect(ours).toEqual(readline);
  });
});

describe('a long run through the worker threads', () => {
  const count = POOL_AFTER + 3000;
  const lines = Array.from({ length: count }, (_, i) => `${i + 1} Main St, Springfield, IL 62701`);

  it('keeps the input order, and | head ends it quietly charging only what the reader took', () => {
    const dir = tempDir();
    const file = join(dir, 'many.txt');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const run = spawnSync(process.execPath, [BIN, 'normalize', '-'], { input: `${lines.join('\n')}\n`, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 60_000 });
    expect(run.status).toBe(0);
    const out = ndjson(run.stdout);
    expect(out).toHaveLength(count);
    expect(out.every((r, i) => r.input === lines[i])).toBe(true);

    const dataDir = join(dir, 'data');
    expect(runCli(['accounts', 'create', '--name', 'acme', '--plan', 'production', '--data-dir', dataDir]).code).toBe(0);
    const head = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" validate - --account acme --data-dir "${dataDir}" < "${file}" | head -3 > /dev/null; echo "exit=\${PIPESTATUS[0]}" >&2`], { encoding: 'utf8', timeout: 60_000 });
    expect(head.stderr).toBe('exit=0\n');
    const usage = ndjson(runCli(['usage', '--account', 'acme', '--data-dir', dataDir, '--format', 'ndjson']).stdout);
    const charged = usage.reduce((n, r) => n + (r.validation as number), 0);
    expect(charged).toBeGreaterThanOrEqual(3);
    expect(charged).toBeLessThan(POOL_AFTER); // what the pipe took, not what was validated
  });
});
