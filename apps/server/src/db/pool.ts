import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Schema } from './schema.js';

export type Db = Kysely<Schema>;
export type Tx = Transaction<Schema>;

export interface Database {
  readonly db: Db;
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 5000;

/** The one driver and query builder (docs/decisions.md#stack). Every pool has an `error` listener. */
export function openDatabase(
  url: string,
  options: {
    max?: number;
    onError?: (error: Error) => void;
    /** Receives the SQL text of every query (tests snapshot money-moving SQL with it). */
    onQuery?: (sql: string) => void;
  } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // A database out of reach fails a request in seconds (503), never holds it until the
    // request timeout; dead connections are noticed by TCP keepalive (docs/reliability.md,
    // "Database outage").
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // A client losing its connection must not crash the process: the pool hears idle ones; a
  // checked-out one emits on itself, and its query fails too, which answers 503
  // (docs/reliability.md, "Database outage").
  const onError = options.onError ?? (() => {});
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  const onQuery = options.onQuery;
  const db = new Kysely<Schema>({
    dialect: new PostgresDialect({ pool }),
    ...(onQuery ? { log: (event) => onQuery(event.query.sql) } : {}),
  });
  return {
    db,
    pool,
    close: () => db.destroy(),
  };
}

const RETRYABLE = new Set(['40001', '40P01']);

/** Runs `work` in one transaction, retrying up to 3 times on serialization failure or deadlock (docs/decisions.md#money). */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 3 || code === undefined || !RETRYABLE.has(code)) throw error;
    }
  }
}
