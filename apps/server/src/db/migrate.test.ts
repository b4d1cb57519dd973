import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { readdirSync } from 'node:fs';
import { migrate, MIGRATIONS_DIR } from './migrate.js';

const FILES = readdirSync(MIGRATIONS_DIR)
  .filter((file) => file.endsWith('.sql'))
  .sort();

const created: string[] = [];
async function emptyDatabase(): Promise<string> {
  const { adminUrl } = inject('testDb');
  const name = `backlay_empty_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  created.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  const admin = new pg.Client({ connectionString: inject('testDb').adminUrl });
  await admin.connect();
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('migrations', () => {
  it('apply every numbered file on an empty database, once, even when two instances start together', async () => {
    const url = await emptyDatabase();
    const [first, second] = await Promise.all([migrate(url), migrate(url)]);
    expect(FILES[0]).toBe('0001_foundation.sql');
    expect([...(first ?? []), ...(second ?? [])].sort()).toEqual(FILES);
    expect(await migrate(url)).toEqual([]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const versions = await client.query(
      'SELECT version, name FROM schema_migrations ORDER BY version',
    );
    expect(versions.rows).toEqual(
      FILES.map((name) => ({ version: Number(name.slice(0, 4)), name })),
    );
    const server = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    expect(Number(server.rows[0]?.server_version_num)).toBeGreaterThanOrEqual(150000);
    await client.end();
  });

  it('have been applied to the database every test file gets', async () => {
    const database = await createTestDatabase();
    expect(await migrate(database.url)).toEqual([]);
    await database.drop();
  });
});
