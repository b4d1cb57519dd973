import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cheapPasswords, testClock, testConfig } from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { inTransaction, openDatabase } from '../../db/pool.js';
import { systemRandom } from '../../seams.js';
import { createClientsService } from '../clients/clients.service.js';
import { accountOfAgent, lockAccountWallets } from '../wallet/agent-wallets.js';
import { auditMoney, ledgerRows } from '../wallet/wallet.audit.js';
import { accountOfClient, postPair } from '../wallet/wallet.service.js';
import { AGENTS_TEXT } from './agent-actions.js';
import * as q from './agents.queries.js';
import { createAgentsService, type AgentsService } from './agents.service.js';

/*
 * Chips between parents and children (docs/agents.md#chips, #credit-reference, #clearing): each
 * transfer a ledger pair to the paisa, the actor's balance and the child's free balance as
 * bounds, parallel withdrawals that never overdraw, keys that replay, the transaction password
 * asked before anything, and the worked example's reference P/L and clearing.
 */

const TXN = 'transaction secret';

let database: TestDatabase;
let agents: AgentsService;
const clock = testClock();
const ids = new Map<string, string>();
const clientNames = new Set<string>();
const id = (username: string): string => {
  const found = ids.get(username);
  if (!found) throw new Error(`no user ${username}`);
  return found;
};

function serviceOn(db: TestDatabase['db']): AgentsService {
  const clients = createClientsService({ db, clock, passwords: cheapPasswords });
  return createAgentsService({
    db,
    clock,
    random: systemRandom,
    passwords: cheapPasswords,
    throttle: testConfig.loginThrottle,
    clients,
    reportTz: testConfig.reportTz,
  });
}

/** Creates `username` under `parent` with a credit reference of `credit` paise and deposits it. */
async function lend(
  parent: string,
  level: 'supermaster' | 'master' | 'agent' | 'client',
  username: string,
  credit: bigint,
  partnershipBp?: number,
) {
  expect(
    await agents.createUser(id(parent), {
      level,
      username,
      password: 'correct horse battery',
      creditReferencePaise: credit,
      partnershipBp,
      matchCommissionBp: 0,
      sessionCommissionBp: 0,
      transactionPassword: TXN,
    }),
  ).toMatchObject({ ok: true });
  if (level === 'client') {
    const row = await database.db
      .selectFrom('clients')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    ids.set(username, row.id);
    clientNames.add(username);
  } else {
    const row = await q.findAgentByUsername(database.db, username);
    if (!row) throw new Error(`no agent ${username}`);
    ids.set(username, row.id);
    await agents.setTransactionPassword(row.id, { password: TXN });
  }
  if (credit > 0n)
    expect(await deposit(parent, username, credit)).toEqual({
      ok: true,
      message: `Deposited ${rupees(credit)} to ${username}`,
    });
}

/** The test's own reading of the messages' rupees: grouped as India writes them. */
const rupees = (paise: bigint) =>
  `₹${Number(paise / 100n).toLocaleString('en-IN')}.${String(paise % 100n).padStart(2, '0')}`;

const deposit = (actor: string, username: string, amountPaise: bigint, key?: string) =>
  agents.deposit(id(actor), { username, amountPaise, transactionPassword: TXN, key });
const withdraw = (actor: string, username: string, amountPaise: bigint, key?: string) =>
  agents.withdraw(id(actor), { username, amountPaise, transactionPassword: TXN, key });

async function accountOf(username: string): Promise<string> {
  const userId = id(username);
  // Clients and agents count their ids apart: the kind says which account.
  const account = clientNames.has(username)
    ? await accountOfClient(database.db, userId)
    : await accountOfAgent(database.db, userId);
  if (!account) throw new Error(`no account of ${username}`);
  return account;
}

/** A settled result booked to `username` against the house (a settlement's stand-in). */
async function book(username: string, paise: bigint) {
  const account = await accountOf(username);
  const house = await accountOf('admin');
  await inTransaction(database.db, async (tx) => {
    await lockAccountWallets(tx, [account, house]);
    await postPair(tx, {
      txnId: systemRandom.uuid(),
      clientAccountId: account,
      houseAccountId: house,
      kind: 'profit_loss',
      amountPaise: paise,
      remark: 'Result',
      at: clock.now(),
    });
  });
}

/** The reference P/L and balance (with its downline) of each child `actor` lists. */
async function figures(actor: string) {
  const listed = await agents.downline(id(actor), { skip: 0, take: 50 });
  if (!listed.ok) throw new Error(listed.message);
  return Object.fromEntries(
    listed.users.map((user) => [
      user.username,
      { balance: user.balancePaise, pl: user.referencePlPaise, free: user.freeBalancePaise },
    ]),
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  agents = serviceOn(database.db);
  ids.set('admin', await agents.adminId());
  await agents.setTransactionPassword(id('admin'), { password: TXN });
});
afterAll(async () => {
  await database.drop();
});

describe('deposits and withdrawals', () => {
  it('moves chips down the tree as ledger pairs of parent and child, to the paisa', async () => {
    // docs/agents.md#worked-example: ₹10,00,000, ₹5,00,000, ₹1,00,000 and ₹10,000 lent.
    await lend('admin', 'supermaster', 'sm1', 100_000_000n, 9000);
    await lend('sm1', 'master', 'ma1', 50_000_000n, 8000);
    await lend('ma1', 'agent', 'ag1', 10_000_000n, 7000);
    await lend('ag1', 'client', 'cl1', 1_000_000n);

    const credits = await ledgerRows(database.db, { kind: 'credit' });
    const accounts = await Promise.all(['admin', 'sm1', 'ma1', 'ag1', 'cl1'].map(accountOf));
    const [house, sm1, ma1, ag1, cl1] = accounts;
    expect(credits.map((row) => [row.accountId, row.amountPaise, row.remark])).toEqual([
      [sm1, 100_000_000n, 'Deposit from admin'],
      [house, -100_000_000n, 'Deposit from admin'],
      [ma1, 50_000_000n, 'Deposit from sm1'],
      [sm1, -50_000_000n, 'Deposit from sm1'],
      [ag1, 10_000_000n, 'Deposit from ma1'],
      [ma1, -10_000_000n, 'Deposit from ma1'],
      [cl1, 1_000_000n, 'Deposit from ag1'],
      [ag1, -1_000_000n, 'Deposit from ag1'],
    ]);
    // Each pair is one transaction.
    for (let pair = 0; pair < credits.length; pair += 2)
      expect(credits[pair]?.txnId).toBe(credits[pair + 1]?.txnId);
    expect(await agents.me(id('admin'))).toMatchObject({ balancePaise: -100_000_000n });
    expect(await agents.me(id('sm1'))).toMatchObject({
      balancePaise: 50_000_000n,
      needsTransactionPassword: false,
    });
    expect(await figures('admin')).toEqual({
      sm1: { balance: 100_000_000n, pl: 0n, free: 50_000_000n },
    });
    expect(await figures('ag1')).toEqual({
      cl1: { balance: 1_000_000n, pl: 0n, free: 1_000_000n },
    });
  });

  it("refuses past the actor's balance or the child's free balance, a non-positive amount and a grandchild", async () => {
    expect(await deposit('ag1', 'cl1', 9_000_001n)).toEqual({
      ok: false,
      kind: 'refused',
      message: 'Your balance of ₹90,000.00 does not cover ₹90,000.01',
    });
    expect(await withdraw('ag1', 'cl1', 1_000_001n)).toEqual({
      ok: false,
      kind: 'refused',
      message: 'At most ₹10,000.00 can be withdrawn from cl1',
    });
    // An agent's free balance is its own, not its downline's.
    expect(await withdraw('ma1', 'ag1', 9_000_001n)).toEqual({
      ok: false,
      kind: 'refused',
      message: 'At most ₹90,000.00 can be withdrawn from ag1',
    });
    for (const amount of [0n, -500n])
      expect(await deposit('ag1', 'cl1', amount)).toEqual({
        ok: false,
        kind: 'invalid',
        field: 'amount',
        message: 'The amount must be a positive whole number of paise',
      });
    expect(await deposit('admin', 'ma1', 100n)).toEqual({
      ok: false,
      kind: 'refused',
      message: AGENTS_TEXT.notChild('ma1'),
    });
    expect(await withdraw('ag1', 'cl1', 1_000_000n)).toEqual({
      ok: true,
      message: 'Withdrew ₹10,000.00 from cl1',
    });
    expect(await deposit('ag1', 'cl1', 1_000_000n)).toMatchObject({ ok: true });
    const money = await auditMoney(database.db);
    expect([money.ledgerTotal, money.walletsTotal]).toEqual([0n, 0n]);
  });

  it('never overdraws under 50 parallel withdrawals: 33 of ₹3.00 from ₹100.00, ₹1.00 left', async () => {
    await lend('ag1', 'client', 'cl4', 10_000n);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => withdraw('ag1', 'cl4', 300n)),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(33);
    const refusals = answers.filter((answer) => !answer.ok);
    expect(refusals).toHaveLength(17);
    for (const refusal of refusals)
      expect(refusal).toMatchObject({
        kind: 'refused',
        message: expect.stringMatching(/^At most ₹[0-2]\.00 can be withdrawn from cl4$/) as unknown,
      });
    expect((await figures('ag1')).cl4).toEqual({ balance: 100n, pl: -9_900n, free: 100n });
    const rows = await ledgerRows(database.db, { clientId: id('cl4') });
    expect(rows.map((row) => row.amountPaise)).toEqual([10_000n, ...Array<bigint>(33).fill(-300n)]);
  });

  it('answers a repeated key with the first answer and moves the chips once', async () => {
    const before = (await ledgerRows(database.db, { clientId: id('cl1') })).length;
    const first = await deposit('ag1', 'cl1', 500n, 'agent-key-0001');
    expect(first).toEqual({ ok: true, message: 'Deposited ₹5.00 to cl1' });
    expect(await deposit('ag1', 'cl1', 500n, 'agent-key-0001')).toEqual(first);
    // Five at once with a fresh key: one transfer.
    const together = await Promise.all(
      Array.from({ length: 5 }, () => withdraw('ag1', 'cl1', 700n, 'agent-key-0002')),
    );
    expect(new Set(together.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify({ ok: true, message: 'Withdrew ₹7.00 from cl1' })]),
    );
    expect((await ledgerRows(database.db, { clientId: id('cl1') })).length).toBe(before + 2);
    // The key with another request is refused; another actor's keys are its own.
    await expect(deposit('ag1', 'cl1', 501n, 'agent-key-0001')).rejects.toMatchObject({
      statusCode: 409,
      message: 'This Idempotency-Key was used with another request',
    });
    expect(await deposit('ma1', 'ag1', 500n, 'agent-key-0001')).toEqual({
      ok: true,
      message: 'Deposited ₹5.00 to ag1',
    });
    expect(await withdraw('ma1', 'ag1', 500n)).toMatchObject({ ok: true });
    expect(await deposit('ag1', 'cl1', 200n)).toMatchObject({ ok: true });
    expect((await figures('ag1')).cl1).toEqual({ balance: 1_000_000n, pl: 0n, free: 1_000_000n });
  });

  it('refuses a wrong transaction password before anything: no key, no audit, no chips', async () => {
    const count = async () => ({
      ledger: (await ledgerRows(database.db)).length,
      audit: (
        await database.db
          .selectFrom('operator_audit')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    });
    const before = await count();
    const wrong = { transactionPassword: 'not it', key: 'agent-key-0003' };
    const refusal = {
      ok: false,
      kind: 'invalid',
      field: 'transactionPassword',
      message: AGENTS_TEXT.wrongTransactionPassword,
    };
    expect(
      await agents.deposit(id('ag1'), { username: 'cl1', amountPaise: 100n, ...wrong }),
    ).toEqual(refusal);
    expect(await agents.clearPl(id('ag1'), { username: 'cl1', ...wrong })).toEqual(refusal);
    expect(
      await agents.setLock(id('ag1'), { username: 'cl1', kind: 'betting', locked: true, ...wrong }),
    ).toEqual(refusal);
    expect(await count()).toEqual(before);
    // The key was not claimed: the request with the right password is done under it.
    expect(await deposit('ag1', 'cl1', 100n, 'agent-key-0003')).toMatchObject({ ok: true });
    expect(await withdraw('ag1', 'cl1', 100n)).toMatchObject({ ok: true });
  });

  it('throttles wrong transaction passwords as logins are', async () => {
    await lend('ma1', 'agent', 'ag3', 0n, 100);
    const attempt = (password: string) => agents.checkTransactionPassword(id('ag3'), password);
    for (let failure = 0; failure < 5; failure += 1)
      expect(await attempt('wrong')).toMatchObject({ ok: false, kind: 'invalid' });
    expect(await attempt(TXN)).toEqual({
      ok: false,
      kind: 'throttled',
      message: AGENTS_TEXT.throttled,
      retryAfterS: 30,
    });
    clock.advance(30_000);
    expect(await attempt(TXN)).toEqual({ ok: true, message: 'Transaction password accepted' });
  });
});

describe('reference P/L and clearing', () => {
  it("shows the worked example's P/L at every level and clears it level by level", async () => {
    // docs/agents.md#worked-example: cl1 loses ₹990 net; ag1 +₹693, ma1, sm1, admin +₹99 each.
    await book('cl1', -99_000n);
    await book('ag1', 69_300n);
    await book('ma1', 9_900n);
    await book('sm1', 9_900n);
    expect((await figures('admin')).sm1).toMatchObject({ balance: 99_990_100n, pl: -9_900n });
    expect((await figures('sm1')).ma1).toMatchObject({ balance: 49_980_200n, pl: -19_800n });
    expect((await figures('ma1')).ag1).toMatchObject({ balance: 9_970_300n, pl: -29_700n });
    expect((await figures('ag1')).cl1).toMatchObject({ balance: 901_000n, pl: -99_000n });

    expect(await agents.clearPl(id('ag1'), { username: 'cl1', transactionPassword: TXN })).toEqual({
      ok: true,
      message: "Cleared cl1's P/L of -₹990.00: ₹990.00 to cl1",
    });
    const clearing = await ledgerRows(database.db, { kind: 'clearing' });
    expect(clearing.map((row) => [row.accountId, row.amountPaise, row.remark])).toEqual([
      [await accountOf('cl1'), 99_000n, 'Clearing with ag1'],
      [await accountOf('ag1'), -99_000n, 'Clearing with ag1'],
    ]);
    expect((await figures('ag1')).cl1).toMatchObject({ pl: 0n });
    // A transfer inside ag1's subtree leaves its P/L as it was.
    expect((await figures('ma1')).ag1).toMatchObject({ pl: -29_700n });
    expect(
      await agents.clearPl(id('ma1'), { username: 'ag1', transactionPassword: TXN }),
    ).toMatchObject({ ok: true });
    expect((await figures('ma1')).ag1).toMatchObject({ pl: 0n });
    expect((await figures('sm1')).ma1).toMatchObject({ pl: -19_800n });
    expect(await agents.clearPl(id('ag1'), { username: 'cl1', transactionPassword: TXN })).toEqual({
      ok: false,
      kind: 'refused',
      message: "cl1's reference P/L is already 0",
    });
  });

  it('clears a child that is up from its free balance only, partly, never past zero', async () => {
    await lend('ma1', 'agent', 'ag2', 0n, 100);
    expect(await deposit('ma1', 'ag2', 100_000n)).toMatchObject({ ok: true });
    await lend('ag2', 'client', 'cl3', 80_000n);
    expect((await figures('ma1')).ag2).toEqual({ balance: 100_000n, pl: 100_000n, free: 20_000n });
    expect(await agents.clearPl(id('ma1'), { username: 'ag2', transactionPassword: TXN })).toEqual({
      ok: true,
      message: "Cleared ₹200.00 of ag2's P/L of ₹1,000.00: its free balance covers no more",
    });
    expect((await figures('ma1')).ag2).toEqual({ balance: 80_000n, pl: 80_000n, free: 0n });
    expect(await agents.clearPl(id('ma1'), { username: 'ag2', transactionPassword: TXN })).toEqual({
      ok: false,
      kind: 'refused',
      message: 'ag2 has no free balance to clear its P/L with',
    });
    const money = await auditMoney(database.db);
    expect([money.ledgerTotal, money.walletsTotal]).toEqual([0n, 0n]);
  });
});

describe('reviewable SQL', () => {
  it('locks both wallets in account order, then posts the pair', async () => {
    const statements: string[] = [];
    const logged = openDatabase(database.url, { max: 1, onQuery: (text) => statements.push(text) });
    await serviceOn(logged.db).deposit(id('ag1'), {
      username: 'cl1',
      amountPaise: 100n,
      transactionPassword: TXN,
      key: 'agent-key-snapshot',
    });
    await logged.close();
    // The money tables show as <name>: only the wallet module names them (wallet-rules.test.ts).
    const shown = statements
      .slice(statements.indexOf('begin'))
      .map((text) => text.replace(/"(wallets|exposures)"/g, '<$1>'));
    expect(shown).toMatchInlineSnapshot(`
      [
        "begin",
        "insert into "operator_keys" ("actor", "key", "request_hash", "response", "created_at") values ($1, $2, $3, $4, $5) on conflict ("actor", "key") do nothing returning "key"",
        "SELECT 'agent' AS kind, id::text, username, parent_id::text FROM agents
            WHERE lower(username) = $1 AND path @> ARRAY[$2]::bigint[]
          UNION ALL
          SELECT 'client', id::text, username, parent_id::text FROM clients
            WHERE lower(username) = $3 AND path @> ARRAY[$4]::bigint[]
          ORDER BY kind
          LIMIT 1",
        "select * from "clients" where "id" = $1",
        "SELECT coalesce(
            (SELECT id FROM accounts WHERE agent_id = $1::bigint),
            (SELECT h.id FROM accounts h JOIN agents a ON a.id = $2::bigint AND a.level = 'admin'
              WHERE h.kind = 'house')) AS id",
        "select "id" from "accounts" where "client_id" = $1",
        "select * from <wallets> where "account_id" in ($1, $2) order by "account_id" for update",
        "SELECT wallet_post_pair($1::uuid, $2::bigint,
          $3::bigint, $4, $5::bigint,
          $6, $7, $8::bigint,
          $9, $10, $11::timestamptz)",
        "insert into "operator_audit" ("at", "actor", "action", "target", "before", "after", "outcome") values ($1, $2, $3, $4, $5, $6, $7)",
        "update "operator_keys" set "response" = $1 where "actor" = $2 and "key" = $3",
        "commit",
      ]
    `);
  });
});
