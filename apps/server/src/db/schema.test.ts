import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';

/**
 * schema.ts is written by hand; the migrations are the truth. Its `Schema` interface is read with
 * the TypeScript compiler (under the repository's tsconfig.check.json, as `npm run typecheck`
 * sees it) and compared with the migrated database's information_schema.
 */
const SCHEMA_FILE = fileURLToPath(new URL('./schema.ts', import.meta.url));
const TSCONFIG = fileURLToPath(new URL('../../../../tsconfig.check.json', import.meta.url));

/** The migration runner's own tables (migrate.ts): read with plain SQL, never through Kysely. */
const NOT_IN_SCHEMA = new Set(['schema_migrations', 'schema_functions']);

interface Column {
  readonly name: string;
  /** Whether its select type admits null; undefined when it is `unknown` (jsonb), which says nothing. */
  readonly nullable: boolean | undefined;
}

/** Each table of `Schema` in schema.ts, with its columns. */
function declaredTables(): Map<string, Column[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    TSCONFIG,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${TSCONFIG}`);
  const program = ts.createProgram([SCHEMA_FILE], config.options);
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(SCHEMA_FILE);
  const exports = file && checker.getSymbolAtLocation(file);
  const schema = exports && checker.getExportsOfModule(exports).find((s) => s.name === 'Schema');
  if (!schema) throw new Error(`${SCHEMA_FILE} exports no Schema interface`);

  // A column's type is what Kysely selects: ColumnType<S, I, U> (and Generated<S>) carry S as
  // `__select__`, possibly nested, and a union admits null when one of its members does.
  const admitsNull = (type: ts.Type): boolean | undefined => {
    if (type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return undefined;
    if (type.flags & ts.TypeFlags.Null) return true;
    if (type.isUnion()) {
      const members = type.types.map(admitsNull);
      return members.includes(true) ? true : members.includes(undefined) ? undefined : false;
    }
    const select = type.getProperty('__select__');
    return select ? admitsNull(checker.getTypeOfSymbol(select)) : false;
  };

  const tables = new Map<string, Column[]>();
  for (const table of checker.getDeclaredTypeOfSymbol(schema).getProperties()) {
    const columns = checker
      .getTypeOfSymbol(table)
      .getProperties()
      .map((column) => ({
        name: column.name,
        nullable: admitsNull(checker.getTypeOfSymbol(column)),
      }));
    tables.set(table.name, columns);
  }
  return tables;
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('schema.ts', () => {
  it('has the tables and columns of the migrations, and their nulls', async () => {
    const { rows } = await database.pool.query<{
      table_name: string;
      column_name: string;
      is_nullable: 'YES' | 'NO';
    }>(
      `SELECT table_name, column_name, is_nullable FROM information_schema.columns
       WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
    );
    const actual = new Map<string, Map<string, boolean>>();
    for (const row of rows) {
      if (NOT_IN_SCHEMA.has(row.table_name)) continue;
      const columns = actual.get(row.table_name) ?? new Map<string, boolean>();
      columns.set(row.column_name, row.is_nullable === 'YES');
      actual.set(row.table_name, columns);
    }
    const declared = declaredTables();

    // Every difference, each named as exactly as one line can (the database is right).
    const drift: string[] = [];
    for (const table of actual.keys()) {
      if (!declared.has(table)) {
        drift.push(`table ${table} is in the database but not in schema.ts`);
      }
    }
    for (const [table, columns] of declared) {
      const inDatabase = actual.get(table);
      if (!inDatabase) {
        drift.push(`table ${table} is in schema.ts but not in the database`);
        continue;
      }
      const names = new Set(columns.map((column) => column.name));
      for (const name of inDatabase.keys()) {
        if (!names.has(name)) {
          drift.push(`table ${table}: column ${name} is in the database but not in schema.ts`);
        }
      }
      for (const { name, nullable } of columns) {
        const nullInDatabase = inDatabase.get(name);
        if (nullInDatabase === undefined) {
          drift.push(`table ${table}: column ${name} is in schema.ts but not in the database`);
        } else if (nullable !== undefined && nullable !== nullInDatabase) {
          drift.push(
            nullInDatabase
              ? `table ${table}: column ${name} is nullable in the database but schema.ts has no | null`
              : `table ${table}: column ${name} is NOT NULL in the database but schema.ts has | null`,
          );
        }
      }
    }
    expect(drift).toEqual([]);
  });
});
