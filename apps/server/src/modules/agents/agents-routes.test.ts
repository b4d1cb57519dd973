import * as api from '@backlay/contract/agents';
import { validLogin } from '@backlay/contract/auth';
import { getMainBalance } from '@backlay/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, LAT_LONG, OPS_TOKEN, testClock } from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { ACCOUNT_LOCKED } from '../auth/auth.service.js';
import { totpCode } from '../operators/totp.js';

/*
 * The agent network's back office over HTTP (docs/agents.md): the operator's door (the admin's
 * password and commission, the admin's actions), a user's login and session, the wire's shapes,
 * the 404 of a user outside the caller's subtree, the contract's refusals, and the locks as a
 * client meets them at login.
 */

const TXN = 'transaction secret';
const PASSWORD = 'correct horse battery';
const ADMIN_PASSWORD = 'admin password of the site';

let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
/** Tokens by username. */
const tokens = new Map<string, string>();

async function post(path: string, payload: object, token: string, key?: string) {
  const response = await app.inject({
    method: 'POST',
    url: path,
    payload,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
  });
  return {
    status: response.statusCode,
    body: response.json<{ Status: boolean; Result: unknown }>(),
  };
}
async function get(path: string, token: string) {
  const response = await app.inject({ url: path, headers: bearer(token) });
  return {
    status: response.statusCode,
    body: response.json<{ Status: boolean; Result: unknown }>(),
  };
}
const ok = (result: unknown) => ({ status: 200, body: { Status: true, Result: result } });
const no = (result: unknown, field?: string) => ({
  status: 200,
  body: { Status: false, Result: result, ...(field === undefined ? {} : { field }) },
});

async function agentLogin(username: string, password = PASSWORD) {
  const answer = await post(api.agentLogin.path, { username, password }, '');
  if (answer.body.Status) tokens.set(username, (answer.body.Result as { token: string }).token);
  return answer;
}

async function clientLogin(username: string) {
  const response = await app.inject({
    method: 'POST',
    url: `${validLogin.path}?ipAddress=10.1.2.3`,
    payload: { username, password: PASSWORD, LatLong: LAT_LONG },
  });
  return response.json<{ Status: boolean; Result: unknown; data?: { Token: string } }>();
}

/** Creates `username` below `parent` (a logged-in user) and logs it in when above the clients. */
async function create(
  parent: string,
  username: string,
  level: 'supermaster' | 'master' | 'agent' | 'client',
  partnership?: number,
) {
  const answer = await post(
    api.agentCreateUser.path,
    {
      level,
      username,
      password: PASSWORD,
      creditReference: 0,
      ...(partnership === undefined ? {} : { partnership }),
      matchCommission: 1,
      sessionCommission: 1,
      transactionPassword: TXN,
    },
    tokens.get(parent) ?? '',
  );
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ Status: true });
  if (level === 'client') return;
  const login = await agentLogin(username);
  expect(login.body).toMatchObject({ Status: true, Result: { needsTransactionPassword: true } });
  expect(
    await post(api.agentTransactionPassword.path, { password: TXN }, tokens.get(username) ?? ''),
  ).toEqual(ok('Transaction password set'));
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db, { clock });
  expect(
    (await post(api.opsAdminPassword.path, { password: ADMIN_PASSWORD }, OPS_TOKEN)).body,
  ).toMatchObject({ Status: true });
  expect(
    await post(
      api.opsAdminCommission.path,
      { matchCommission: 3, sessionCommission: 2 },
      OPS_TOKEN,
    ),
  ).toMatchObject({ status: 200, body: { Status: true } });
  expect((await agentLogin('admin', ADMIN_PASSWORD)).body).toMatchObject({
    Status: true,
    Result: { username: 'admin', level: 'admin', needsTransactionPassword: true },
  });
  await post(api.agentTransactionPassword.path, { password: TXN }, tokens.get('admin') ?? '');
  // admin → super1 90 % → master1 80 % → agent1 70 % → client1; and a second branch super2 50 % → client2.
  await create('admin', 'super1', 'supermaster', 90);
  await create('super1', 'master1', 'master', 80);
  await create('master1', 'agent1', 'agent', 70);
  await create('agent1', 'client1', 'client');
  await create('admin', 'super2', 'supermaster', 50);
  await create('super2', 'client2', 'client');
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('the agent back office over HTTP', () => {
  it('moves chips down the tree and lists a downline in rupees and percent', async () => {
    const chips = async (from: string, to: string, amount: number) =>
      post(
        api.agentDeposit.path,
        { username: to, amount, transactionPassword: TXN },
        tokens.get(from) ?? '',
        `deposit-${from}-${to}`,
      );
    expect(await chips('admin', 'super1', 10_000)).toEqual(ok('Deposited ₹10,000.00 to super1'));
    expect(await chips('super1', 'master1', 5_000)).toEqual(ok('Deposited ₹5,000.00 to master1'));
    expect(await chips('master1', 'agent1', 1_000)).toEqual(ok('Deposited ₹1,000.00 to agent1'));
    expect(await chips('agent1', 'client1', 100.5)).toEqual(ok('Deposited ₹100.50 to client1'));
    // The same key again: done once, the same answer.
    expect(await chips('agent1', 'client1', 100.5)).toEqual(ok('Deposited ₹100.50 to client1'));

    const list = await get(`${api.agentDownline.path}?parent=agent1`, tokens.get('super1') ?? '');
    expect(list).toEqual(
      ok({
        breadcrumb: [
          { username: 'super1', level: 'supermaster' },
          { username: 'master1', level: 'master' },
          { username: 'agent1', level: 'agent' },
        ],
        total: 1,
        users: [
          {
            username: 'client1',
            level: 'client',
            creditReference: 0,
            balance: 100.5,
            exposure: 0,
            freeBalance: 100.5,
            referencePl: 100.5,
            partnership: null,
            matchCommission: 1,
            sessionCommission: 1,
            exposureLimit: null,
            loginLocked: false,
            bettingLocked: false,
            createdAt: expect.any(String) as string,
          },
        ],
      }),
    );
    const top = await get(api.agentDownline.path, tokens.get('admin') ?? '');
    expect(top.body, JSON.stringify(top.body)).toMatchObject({
      Status: true,
      Result: { total: 2, users: [{ username: 'super1', balance: 10_000, partnership: 90 }, {}] },
    });
    // The client sees the chips as its balance.
    const client1 = (await clientLogin('client1')).data?.Token ?? '';
    const balance = await get(getMainBalance.path, client1);
    expect(balance.body).toEqual({ Status: true, Result: { MainBalance: 100.5 } });
  });

  it('answers 404 for a user outside the caller’s subtree, on every action, as for no one', async () => {
    const super2 = tokens.get('super2') ?? '';
    const actions: [string, object][] = [
      [api.agentDeposit.path, { amount: 1 }],
      [api.agentWithdraw.path, { amount: 1 }],
      [api.agentClearPl.path, {}],
      [api.agentCreditReference.path, { creditReference: 1 }],
      [api.agentPartnership.path, { partnership: 1 }],
      [api.agentCommission.path, { matchCommission: 0, sessionCommission: 0 }],
      [api.agentExposureLimit.path, { exposureLimit: 1 }],
      [api.agentLock.path, { kind: 'betting', locked: true }],
      [api.agentResetPassword.path, { password: 'another password' }],
    ];
    for (const [path, fields] of actions) {
      for (const username of ['client1', 'agent1', 'super1', 'nobody']) {
        const answer = await post(path, { username, transactionPassword: TXN, ...fields }, super2);
        expect({ path, username, ...answer }).toEqual({
          path,
          username,
          status: 404,
          body: { Status: false, Result: `No user named '${username}'` },
        });
      }
    }
    expect(await get(`${api.agentDownline.path}?parent=master1`, super2)).toEqual({
      status: 404,
      body: { Status: false, Result: "No user named 'master1'" },
    });
  });

  it('refuses what the contract refuses before the service sees it, and other credentials', async () => {
    const admin = tokens.get('admin') ?? '';
    const refused = async (path: string, payload: object) =>
      (await post(path, { username: 'super1', transactionPassword: TXN, ...payload }, admin))
        .status;
    expect(await refused(api.agentPartnership.path, { partnership: 101 })).toBe(400);
    expect(await refused(api.agentPartnership.path, { partnership: 33.333 })).toBe(400);
    expect(await refused(api.agentDeposit.path, { amount: -5 })).toBe(400);
    expect(await refused(api.agentDeposit.path, { amount: 1.001 })).toBe(400);
    expect(await refused(api.agentDeposit.path, { amount: 0 })).toBe(400);
    // A client's token, the operator token or none: never an agent route; an agent's token is
    // no client's.
    const client2 = (await clientLogin('client2')).data?.Token;
    expect(client2).toBeDefined();
    for (const token of [client2 ?? '', OPS_TOKEN, '']) {
      expect((await get(api.agentMe.path, token)).status).toBe(401);
    }
    expect((await get(getMainBalance.path, admin)).status).toBe(401);
  });

  it("keeps one username space: the operator's new client may not take an agent's name", async () => {
    expect(
      await post(
        '/api/ops/create-client',
        { username: 'Super1', password: PASSWORD },
        OPS_TOKEN,
        'create-super1',
      ),
    ).toEqual(no("Username 'Super1' is taken"));
    expect(
      (
        await post(
          api.agentCreateUser.path,
          {
            level: 'agent',
            username: 'CLIENT2',
            password: PASSWORD,
            creditReference: 0,
            partnership: 10,
            matchCommission: 0,
            sessionCommission: 0,
            transactionPassword: TXN,
          },
          tokens.get('admin') ?? '',
        )
      ).body,
    ).toEqual({ Status: false, Result: "Username 'CLIENT2' is taken", field: 'username' });
  });

  it('answers the service’s refusals in the envelope: above the parent, a wrong transaction password', async () => {
    const master1 = tokens.get('master1') ?? '';
    expect(
      await post(
        api.agentPartnership.path,
        { username: 'agent1', partnership: 81, transactionPassword: TXN },
        master1,
      ),
    ).toMatchObject({ status: 200, body: { Status: false, field: 'partnership' } });
    expect(
      await post(
        api.agentCreditReference.path,
        { username: 'agent1', creditReference: 5, transactionPassword: 'wrong' },
        master1,
      ),
    ).toEqual(no('Wrong transaction password', 'transactionPassword'));
  });

  it('turns the caller’s own TOTP on with its transaction password, then asks its code at login', async () => {
    const token = tokens.get('agent1') ?? '';
    expect(
      await post(api.agentTotp.path, { enabled: true, transactionPassword: 'wrong' }, token),
    ).toEqual(no('Wrong transaction password', 'transactionPassword'));
    const on = await post(api.agentTotp.path, { enabled: true, transactionPassword: TXN }, token);
    const { secret, uri } = on.body.Result as { secret: string; uri: string };
    expect(on.body).toEqual({ Status: true, Result: { enabled: true, secret, uri } });
    expect(uri).toContain(`secret=${secret}`);
    expect((await agentLogin('agent1')).body).toEqual({
      Status: false,
      Result: 'Invalid username, password or code',
    });
    const login = await post(
      api.agentLogin.path,
      { username: 'agent1', password: PASSWORD, code: totpCode(secret, clock.now()) },
      '',
    );
    expect(login.body).toMatchObject({ Status: true });
    const fresh = (login.body.Result as { token: string }).token;
    tokens.set('agent1', fresh);
    expect(
      await post(api.agentTotp.path, { enabled: false, transactionPassword: TXN }, fresh),
    ).toEqual(ok({ enabled: false }));
    expect((await agentLogin('agent1')).body).toMatchObject({ Status: true });
  });

  it("locks a subtree's logins: its client and agent are refused at login, another branch is not", async () => {
    expect(
      await post(
        api.agentLock.path,
        { username: 'master1', kind: 'login', locked: true, transactionPassword: TXN },
        tokens.get('super1') ?? '',
      ),
    ).toMatchObject({ status: 200, body: { Status: true } });
    expect(await clientLogin('client1')).toEqual({ Status: false, Result: ACCOUNT_LOCKED });
    expect((await agentLogin('agent1')).body).toEqual({
      Status: false,
      Result: 'Your account is locked',
    });
    expect((await get(api.agentMe.path, tokens.get('agent1') ?? '')).status).toBe(401);
    expect(await clientLogin('client2')).toMatchObject({ Status: true });
    // The operator's door, as the admin: unlock.
    expect(
      await post(
        api.opsAgentLock.path,
        { username: 'master1', kind: 'login', locked: false, transactionPassword: TXN },
        OPS_TOKEN,
      ),
    ).toMatchObject({ status: 200, body: { Status: true } });
    expect(await clientLogin('client1')).toMatchObject({ Status: true });
  });
});
