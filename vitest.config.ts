import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts', 'test/postgres-setup.ts'], // builds dist/ for the CLI tests when sources changed; finds PostgreSQL
    testTimeout: 60_000,
    pool: 'forks',
    // At least three test files at a time: most suites spend their time waiting on processes they
    // spawn (the CLI, servers, PostgreSQL), so a third fork fills the cores of a 2-core machine
    // (measured: 201 s of wall time for the suite against 260-281 s with two).
    maxWorkers: Math.max(3, availableParallelism()),
  },
});
