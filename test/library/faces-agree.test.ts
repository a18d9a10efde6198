// One corpus through the three faces — the library, the CLI (`addr normalize` and `addr validate`
// as real processes) and the server (POST /v1/normalize and /v1/validate) — over the same data
// (the locality database, and address points imported into one data directory): the same answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInput } from '../../src/core/model/types.js';
import { toVariantAResult } from '../../src/core/views/variant-a-result.js';
import { normalize, toNormalizeResult, validate } from '../../src/index.js';
import { ndjson, runCli } from '../commands/run-cli.js';
import { corpusFiles, readCorpus } from '../corpus/corpus.js';
import { bearer, makeServer } from '../server/server-fixture.js';
import type { TestServer } from '../server/server-fixture.js';

// Every twelfth row of each corpus file, and addresses of the imported points (ROOFTOP answers).
const rows: AddressInput[] = [
  ...corpusFiles().flatMap((f) => readCorpus(f).filter((_, i) => i % 12 === 0).map((r) => r.input)),
  '102 Bodega Ave, Sebastopol, CA 95472', '115 1/2 Bodega Avenue Sebastopol CA', '121A Bodega Ave, Sebastopol, CA 95472',
];
const lines = rows.filter((r): r is string => typeof r === 'string' && !/[\r\n]/.test(r));

const withoutCall = (r: Record<string, unknown>): Record<string, unknown> => {
  const { id: _id, latency_ms: _ms, ...rest } = r;
  return rest;
};

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await makeServer({ points: ['sebastopol.oa.csv'] });
  key = await server.account({ name: 'faces', plan: 'production' });
  // The library reads where the data is on first use, as the CLI does.
  process.env.ADDR_DATA_DIR = server.dir;
  delete process.env.ADDR_REFERENCE_DB;
});
afterAll(() => server.close());

const post = async (url: string, input: AddressInput): Promise<Record<string, unknown>> => {
  const res = await server.app.inject({ method: 'POST', url, headers: bearer(key), payload: typeof input === 'string' ? { input } : { address: input } });
  expect(res.statusCode, res.body).toBe(200);
  return withoutCall(res.json());
};

describe('the library, the CLI and the server', () => {
  it(`normalize ${rows.length} addresses alike`, async () => {
    expect(lines.length).toBeGreaterThan(200);
    const cli = ndjson(runCli(['normalize', '--format', 'ndjson', '-'], { input: `${lines.join('\n')}\n` }).stdout);
    expect(cli).toEqual(lines.map((l) => toNormalizeResult(normalize(l))));
    for (const input of rows) expect(await post('/v1/normalize', input)).toEqual(toNormalizeResult(normalize(input)));
  });

  it(`validate ${rows.length} addresses alike, points included`, async () => {
    const cli = ndjson(runCli(['validate', '--format', 'ndjson', '-'], { input: `${lines.join('\n')}\n`, env: { ADDR_DATA_DIR: server.dir } }).stdout);
    const library = lines.map((l) => withoutCall(validate(l) as unknown as Record<string, unknown>));
    expect(cli.map(withoutCall)).toEqual(library);
    expect(library.filter((r) => (r.geocode as { quality?: string } | null)?.quality === 'ROOFTOP')).toHaveLength(3);
    for (const input of rows) {
      expect(await post('/v1/validate', input)).toEqual(withoutCall(toVariantAResult(validate(input)) as unknown as Record<string, unknown>));
    }
  });
});
