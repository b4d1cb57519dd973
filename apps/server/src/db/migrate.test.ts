import { randomBytes } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { FUNCTIONS_DIR, migrate, MIGRATIONS_DIR } from './migrate.js';

const FILES = readdirSync(MIGRATIONS_DIR)
  .filter((file) => file.endsWith('.sql'))
  .sort();
const FUNCTION_FILES = readdirSync(FUNCTIONS_DIR)
  .filter((file) => file.endsWith('.sql'))
  .sort();
const textOf = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');

/** The functions and triggers a SQL text creates, by name. */
const created = (sql: string, what: 'FUNCTION' | 'TRIGGER') =>
  [
    ...sql.matchAll(
      what === 'FUNCTION'
        ? /^CREATE (?:OR REPLACE )?FUNCTION (\w+)\(/gm
        : /^CREATE (?:OR REPLACE )?(?:CONSTRAINT )?TRIGGER (\w+)/gm,
    ),
  ].map((match) => match[1]);

async function query<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

const databases: string[] = [];
async function emptyDatabase(): Promise<string> {
  const { adminUrl } = inject('testDb');
  const name = `backlay_empty_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  const admin = new pg.Client({ connectionString: inject('testDb').adminUrl });
  await admin.connect();
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('migrations', () => {
  it('apply every numbered file, then every function file, on an empty database, once, even when two instances start together', async () => {
    const url = await emptyDatabase();
    const [first, second] = await Promise.all([migrate(url), migrate(url)]);
    expect(FILES[0]).toBe('0001_foundation.sql');
    expect([...(first ?? []), ...(second ?? [])].sort()).toEqual(
      [...FILES, ...FUNCTION_FILES.map((file) => `functions/${file}`)].sort(),
    );
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

  it('define no function or trigger: each is in one function file, and the database has those and no others', async () => {
    for (const file of FILES) {
      expect(created(textOf(MIGRATIONS_DIR, file), 'FUNCTION'), file).toEqual([]);
      expect(created(textOf(MIGRATIONS_DIR, file), 'TRIGGER'), file).toEqual([]);
    }
    const defined = (what: 'FUNCTION' | 'TRIGGER') =>
      FUNCTION_FILES.flatMap((file) => created(textOf(FUNCTIONS_DIR, file), what));
    const functions = defined('FUNCTION');
    const triggers = defined('TRIGGER');
    expect(functions).toContain('bet_place');
    expect(new Set(functions).size).toBe(functions.length);
    expect(new Set(triggers).size).toBe(triggers.length);

    const url = await emptyDatabase();
    await migrate(url);
    const inDatabase = await query<{ name: string }>(
      url,
      `SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE n.nspname = 'public' ORDER BY 1`,
    );
    expect(inDatabase.map((row) => row.name)).toEqual([...functions].sort());
    const triggersInDatabase = await query<{ name: string }>(
      url,
      'SELECT tgname AS name FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1',
    );
    expect(triggersInDatabase.map((row) => row.name)).toEqual([...triggers].sort());
  });

  it('apply a function file again when its text changed, and only then', async () => {
    const url = await emptyDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'backlay-functions-'));
    try {
      cpSync(FUNCTIONS_DIR, dir, { recursive: true });
      expect(await migrate(url, { functions: dir })).toContain('functions/safer_betting.sql');
      expect(await migrate(url, { functions: dir })).toEqual([]);
      appendFileSync(
        join(dir, 'safer_betting.sql'),
        "\nCREATE OR REPLACE FUNCTION rupees_text(p_paise bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT 'changed' $$;\n",
      );
      expect(await migrate(url, { functions: dir })).toEqual(['functions/safer_betting.sql']);
      expect(await query(url, 'SELECT rupees_text(100) AS text')).toEqual([{ text: 'changed' }]);
      expect(await migrate(url, { functions: dir })).toEqual([]);
      // Back to the repository's text: applied again, as a deploy of the next version would.
      expect(await migrate(url)).toEqual(['functions/safer_betting.sql']);
      expect(await query(url, 'SELECT rupees_text(123456750) AS text')).toEqual([
        { text: '12,34,567.50' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('roll back every function file of a run when one fails, and name it', async () => {
    const url = await emptyDatabase();
    await migrate(url);
    const dir = mkdtempSync(join(tmpdir(), 'backlay-functions-'));
    try {
      cpSync(FUNCTIONS_DIR, dir, { recursive: true });
      appendFileSync(join(dir, 'bet_cancel.sql'), '\n-- changed\n');
      appendFileSync(join(dir, 'wallet.sql'), '\nCREATE OR REPLACE TRIGGER nowhere;\n');
      await expect(migrate(url, { functions: dir })).rejects.toThrow(
        /Function file wallet\.sql failed/,
      );
      const kept = await query<{ name: string; sha256: string }>(
        url,
        "SELECT name, sha256 FROM schema_functions WHERE name = 'bet_cancel.sql'",
      );
      expect(kept).toHaveLength(1);
      // bet_cancel.sql's change was rolled back with the run: it is applied again next time.
      rmSync(join(dir, 'wallet.sql'));
      cpSync(join(FUNCTIONS_DIR, 'wallet.sql'), join(dir, 'wallet.sql'));
      expect(await migrate(url, { functions: dir })).toEqual(['functions/bet_cancel.sql']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('have been applied to the database every test file gets', async () => {
    const database = await createTestDatabase();
    expect(await migrate(database.url)).toEqual([]);
    await database.drop();
  });
});
