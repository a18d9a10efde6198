// Over real HTTP (port 0): the quota boundary under concurrency, with either account store
// (SQLite; PostgreSQL, a database of its own), and x-request-id on real responses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_KINDS, skipStore } from '../store/pg-fixture.js';
import { bearer, makeServerOn } from './server-fixture.js';
import type { TestServer } from './server-fixture.js';

let s: TestServer;
let base: string;

async function burst(key: string, n: number): Promise<number[]> {
  const one = async (i: number): Promise<number> => {
    const res = await fetch(`${base}/v1/validate`, {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      body: JSON.stringify({ input: `${i + 1} Main St, Sebastopol, CA 95472` }),
    });
    const body = (await res.json()) as { id?: string; request_id?: string };
    expect(res.headers.get('x-request-id')).toBe(body.id ?? body.request_id);
    return res.status;
  };
  return Promise.all(Array.from({ length: n }, (_, i) => one(i)));
}

const count = (statuses: number[], status: number): number => statuses.filter((x) => x === status).length;

describe.each(STORE_KINDS)('quota boundary under concurrency (%s)', (kind) => {
  beforeAll(async () => {
    if (skipStore(kind)) return;
    s = await makeServerOn(kind);
    base = await s.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    if (!skipStore(kind)) await s.close();
  });

  it.skipIf(skipStore(kind))('200 simultaneous requests against 100 remaining Free Beta rows: exactly 100 served, usage 100', async () => {
    const key = await s.account({ name: 'beta', plan: 'free_beta', emailVerified: true, dailyRows: 100 });
    const statuses = await burst(key, 200);
    expect(count(statuses, 200)).toBe(100);
    expect(count(statuses, 429)).toBe(100);
    expect((await s.usage('beta')).validation).toBe(100);
  });

  it.skipIf(skipStore(kind))('200 simultaneous requests against 100 remaining production lookups: exactly 100 served, the rest 402', async () => {
    const key = await s.account({ name: 'prod', plan: 'production', includedLookups: 150, overage: false });
    await s.store.record('prod', 'validation', 50, new Date());
    const statuses = await burst(key, 200);
    expect(count(statuses, 200)).toBe(100);
    expect(count(statuses, 402)).toBe(100);
    expect((await s.usage('prod')).validation).toBe(150);
  });
});
