import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts', 'test/postgres-setup.ts'], // builds dist/ for the CLI tests when sources changed; finds PostgreSQL
    testTimeout: 60_000,
    pool: 'forks',
  },
});
