// PostgreSQL databases for tests: each test creates its own and drops it (test/postgres-setup.ts finds the server).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';

/** The server's URL; '' when it is not reachable (the PostgreSQL tests are then skipped). */
export const POSTGRES_URL: string = inject('postgresUrl');
if (typeof POSTGRES_URL !== 'string') throw new Error('test/postgres-setup.ts did not run: it must be a globalSetup of vitest.config.ts');

/** True when the PostgreSQL tests run. */
export const HAS_POSTGRES = POSTGRES_URL !== '';

/** The account stores a store test runs against. */
export const STORE_KINDS = ['sqlite', 'postgres'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

/** True when tests of `kind` are skipped (no PostgreSQL). */
export const skipStore = (kind: StoreKind): boolean => kind === 'postgres' && !HAS_POSTGRES;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

type TestDatabase = { url: string; drop(): Promise<void> };

async function make(): Promise<TestDatabase> {
  const name = `addr_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(async (c) => void (await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))) };
}

// Creating a database takes a good part of a second: the next test's is made while this one runs,
// and the drops of a file's tests run together at its end.
let next: Promise<TestDatabase> | null = null;
const drops: Promise<void>[] = [];
afterAll(async () => {
  if (next !== null) drops.push(next.then((db) => db.drop(), () => undefined));
  next = null;
  await Promise.all(drops);
});

/** A new, empty database: its URL, and `drop()`, which closes every connection to it and drops it (at the end of the file). */
export async function createDatabase(): Promise<TestDatabase> {
  const db = await (next ?? make());
  next = make();
  next.catch(() => undefined);
  return { url: db.url, drop: async () => void drops.push(db.drop()) };
}
