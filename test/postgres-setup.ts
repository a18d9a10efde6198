// Finds the PostgreSQL server of the PostgreSQL tests (ADDR_TEST_POSTGRES_URL, else the project's machines'
// 127.0.0.1:5432, trust authentication, database test) once per run, and hands its URL to the tests
// (inject('postgresUrl'), test/store/pg-fixture.ts). Unreachable: the tests are skipped, with one line saying so,
// unless ADDR_REQUIRE_POSTGRES=1 (.ci/run), which fails the run instead.
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string; // '' when unreachable
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.ADDR_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  let reachable = false;
  let why = '';
  try {
    await client.connect();
    await client.query('SELECT 1');
    reachable = true;
  } catch (err) {
    why = err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
  if (!reachable) {
    const where = url.replace(/:[^:@/]*@/, ':***@');
    if (process.env.ADDR_REQUIRE_POSTGRES === '1') throw new Error(`PostgreSQL at ${where} is not reachable (${why}), and ADDR_REQUIRE_POSTGRES=1 requires its tests.`);
    process.stdout.write(`PostgreSQL at ${where} is not reachable (${why}): the PostgreSQL tests are skipped.\n`);
  }
  project.provide('postgresUrl', reachable ? url : '');
}
