import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Numbered SQL migrations, applied at start in order, each in its own transaction, under an
 * advisory lock so two starting instances never race; then the functions and triggers of
 * `src/db/functions`, each file applied again whenever its text changed (its SHA-256 is kept in
 * `schema_functions`). A table's change is a new migration; a function is defined once, in its
 * file, and edited there (a change of its arguments or result also needs a migration that drops
 * the old one). The .sql files stay in `src/db` and are read from there by both the source and
 * the compiled build (both sit two levels deep).
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));
export const FUNCTIONS_DIR = fileURLToPath(new URL('../../src/db/functions/', import.meta.url));

const LOCK_KEY = 7_431_901; // any constant; names the migration lock

/**
 * Brings the database of `url` up to date: answers the files applied, the migrations' names
 * (`0017_positions_notify.sql`) then the function files' (`functions/bet_place.sql`).
 */
export async function migrate(
  url: string,
  dirs: { readonly migrations?: string; readonly functions?: string } = {},
): Promise<string[]> {
  const dir = dirs.migrations ?? MIGRATIONS_DIR;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
        (row) => row.version,
      ),
    );
    const files = (await readdir(dir))
      .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
      .sort();
    for (const file of files) {
      const version = Number(file.slice(0, 4));
      if (done.has(version)) continue;
      const sql = await readFile(`${dir}/${file}`, 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          version,
          file,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(file);
    }
    applied.push(...(await applyFunctions(client, dirs.functions ?? FUNCTIONS_DIR)));
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    await client.end();
  }
  return applied;
}

/**
 * Applies every function file whose text is not the one last applied, in one transaction. Bodies
 * are checked when called, not when created (check_function_bodies off), so the files' order does
 * not matter; a trigger sits in the file of its function, after it.
 */
async function applyFunctions(client: pg.Client, dir: string): Promise<string[]> {
  await client.query(`CREATE TABLE IF NOT EXISTS schema_functions (
    name text PRIMARY KEY, sha256 text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const known = new Map(
    (
      await client.query<{ name: string; sha256: string }>(
        'SELECT name, sha256 FROM schema_functions',
      )
    ).rows.map((row) => [row.name, row.sha256]),
  );
  const files = (await readdir(dir)).filter((file) => /^[a-z0-9_]+\.sql$/.test(file)).sort();
  const changed: { file: string; sql: string; sha256: string }[] = [];
  for (const file of files) {
    const sql = await readFile(`${dir}/${file}`, 'utf8');
    const sha256 = createHash('sha256').update(sql).digest('hex');
    if (known.get(file) !== sha256) changed.push({ file, sql, sha256 });
  }
  if (changed.length === 0) return [];
  await client.query('BEGIN');
  try {
    await client.query('SET LOCAL check_function_bodies = off');
    for (const { file, sql, sha256 } of changed) {
      try {
        await client.query(sql);
      } catch (error) {
        throw new Error(`Function file ${file} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      await client.query(
        `INSERT INTO schema_functions (name, sha256) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET sha256 = EXCLUDED.sha256, applied_at = now()`,
        [file, sha256],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  return changed.map(({ file }) => `functions/${file}`);
}

/** Creates database `name` on the server of `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
