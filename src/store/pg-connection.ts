/**
 * Connections to the PostgreSQL account store (`--accounts-url`, docs/deployment.md): URLs, the
 * timeouts of a connection and a statement, BIGINT read as a number, and which failures mean the
 * server cannot be reached (ADDR_ERR_ACCOUNTS_UNREACHABLE, 503 for `addr serve`).
 */
import pg from 'pg';

/** How long a connection attempt may take before the request is answered unreachable. */
export const CONNECT_TIMEOUT_MS = 2_000;
/** How long a statement may wait for its answer (a server that stopped answering on an open connection). */
const QUERY_TIMEOUT_MS = 10_000;

/** BIGINT (20) as a JavaScript number: counts and offsets stay far below 2^53. */
export const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
};

/** One statement of a transaction (or of the pool). */
export type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}

/** True for a postgres:// or postgresql:// URL. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', '57P01', '57P02', '57P03']);

/** True for an error that says the server cannot be reached (as opposed to a statement it refused). */
export function isUnreachable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
  const message = err instanceof Error ? err.message : '';
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|not queryable/i.test(message);
}

/** A client whose connection attempt gives up after CONNECT_TIMEOUT_MS, and a statement after QUERY_TIMEOUT_MS. */
export class TimedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: QUERY_TIMEOUT_MS });
  }
}
