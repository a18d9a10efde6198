/**
 * Versioned migrations of the accounts database, in order. Each runs once, in
 * its own IMMEDIATE transaction, and is recorded in `schema_migrations`; never
 * edit a shipped one, append a new one.
 */

/** One migration. */
export interface Migration {
  version: number; // 1, 2, 3 ... in order
  description: string;
  sql: string;
}

/** Every migration, oldest first. */
export const ACCOUNT_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'accounts, api_keys, usage; the built-in local account',
    sql: `
      CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        plan TEXT NOT NULL CHECK (plan IN ('free_beta', 'production', 'unlimited')),
        email TEXT,
        email_verified INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
        daily_rows INTEGER,
        included_lookups INTEGER,
        overage INTEGER NOT NULL DEFAULT 0,
        autocomplete INTEGER,
        created_at TEXT NOT NULL
      );
      CREATE TABLE api_keys (
        prefix TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_used_at TEXT,
        revoked_at TEXT
      );
      CREATE INDEX api_keys_account ON api_keys(account_id);
      CREATE TABLE usage (
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        day TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('validation', 'batch_row', 'autocomplete')),
        count INTEGER NOT NULL,
        PRIMARY KEY (account_id, day, kind)
      ) WITHOUT ROWID;
      INSERT INTO accounts (name, plan, email_verified, created_at)
        VALUES ('local', 'unlimited', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
    `,
  },
  {
    version: 2,
    description: 'batch_runs: checkpoints of addr batch, advanced in the transactions that record their usage',
    sql: `
      CREATE TABLE batch_runs (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        input_path TEXT NOT NULL,
        output_path TEXT NOT NULL,
        temp_path TEXT NOT NULL,
        input_size INTEGER NOT NULL,
        input_mtime_ms REAL NOT NULL,
        header_hash TEXT NOT NULL,
        settings TEXT NOT NULL,
        rows_done INTEGER NOT NULL DEFAULT 0,
        rows_paid INTEGER NOT NULL DEFAULT 0,
        in_offset INTEGER NOT NULL DEFAULT 0,
        in_line INTEGER NOT NULL DEFAULT 2,
        out_bytes INTEGER NOT NULL DEFAULT 0,
        state TEXT NOT NULL CHECK (state IN ('running', 'stopped')),
        pid INTEGER,
        started_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (input_path, output_path)
      );
    `,
  },
  {
    version: 3,
    description: 'batch_runs.tally: rows by status and processing time of the rows done, so a resumed run reports the whole file',
    sql: `
      ALTER TABLE batch_runs ADD COLUMN tally TEXT NOT NULL DEFAULT '{}';
    `,
  },
  {
    version: 4,
    description: 'accounts_version: bumped by every change of an account or of a key (not by usage), for the caches of authentication',
    // Servers cache keys and accounts for authentication (src/store/accounts-db.ts). PRAGMA data_version
    // tells that another connection committed, which the usage every request records does all the time
    // when processes share the file (addr serve --workers): this version tells whether what was committed
    // touched accounts or keys. A key's last use is not a change of it.
    sql: `
      CREATE TABLE accounts_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
      INSERT INTO accounts_version VALUES (1, 0);
      CREATE TRIGGER accounts_inserted AFTER INSERT ON accounts BEGIN UPDATE accounts_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER accounts_updated AFTER UPDATE ON accounts BEGIN UPDATE accounts_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER accounts_deleted AFTER DELETE ON accounts BEGIN UPDATE accounts_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER api_keys_inserted AFTER INSERT ON api_keys BEGIN UPDATE accounts_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER api_keys_updated AFTER UPDATE OF prefix, account_id, hash, revoked_at ON api_keys
        BEGIN UPDATE accounts_version SET version = version + 1 WHERE id = 1; END;
      CREATE TRIGGER api_keys_deleted AFTER DELETE ON api_keys BEGIN UPDATE accounts_version SET version = version + 1 WHERE id = 1; END;
    `,
  },
];
