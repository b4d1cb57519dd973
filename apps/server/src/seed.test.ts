import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toPaise } from '@backlay/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cheapPasswords, testClock, testConfig } from '../test/app.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { REPO_ROOT } from './config.js';
import type { Db } from './db/pool.js';
import { createAgentAuth } from './modules/agents/agent-auth.js';
import { createAgentsService } from './modules/agents/agents.service.js';
import { createClientsService } from './modules/clients/clients.service.js';
import { createNewsService } from './modules/news/news.service.js';
import { auditMoney, ledgerRows } from './modules/wallet/wallet.audit.js';
import { createWalletService, readWallet } from './modules/wallet/wallet.service.js';
import { systemRandom } from './seams.js';
import {
  DEMO_BACKOFFICE_USERS,
  DEMO_CREDIT_RUPEES,
  DEMO_PASSWORD,
  DEMO_TRANSACTION_PASSWORD,
  DEMO_TREE,
  DEMO_USERS,
  seedDemo,
} from './seed.js';

/*
 * The demo data (README "Run it"): the demo network from the admin down to demo1 … demo5, made
 * through the agents' own actions (ledger pairs, audited), each client with ₹1,00,000 of chips,
 * and nothing credited twice however often the server starts.
 */

const clock = testClock();

function servicesOn(db: Db) {
  const clients = createClientsService({ db, clock, passwords: cheapPasswords });
  const agents = createAgentsService({
    db,
    clock,
    random: systemRandom,
    passwords: cheapPasswords,
    throttle: testConfig.loginThrottle,
    clients,
    reportTz: testConfig.reportTz,
  });
  const agentAuth = createAgentAuth({
    db,
    clock,
    random: systemRandom,
    passwords: cheapPasswords,
    session: testConfig.operatorSession,
    throttle: testConfig.loginThrottle,
  });
  const warnings: string[] = [];
  return {
    clients,
    agents,
    agentAuth,
    warnings,
    seed: {
      db,
      news: createNewsService({ db, clock }),
      agents,
      agentAuth,
      warn: (message: string) => warnings.push(message),
    },
  };
}

/** Each demo client's ledger rows, as (username, paise). */
async function clientCredits(db: Db) {
  return (await ledgerRows(db))
    .filter((row) => row.clientId !== null)
    .map((row) => ({ username: row.username, amountPaise: row.amountPaise, kind: row.kind }))
    .sort((a, b) => (a.username ?? '').localeCompare(b.username ?? ''));
}

const CREDIT_PAISE = BigInt(DEMO_CREDIT_RUPEES) * 100n;

describe('demo data', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('makes the network admin → demo_sm → demo_master → demo_agent → demo1 … demo5, once', async () => {
    const db = database.db;
    const { agents, agentAuth, warnings, seed } = servicesOn(db);
    expect(await seedDemo(seed)).toEqual([
      ...DEMO_TREE.map((level) => level.username),
      ...DEMO_USERS,
    ]);
    expect(warnings).toEqual([]);

    // Each demo client has ₹1,00,000 of chips from demo_agent: one ledger pair, credited once.
    expect(await clientCredits(db)).toEqual(
      DEMO_USERS.map((username) => ({ username, amountPaise: CREDIT_PAISE, kind: 'credit' })),
    );
    for (const username of DEMO_USERS) {
      const row = await db
        .selectFrom('clients')
        .select(['id', 'parent_id'])
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      expect((await readWallet(db, row.id)).mainBalance).toBe(CREDIT_PAISE);
    }
    expect((await auditMoney(db)).ledgerTotal).toBe(0n);

    // Every level logs in with the demo password, its transaction password already set.
    for (const username of DEMO_BACKOFFICE_USERS) {
      const login = await agentAuth.login({
        username,
        password: DEMO_PASSWORD,
        socketAddress: '10.0.0.1',
      });
      expect(login).toMatchObject({ kind: 'success', needsTransactionPassword: false });
      if (login.kind !== 'success') continue;
      expect(
        (await agents.checkTransactionPassword(login.agent.agentId, DEMO_TRANSACTION_PASSWORD)).ok,
      ).toBe(true);
    }

    // The tree as the admin reads it: partnerships 90/80/70, chips kept at each level.
    const adminId = await agents.adminId();
    const level = async (parentUsername: string | undefined) => {
      const page = await agents.downline(adminId, { parentUsername, skip: 0, take: 10 });
      if (!page.ok) throw new Error(page.message);
      return page.users.map((user) => ({
        username: user.username,
        partnershipBp: user.partnershipBp,
        own: user.freeBalancePaise,
      }));
    };
    expect(await level(undefined)).toEqual([
      { username: 'demo_sm', partnershipBp: 9000, own: 200_000_00n },
    ]);
    expect(await level('demo_sm')).toEqual([
      { username: 'demo_master', partnershipBp: 8000, own: 200_000_00n },
    ]);
    expect(await level('demo_master')).toEqual([
      { username: 'demo_agent', partnershipBp: 7000, own: 100_000_00n },
    ]);
    expect((await level('demo_agent')).map((user) => user.username)).toEqual([...DEMO_USERS]);
    expect(await agents.me(adminId)).toMatchObject({
      matchCommissionBp: 200,
      sessionCommissionBp: 150,
    });

    // Another start: nothing made, nothing credited.
    expect(await seedDemo(seed)).toEqual([]);
    expect(await clientCredits(db)).toHaveLength(DEMO_USERS.length);
    expect((await db.selectFrom('news').select('id').execute()).length).toBeGreaterThan(0);
  });

  it('deposits nothing twice when a start goes through every step again', async () => {
    const db = database.db;
    const { agents, agentAuth, seed } = servicesOn(db);
    // demo5 spends its chips back to demo_agent: the quick look no longer finds the tree whole.
    const login = await agentAuth.login({
      username: 'demo_agent',
      password: DEMO_PASSWORD,
      socketAddress: '10.0.0.2',
    });
    if (login.kind !== 'success') throw new Error('demo_agent cannot log in');
    expect(
      await agents.withdraw(login.agent.agentId, {
        username: 'demo5',
        amountPaise: CREDIT_PAISE,
        transactionPassword: DEMO_TRANSACTION_PASSWORD,
      }),
    ).toMatchObject({ ok: true });
    const before = (await ledgerRows(db)).length;
    expect(await seedDemo(seed)).toEqual([]);
    // The deposits' keys answer their first answers: no row more.
    expect((await ledgerRows(db)).length).toBe(before);
  });
});

describe('demo data seeded before the network', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('leaves the admin’s own demo clients where they are, credited once, and adds the levels', async () => {
    const db = database.db;
    const { clients, seed, warnings } = servicesOn(db);
    const wallet = createWalletService({ db, clock, random: systemRandom });
    // As the seed did before the network: clients of the admin with the house's credit.
    for (const username of DEMO_USERS) {
      const made = await clients.create({ username, password: DEMO_PASSWORD });
      if (made.kind !== 'created') throw new Error(`cannot make ${username}`);
      await wallet.transferCredit({
        clientId: made.clientId,
        amount: toPaise(DEMO_CREDIT_RUPEES * 100)!,
        remark: 'Demo credit',
      });
    }
    expect(await seedDemo(seed)).toEqual(DEMO_TREE.map((level) => level.username));
    expect(warnings).toEqual([
      "demo clients demo1, demo2, demo3, demo4, demo5 were seeded before the demo network: they stay the admin's own",
    ]);
    expect(await clientCredits(db)).toEqual(
      DEMO_USERS.map((username) => ({ username, amountPaise: CREDIT_PAISE, kind: 'credit' })),
    );
    expect(await seedDemo(seed)).toEqual([]);
    expect(await clientCredits(db)).toHaveLength(DEMO_USERS.length);
  });
});

describe('the README', () => {
  it('has the demo password on a line of its own, and every demo login of the back office', async () => {
    const readme = await readFile(join(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n')).toContain(`Demo password: ${DEMO_PASSWORD}`);
    for (const username of DEMO_BACKOFFICE_USERS) expect(readme).toContain(`\`${username}\``);
  });
});
