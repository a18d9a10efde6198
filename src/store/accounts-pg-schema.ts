/**
 * The schema of the PostgreSQL account store (src/store/accounts-pg.ts):
 * versioned migrations, in order, recorded in `schema_version`. Each start
 * applies the ones the database lacks, in one transaction under an advisory
 * lock, so that several processes starting at once migrate it exactly once.
 * Never edit a shipped migration; append a new one.
 */
import type { Migration } from './accounts-migrations.js';

/** The channel every change of accounts or keys is announced on (LISTEN/NOTIFY). */
export const ACCOUNTS_CHANNEL = 'addr_accounts';

/** The advisory lock the migrations run under (any constant shared by every addr). */
export const MIGRATION_LOCK = 7_422_317_001;

/** Every migration, oldest first. */
export const PG_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'accounts, api_keys, usage, batch_runs; the built-in local account; change announcements',
    sql: `
      CREATE TABLE accounts (
        id BIGSERIAL PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        plan TEXT NOT NULL CHECK (plan IN ('free_beta', 'production', 'unlimited')),
        email TEXT,
        email_verified BOOLEAN NOT NULL DEFAULT false,
        status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
        daily_rows BIGINT,
        included_lookups BIGINT,
        overage BOOLEAN NOT NULL DEFAULT false,
        autocomplete BOOLEAN,
        created_at TEXT NOT NULL
      );
      CREATE TABLE api_keys (
        prefix TEXT PRIMARY KEY,
        account_id BIGINT NOT NULL REFERENCES accounts(id),
        hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_used_at TEXT,
        revoked_at TEXT
      );
      CREATE INDEX api_keys_account ON api_keys(account_id);
      CREATE TABLE usage (
        account_id BIGINT NOT NULL REFERENCES accounts(id),
        day TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('validation', 'batch_row', 'autocomplete')),
        count BIGINT NOT NULL CHECK (count >= 0),
        PRIMARY KEY (account_id, day, kind)
      );
      CREATE TABLE batch_runs (
        id BIGSERIAL PRIMARY KEY,
        account_id BIGINT NOT NULL REFERENCES accounts(id),
        input_path TEXT NOT NULL,
        output_path TEXT NOT NULL,
        temp_path TEXT NOT NULL,
        input_size BIGINT NOT NULL,
        input_mtime_ms DOUBLE PRECISION NOT NULL,
        header_hash TEXT NOT NULL,
        settings TEXT NOT NULL,
        rows_done BIGINT NOT NULL DEFAULT 0,
        rows_paid BIGINT NOT NULL DEFAULT 0,
        in_offset BIGINT NOT NULL DEFAULT 0,
        in_line BIGINT NOT NULL DEFAULT 2,
        out_bytes BIGINT NOT NULL DEFAULT 0,
        tally TEXT NOT NULL DEFAULT '{}',
        state TEXT NOT NULL CHECK (state IN ('running', 'stopped')),
        pid INTEGER,
        started_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (input_path, output_path)
      );
      -- Bumped and announced by every change of an account or of a key's identity or revocation (not its last use),
      -- so that servers caching them drop their copies (src/store/accounts-pg.ts).
      CREATE TABLE accounts_version (id INTEGER PRIMARY KEY CHECK (id = 1), version BIGINT NOT NULL);
      INSERT INTO accounts_version VALUES (1, 0);
      CREATE FUNCTION addr_accounts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE accounts_version SET version = version + 1 WHERE id = 1;
        PERFORM pg_notify('${ACCOUNTS_CHANNEL}', '');
        RETURN NULL;
      END $$;
      CREATE TRIGGER accounts_changed AFTER INSERT OR UPDATE OR DELETE ON accounts
        FOR EACH STATEMENT EXECUTE FUNCTION addr_accounts_changed();
      CREATE TRIGGER api_keys_changed AFTER INSERT OR DELETE OR UPDATE OF prefix, account_id, hash, revoked_at ON api_keys
        FOR EACH STATEMENT EXECUTE FUNCTION addr_accounts_changed();
      INSERT INTO accounts (name, plan, email_verified, created_at)
        VALUES ('local', 'unlimited', true, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
    `,
  },
  {
    version: 2,
    description: 'addr_consume: a batch of quota decisions in one statement',
    // A batch of requests, decided in order and recorded, in one statement (one round trip, its own
    // transaction): src/store/accounts-pg.ts computes each request's allowance from the account rows it read
    // at accounts_version p_version (usageLimit, src/accounts/decide-usage.ts); this locks the rows of those
    // accounts (in name order, as every decider does: no deadlock), and when the version is still p_version
    // (no account or key changed since) grants each request its units when they fit the allowance with what
    // the window already used and the batch granted before it, what remains (at least one) when partial,
    // else nothing; records the grants and returns, per request in order, the rows used before it and its
    // grant. A changed version returns no row and records nothing: the caller reads the accounts again.
    // Every statement of a function gets a new snapshot once the lock is held, so the usage read is that
    // of every decider before it. p_ids[i] null: nothing to decide (an unknown account, a refusal).
    sql: `
      CREATE FUNCTION addr_consume(p_version BIGINT, p_ids BIGINT[], p_kinds TEXT[], p_units BIGINT[], p_limits BIGINT[],
        p_partial BOOLEAN[], p_days TEXT[], p_froms TEXT[])
      RETURNS TABLE (used BIGINT, granted BIGINT) LANGUAGE plpgsql AS $$
      DECLARE
        n INTEGER := COALESCE(array_length(p_ids, 1), 0);
        u BIGINT[] := array_fill(0::BIGINT, ARRAY[n]);
        g BIGINT[] := array_fill(0::BIGINT, ARRAY[n]);
        recorded BIGINT;
        remaining BIGINT;
      BEGIN
        PERFORM 1 FROM accounts WHERE id = ANY(p_ids) ORDER BY name FOR UPDATE;
        IF (SELECT version FROM accounts_version WHERE id = 1) IS DISTINCT FROM p_version THEN
          RETURN;
        END IF;
        FOR i IN 1 .. n LOOP
          CONTINUE WHEN p_ids[i] IS NULL;
          IF p_limits[i] IS NULL THEN
            g[i] := p_units[i];
            CONTINUE;
          END IF;
          SELECT COALESCE(SUM(count), 0) INTO recorded FROM usage
            WHERE account_id = p_ids[i] AND day BETWEEN p_froms[i] AND p_days[i] AND kind IN ('validation', 'batch_row');
          u[i] := recorded;
          FOR j IN 1 .. i - 1 LOOP
            IF p_ids[j] = p_ids[i] AND p_kinds[j] <> 'autocomplete' AND p_days[j] BETWEEN p_froms[i] AND p_days[i] THEN
              u[i] := u[i] + g[j];
            END IF;
          END LOOP;
          remaining := GREATEST(0, p_limits[i] - u[i]);
          IF p_units[i] <= remaining THEN
            g[i] := p_units[i];
          ELSIF p_partial[i] AND remaining > 0 THEN
            g[i] := remaining;
          END IF;
        END LOOP;
        INSERT INTO usage (account_id, day, kind, count)
          SELECT r.id, r.day, r.kind, SUM(r.units) FROM unnest(p_ids, p_days, p_kinds, g) AS r(id, day, kind, units)
          WHERE r.id IS NOT NULL AND r.units > 0 GROUP BY r.id, r.day, r.kind
          ON CONFLICT (account_id, day, kind) DO UPDATE SET count = usage.count + excluded.count;
        RETURN QUERY SELECT r.u, r.g FROM unnest(u, g) WITH ORDINALITY AS r(u, g, i) ORDER BY r.i;
      END $$;
    `,
  },
];
