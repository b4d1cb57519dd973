import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { listenForChanges, type Changes } from '../src/db/changes.js';
import { openDatabase, type Database, type Db } from '../src/db/pool.js';

/** Each test database's change listener, by its query builder (buildTestApp finds it there). */
const listeners = new WeakMap<Db, Changes>();

export function changesOf(db: Db): Changes | undefined {
  return listeners.get(db);
}

export interface TestDatabase extends Database {
  readonly url: string;
  readonly name: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('testDb').adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database for one test file: a clone of the migrated template, under a unique name. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { adminUrl, template } = inject('testDb');
  const name = `backlay_test_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase(url.toString(), { max: 5 });
  // As in production: the caches are on, kept current by the writers' notifications.
  const changes = listenForChanges(url.toString(), { log: () => {} });
  listeners.set(database.db, changes);
  return {
    ...database,
    url: url.toString(),
    name,
    drop: async () => {
      await changes.close();
      await database.close();
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
