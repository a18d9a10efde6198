// The validation results' compiled serializers (result-serializers.ts) write what JSON.stringify
// writes, field for field, for results of every kind and both contracts: with and without address
// points, corrected, partial with a suggestion, not found, units, PO boxes, Variant B's options.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toVariantAResult } from '../../src/core/views/variant-a-result.js';
import { toVariantBResult } from '../../src/core/views/variant-b-result.js';
import type { Engine } from '../../src/core/engine.js';
import { resultSerializer } from '../../src/server/result-serializers.js';
import { defaultLocalityDbPath } from '../../src/store/data-location.js';
import { openEngine } from '../../src/store/open-engine.js';
import type { OpenedEngine } from '../../src/store/open-engine.js';
import { makeServer, realEngine } from './server-fixture.js';
import type { TestServer } from './server-fixture.js';

const INPUTS = [
  '1005 n gravenstein hwy suite 500 sebastapol ca 95472',
  '100 Bodega Ave, Sebastopol, CA 95472',
  '101 Bodega Avenue Sebastopol CA',
  '9999 Bodega Ave, Sebastopol, CA 95472',
  'PO Box 1234, Sebastopol CA 95472',
  '1 Main St, Nowhere, ZZ 00000',
  'not an address at all',
  '',
];

let s: TestServer;
let withPoints: OpenedEngine;
beforeAll(async () => {
  s = await makeServer({ points: ['sebastopol.oa.csv'] });
  withPoints = openEngine({ referenceDbPath: defaultLocalityDbPath(), dataDir: s.dir });
});
afterAll(async () => {
  withPoints.close();
  await s.close();
});

function results(engine: Engine) {
  return [
    ...INPUTS.map((input) => engine.validate(input, { requestId: 'r', startedAt: 0, now: () => 1.5 })),
    engine.validate({ line1: '100 Bodega Ave', line2: 'Apt 2', city: 'Sebastopol', state: 'CA', zip: '95472' }, { requestId: 's', startedAt: 0, now: () => 1 }),
  ];
}

describe('result serializers', () => {
  it('write every field JSON.stringify writes, for both contracts', () => {
    let compared = 0;
    for (const engine of [realEngine(), withPoints.engine]) {
      for (const result of results(engine)) {
        const a = toVariantAResult(result);
        expect(JSON.parse(resultSerializer('a')(a))).toEqual(JSON.parse(JSON.stringify(a)));
        for (const geocode of [false, true]) {
          for (const includeReasonCodes of [false, true]) {
            const b = toVariantBResult(result, { geocode, includeReasonCodes });
            expect(JSON.parse(resultSerializer('b')(b))).toEqual(JSON.parse(JSON.stringify(b)));
            compared++;
          }
        }
      }
    }
    expect(compared).toBe((INPUTS.length + 1) * 2 * 4);
  });

  it('cover the kinds of result the table means to cover', () => {
    const statuses = new Set([...results(realEngine()), ...results(withPoints.engine)].map((r) => r.status));
    expect([...statuses].sort()).toEqual(['CORRECTED', 'NOT_FOUND', 'PARTIAL', 'VALIDATED']);
    expect(results(withPoints.engine).some((r) => r.suggested_address !== null)).toBe(true);
    expect(results(withPoints.engine).some((r) => r.geocode?.quality === 'ROOFTOP')).toBe(true);
  });
});
