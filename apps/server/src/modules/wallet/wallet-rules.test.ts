import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canHold } from '@backlay/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/**
 * A money table named as a table: quoted (a query builder's 'wallets', a "wallets" identifier) or
 * after FROM, JOIN, UPDATE, INTO or TABLE in SQL text. Prose ("locks the wallets") is not a use.
 */
const TABLE_IN_CODE =
  /['"`](wallets|exposures|ledger_entries)\b|\b(from|join|update|into|table)\s+(wallets|exposures|ledger_entries)\b|\bledger_entries\b/i;

const SRC = fileURLToPath(new URL('../../', import.meta.url));

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return Promise.resolve(entry.name.endsWith('.ts') ? [path] : []);
    }),
  );
  return files.flat();
}

describe('the wallet owns the money (docs/decisions.md#hot-paths)', () => {
  it('is the only code in apps/server/src naming wallets, exposures or ledger_entries', async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles(SRC)) {
      const path = relative(SRC, file).split('\\').join('/');
      // The wallet module itself, and the schema's type of every table.
      if (path.startsWith('modules/wallet/') || path === 'db/schema.ts') continue;
      const text = await readFile(file, 'utf8');
      text.split('\n').forEach((line, index) => {
        if (TABLE_IN_CODE.test(line)) offenders.push(`${path}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it("lets no SQL function but the wallet_* ones and the ledger's guards touch the money tables", async () => {
    const dir = join(SRC, 'db/functions');
    const offenders: string[] = [];
    for (const name of (await readdir(dir)).filter((file) => file.endsWith('.sql'))) {
      const text = await readFile(join(dir, name), 'utf8');
      for (const match of text.matchAll(/CREATE OR REPLACE FUNCTION (\w+)\(([\s\S]*?)\$\$;/g)) {
        const [, fn = '', body = ''] = match;
        if (fn.startsWith('wallet_') || name === 'ledger.sql') continue;
        // A read or a write of the table; a row of its type (`v_wallet wallets;`) is neither.
        const code = body.replace(/--.*$/gm, '');
        if (/\b(from|join|update|into|table)\s+(wallets|exposures|ledger_entries)\b/i.test(code))
          offenders.push(`${name}: ${fn}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

describe('the main-balance rule runs the same in PostgreSQL and in packages/domain', () => {
  it('wallet_can_hold agrees with canHold on 5,000 generated wallets and changes', async () => {
    // Paise of a real book: up to ±10 crore rupees, and the edges around zero.
    const paise = fc.oneof(
      fc.bigInt({ min: -1_000_000_000_00n, max: 1_000_000_000_00n }),
      fc.bigInt({ min: -3n, max: 3n }),
    );
    const cases = fc.sample(
      fc.record({
        credit: fc.bigInt({ min: 0n, max: 1_000_000_000_00n }),
        pl: paise,
        exposure: fc.bigInt({ min: 0n, max: 1_000_000_000_00n }),
        delta: paise,
      }),
      { numRuns: 5000, seed: 2026 },
    );
    // Cases where the main balance is exactly the change: the boundary must agree too.
    for (const base of cases.slice(0, 500)) {
      cases.push({ ...base, delta: base.credit + base.pl - base.exposure });
    }
    const { rows } = await sql<{ allowed: boolean }>`
      SELECT wallet_can_hold(c.credit, c.pl, c.exposure, c.delta) AS allowed
      FROM unnest(${cases.map((c) => c.credit.toString())}::bigint[],
        ${cases.map((c) => c.pl.toString())}::bigint[],
        ${cases.map((c) => c.exposure.toString())}::bigint[],
        ${cases.map((c) => c.delta.toString())}::bigint[])
        WITH ORDINALITY AS c(credit, pl, exposure, delta, n)
      ORDER BY c.n`.execute(database.db);
    expect(rows).toHaveLength(cases.length);
    const disagreements = cases.filter(
      (wallet, index) => rows[index]?.allowed !== canHold(wallet, wallet.delta),
    );
    expect(disagreements).toEqual([]);
    // Both answers occur: the generator is not one-sided.
    expect(rows.some((row) => row.allowed)).toBe(true);
    expect(rows.some((row) => !row.allowed)).toBe(true);
  });
});
