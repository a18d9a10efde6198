// A real addr serve app for tests: the embedded locality database, a fresh
// accounts database in a temporary directory, accounts and keys made through the
// same store the CLI uses. Tests drive it with inject() or listen on port 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { generateApiKey } from '../../src/accounts/api-keys.js';
import type { NewAccount } from '../../src/accounts/account-store.js';
import type { Engine } from '../../src/core/engine.js';
import { buildApp } from '../../src/server/app.js';
import type { AppOptions } from '../../src/server/app.js';
import type { Contract } from '../../src/server/contract.js';
import type { AccountStore } from '../../src/accounts/account-store.js';
import { openAccountStore } from '../../src/store/open-accounts.js';
import { openEngine } from '../../src/store/open-engine.js';
import type { OpenedEngine } from '../../src/store/open-engine.js';
import { defaultLocalityDbPath } from '../../src/store/data-location.js';
import type { SpreadsheetJobs, SpreadsheetJobsOptions } from '../../src/server/spreadsheets/spreadsheet-jobs.js';

type JobsModule = { SpreadsheetJobs: typeof SpreadsheetJobs };
// The built module (test/global-setup.ts builds dist/): its `addr batch` runs start worker threads from dist/src/batch/batch-worker.js.
const BUILT_JOBS = new URL('../../dist/src/server/spreadsheets/spreadsheet-jobs.js', import.meta.url).href;
import { importFixtures } from '../store/points-fixtures.js';
import { createDatabase } from '../store/pg-fixture.js';
import type { StoreKind } from '../store/pg-fixture.js';

let shared: OpenedEngine | null = null;

/** The engine over the embedded locality database, opened once per test file. */
export function realEngine(): Engine {
  shared ??= openEngine({ referenceDbPath: defaultLocalityDbPath() });
  return shared.engine;
}

/** An app with its accounts database. */
export interface TestServer {
  app: FastifyInstance;
  store: AccountStore;
  dir: string;
  /** Creates an account and a key for it; returns the key. */
  account(input: NewAccount): Promise<string>;
  /** A key for an existing account. */
  keyFor(account: string): Promise<string>;
  /** Usage recorded today for `account`, by kind. */
  usage(account: string): Promise<{ validation: number; batch_row: number; autocomplete: number }>;
  close(): Promise<void>;
}

/** Builds an app over a fresh accounts database. */
export async function makeServer(
  options: { contract?: Contract; engine?: Engine; now?: () => Date; points?: readonly string[]; dir?: string; jobs?: Partial<SpreadsheetJobsOptions>; accountsUrl?: string | null } & Partial<AppOptions> = {},
): Promise<TestServer> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'addr-serve-'));
  // The SQLite store of the data directory, or the PostgreSQL database of `accountsUrl` (test/store/pg-fixture.ts), as addr serve opens it.
  const store = await openAccountStore({ dataDir: dir, url: options.accountsUrl ?? null }, { watch: true });
  const now = options.now ?? (() => new Date());
  // With `points`: those fixtures of fixtures/points imported into the data directory (as complete
  // sources: a number they lack is not found), and an engine over them.
  let own: OpenedEngine | null = null;
  if (options.points !== undefined) {
    await importFixtures(dir, options.points, undefined, true);
    own = openEngine({ referenceDbPath: defaultLocalityDbPath(), dataDir: dir });
  }
  const { points: _points, jobs, dir: _dir, accountsUrl: _url, ...appOptions } = options;
  // With `jobs`: spreadsheet jobs over the same data directory (one worker each), closed with the app.
  const spreadsheets = jobs === undefined ? undefined : new ((await import(BUILT_JOBS)) as JobsModule).SpreadsheetJobs({
    dataDir: dir, accountsUrl: options.accountsUrl ?? null, referenceDbPath: defaultLocalityDbPath(), retentionMs: 3_600_000, maxRunning: 2, maxRunningPerAccount: 1, workersPerJob: 1, ...jobs,
  });
  // The web console (static files at /) is tested in a browser (test/console): API tests run without it.
  const app = buildApp({ console: false, ...appOptions, ...(spreadsheets === undefined ? {} : { spreadsheets }), engine: options.engine ?? own?.engine ?? realEngine(), accounts: store, contract: options.contract ?? 'a', now });
  await app.ready();
  const keyFor = async (account: string): Promise<string> => {
    const key = generateApiKey();
    await store.addKey({ prefix: key.prefix, account, hash: key.hash, createdAt: now().toISOString() });
    return key.key;
  };
  return {
    app,
    store,
    dir,
    async account(input) {
      await store.createAccount(input, now());
      return keyFor(input.name);
    },
    keyFor,
    async usage(account) {
      const row = (await store.usageByDay({ account })).at(-1);
      return { validation: row?.validation ?? 0, batch_row: row?.batch_row ?? 0, autocomplete: row?.autocomplete ?? 0 };
    },
    async close() {
      await app.close();
      await store.close();
      own?.close();
      if (options.dir === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** makeServer over the account store of `kind`: SQLite in its data directory, or a PostgreSQL database of its own, dropped by close(). */
export async function makeServerOn(kind: StoreKind, options: Parameters<typeof makeServer>[0] = {}): Promise<TestServer> {
  if (kind === 'sqlite') return makeServer(options);
  const db = await createDatabase();
  const server = await makeServer({ ...options, accountsUrl: db.url });
  return {
    ...server,
    async close() {
      await server.close();
      await db.drop();
    },
  };
}

/** Authorization header of a key. */
export const bearer = (key: string): Record<string, string> => ({ authorization: `Bearer ${key}` });
