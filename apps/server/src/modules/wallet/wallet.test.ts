import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestClient,
  login,
  OPS_TOKEN,
  testClock,
} from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { openDatabase } from '../../db/pool.js';
import { systemRandom } from '../../seams.js';
import { createWalletService } from './wallet.service.js';
import { toPaise } from '@backlay/domain';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const ops = (url: string, payload: object) =>
  app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${OPS_TOKEN}` } });

describe('wallet', () => {
  it('answers MainBalance and the balance detail, with Balance = CreditLimit + PL', async () => {
    await createTestClient(database.db, 'dave', 1500.5);
    const session = await login(app, 'dave');
    const balance = await app.inject({
      url: '/api/AmountModels/GetMainBalance',
      headers: bearer(session.Token),
    });
    expect(balance.json()).toEqual({ Status: true, Result: { MainBalance: 1500.5 } });
    const detail = await app.inject({
      url: '/api/AmountModels/GetBalanceDetail',
      headers: bearer(session.Token),
    });
    expect(detail.json()).toEqual({
      Status: true,
      Result: { CreditLimit: 1500.5, PL: 0, Exposure: 0, Balance: 1500.5, MainBalance: 1500.5 },
    });
    expect(detail.headers['cache-control']).toBe('no-store');
  });

  it('writes credit as a balanced pair with the house, in one transaction', async () => {
    const clientId = await createTestClient(database.db, 'erin');
    const given = await ops('/api/ops/credit', { username: 'erin', amount: 2500.25 });
    expect(given.json().Status).toBe(true);
    const rows = await database.db
      .selectFrom('ledger_entries')
      .innerJoin('accounts', 'accounts.id', 'ledger_entries.account_id')
      .select([
        'ledger_entries.txn_id',
        'ledger_entries.amount_paise',
        'accounts.kind',
        'accounts.client_id',
        'ledger_entries.kind as entryKind',
      ])
      .where('ledger_entries.txn_id', 'in', (qb) =>
        qb
          .selectFrom('ledger_entries')
          .innerJoin('accounts', 'accounts.id', 'ledger_entries.account_id')
          .select('txn_id')
          .where('accounts.client_id', '=', clientId),
      )
      .execute();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.txn_id)).size).toBe(1);
    expect(rows.find((row) => row.kind === 'client')).toMatchObject({
      amount_paise: '250025',
      entryKind: 'credit',
    });
    expect(rows.find((row) => row.kind === 'house')).toMatchObject({ amount_paise: '-250025' });
  });

  it('keeps the sum of every balance, house included, at zero and every wallet equal to its ledger', async () => {
    const totals = await sql<{ ledger: string; wallets: string }>`
      SELECT (SELECT coalesce(sum(amount_paise), 0) FROM ledger_entries) AS ledger,
             (SELECT coalesce(sum(credit_paise + pl_paise), 0) FROM wallets) AS wallets`.execute(
      database.db,
    );
    expect(totals.rows[0]).toEqual({ ledger: '0', wallets: '0' });
    const drift = await sql<{ account_id: string }>`
      SELECT w.account_id FROM wallets w
      LEFT JOIN ledger_entries l ON l.account_id = w.account_id
      GROUP BY w.account_id, w.credit_paise, w.pl_paise
      HAVING w.credit_paise <> coalesce(sum(l.amount_paise) FILTER (WHERE l.kind = 'credit'), 0)
          OR w.pl_paise <> coalesce(sum(l.amount_paise) FILTER (WHERE l.kind <> 'credit'), 0)`.execute(
      database.db,
    );
    expect(drift.rows).toEqual([]);
  });

  it('refuses to take more credit than the available balance', async () => {
    await createTestClient(database.db, 'frank', 100);
    const taken = await ops('/api/ops/credit', { username: 'frank', amount: -100.01 });
    expect(taken.json()).toEqual({
      Status: false,
      Result: 'Cannot take more than the available balance (100.00)',
    });
    const ok = await ops('/api/ops/credit', { username: 'frank', amount: -100 });
    expect(ok.json().Status).toBe(true);
  });

  it('writes ledger rows with reviewable SQL', async () => {
    const statements: string[] = [];
    const logged = openDatabase(database.url, { max: 1, onQuery: (text) => statements.push(text) });
    const clientId = await createTestClient(database.db, 'gina');
    const wallet = createWalletService({ db: logged.db, clock: testClock(), random: systemRandom });
    await wallet.transferCredit({ clientId, amount: toPaise(1000)!, remark: 'Snapshot' });
    await logged.close();
    expect(statements).toMatchInlineSnapshot(`
      [
        "begin",
        "select "id" from "accounts" where "kind" = $1",
        "select "id" from "accounts" where "client_id" = $1",
        "select * from "wallets" where "account_id" in ($1, $2) order by "account_id" for update",
        "SELECT wallet_post_pair($1::uuid, $2::bigint,
          $3::bigint, $4, $5::bigint,
          $6, $7, $8::bigint,
          $9, $10, $11::timestamptz)",
        "select "wallets"."account_id", "wallets"."credit_paise", "wallets"."pl_paise", "wallets"."exposure_paise" from "wallets" inner join "accounts" on "accounts"."id" = "wallets"."account_id" where "accounts"."client_id" = $1",
        "commit",
      ]
    `);
  });
});

describe('ledger', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await expect(
      sql`UPDATE ledger_entries SET amount_paise = 1`.execute(database.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM ledger_entries`.execute(database.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`TRUNCATE ledger_entries`.execute(database.db)).rejects.toThrow(/append-only/);
  });

  it('refuses at commit a transaction whose rows do not sum to zero', async () => {
    const house = await database.db
      .selectFrom('accounts')
      .select('id')
      .where('kind', '=', 'house')
      .executeTakeFirstOrThrow();
    await expect(
      database.db.transaction().execute(async (tx) => {
        await tx
          .insertInto('ledger_entries')
          .values({
            txn_id: '00000000-0000-4000-8000-0000000000aa',
            account_id: house.id,
            kind: 'credit',
            amount_paise: '100',
            remark: 'one-sided',
            created_at: new Date(),
          })
          .execute();
      }),
    ).rejects.toThrow(/does not balance/);
  });
});
