import { postUserBet } from '@backlay/contract/bets';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  cheapPasswords,
  login,
  OPS_TOKEN,
  TEST_PASSWORD,
  testClock,
  testConfig,
} from '../../../test/app.js';
import { changesOf, createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { scriptedFeed } from '../../../test/feed.js';
import { systemRandom } from '../../seams.js';
import { BET_MESSAGES } from '../bets/bet-answers.js';
import { createClientsService } from '../clients/clients.service.js';
import { newTotpSecret, totpCode, totpUri } from '../operators/totp.js';
import { AGENTS_TEXT } from './agent-actions.js';
import { AGENT_INVALID, createAgentAuth, type AgentAuth } from './agent-auth.js';
import { SESSION_END } from '../auth/session-end.js';
import * as q from './agents.queries.js';
import { createAgentsService, type AgentsService } from './agents.service.js';

/*
 * Logins of users above the clients, and what locks, passwords and partnerships do to the
 * sessions and bets of the users below (docs/agents.md#controls, #partnership), through the whole
 * app: clients log in and bet over HTTP.
 */

const TXN = 'transaction secret';
const ADMIN_PASSWORD = 'the house password';

let database: TestDatabase;
let app: FastifyInstance;
let agents: AgentsService;
let auth: AgentAuth;
let eventId: number;
const clock = testClock();
const ids = new Map<string, string>();
const id = (username: string): string => {
  const found = ids.get(username);
  if (!found) throw new Error(`no user ${username}`);
  return found;
};

const ops = async (command: string, payload: object) => {
  const response = await app.inject({
    method: 'POST',
    url: `/api/ops/${command}`,
    payload,
    headers: bearer(OPS_TOKEN),
  });
  expect(response.json<{ Status: boolean }>().Status, response.body).toBe(true);
  return response;
};

async function create(
  parent: string,
  level: 'supermaster' | 'master' | 'agent' | 'client',
  username: string,
  partnershipBp?: number,
) {
  expect(
    await agents.createUser(id(parent), {
      level,
      username,
      password: TEST_PASSWORD,
      creditReferencePaise: 0n,
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
    return;
  }
  const row = await q.findAgentByUsername(database.db, username);
  if (!row) throw new Error(`no agent ${username}`);
  ids.set(username, row.id);
  await agents.setTransactionPassword(row.id, { password: TXN });
}

const deposit = (actor: string, username: string, amountPaise: bigint) =>
  agents.deposit(id(actor), { username, amountPaise, transactionPassword: TXN });
const setLock = (actor: string, username: string, kind: 'login' | 'betting', locked: boolean) =>
  agents.setLock(id(actor), { username, kind, locked, transactionPassword: TXN });

const agentLogin = (username: string, password = TEST_PASSWORD, code?: string) =>
  auth.login({ username, password, code, socketAddress: '10.7.7.7' });

async function agentToken(username: string): Promise<string> {
  const outcome = await agentLogin(username);
  if (outcome.kind !== 'success')
    throw new Error(`login of ${username}: ${JSON.stringify(outcome)}`);
  return outcome.token;
}

/** Whether a client's bearer token still works (after every instance heard the revocations). */
async function clientSessionWorks(token: string): Promise<boolean> {
  await changesOf(database.db)?.caughtUp();
  const response = await app.inject({
    url: '/api/AmountModels/GetBalanceDetail',
    headers: bearer(token),
  });
  return response.statusCode === 200;
}

/** A back of ₹`stake` on the first runner at 2.0. */
async function back(token: string, stake: number) {
  const response = await app.inject({
    method: 'POST',
    url: postUserBet.path,
    headers: bearer(token),
    payload: {
      sportsId: 4,
      MarketType: 'MATCH_ODDS',
      MarketId: `1.${eventId}`,
      EventId: eventId,
      SelectionID: String(eventId * 100 + 1),
      SelectionName: 'Hawks',
      BetType: 'Back',
      Odds: 2,
      Price: 0,
      OldPrice: 0,
      Stack: stake,
      OldStack: stake,
      Exposure: stake,
      BetStatus: 'Pending',
      ReturnBalance: 0,
      UserId: 0,
    },
  });
  return response.json<{ Status: boolean; Result: string }>();
}

const takesOf = async (takesId: string | null) =>
  (
    await database.db
      .selectFrom('agent_takes')
      .select('takes')
      .where('id', '=', takesId ?? '0')
      .executeTakeFirstOrThrow()
  ).takes;

beforeAll(async () => {
  database = await createTestDatabase();
  // Prices stay fresh while the tests move the clock past idle windows and throttles.
  const feed = scriptedFeed(database.db, clock, { staleMs: 24 * 3_600_000 });
  app = await buildTestApp(database.db, { clock, feed });
  const clients = createClientsService({ db: database.db, clock, passwords: cheapPasswords });
  const deps = { db: database.db, clock, random: systemRandom, passwords: cheapPasswords };
  agents = createAgentsService({
    ...deps,
    throttle: testConfig.loginThrottle,
    clients,
    reportTz: testConfig.reportTz,
  });
  auth = createAgentAuth({
    ...deps,
    session: testConfig.operatorSession,
    throttle: testConfig.loginThrottle,
  });
  ids.set('admin', await agents.adminId());
  await agents.setTransactionPassword(id('admin'), { password: TXN });
  await create('admin', 'supermaster', 'sm1', 9000);
  await create('sm1', 'master', 'ma1', 8000);
  await create('ma1', 'agent', 'ag1', 7000);
  await create('ag1', 'client', 'cl1');
  await create('admin', 'supermaster', 'sm2', 5000);
  await create('sm2', 'client', 'cl9');
  for (const [parent, child] of [
    ['admin', 'sm1'],
    ['sm1', 'ma1'],
    ['ma1', 'ag1'],
    ['ag1', 'cl1'],
  ] as const)
    expect(await deposit(parent, child, 10_000_000n)).toMatchObject({ ok: true });

  const created = await ops('fixture-event', {
    sportId: 4,
    seriesName: 'Harbour Cup',
    name: 'Hawks v Owls',
    runners: ['Hawks', 'Owls'],
    inPlay: false,
  });
  eventId = created.json<{ Result: { eventId: number } }>().Result.eventId;
  await ops('fixture-step', {
    eventId,
    step: {
      kind: 'prices',
      marketId: `1.${eventId}`,
      runners: [1, 2].map((n) => ({
        selectionId: eventId * 100 + n,
        back: [{ price: 2, size: 100_000 }],
        lay: [{ price: 2.02, size: 100_000 }],
      })),
    },
  });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('logging in above the clients', () => {
  it('lets the admin in once the operator has set its password', async () => {
    expect(await agentLogin('admin', ADMIN_PASSWORD)).toEqual({
      kind: 'refused',
      message: AGENT_INVALID,
    });
    expect(await auth.setAdminPassword('too short')).toEqual({
      ok: false,
      message: "The admin's password must be at least 12 characters",
    });
    expect(await auth.setAdminPassword(ADMIN_PASSWORD)).toEqual({
      ok: true,
      message: "The admin's password is set",
    });
    expect(await agentLogin('admin', ADMIN_PASSWORD)).toMatchObject({
      kind: 'success',
      agent: { agentId: id('admin'), username: 'admin', level: 'admin' },
      needsTransactionPassword: false,
    });
  });

  it('authenticates a session until logout or the idle window, and refuses a wrong password alike', async () => {
    await create('sm1', 'master', 'fresh', 100);
    await database.db
      .updateTable('agents')
      .set({ transaction_password_hash: null })
      .where('id', '=', id('fresh'))
      .execute();
    expect(await agentLogin('fresh', 'wrong password')).toEqual({
      kind: 'refused',
      message: AGENT_INVALID,
    });
    expect(await agentLogin('nobody')).toEqual({ kind: 'refused', message: AGENT_INVALID });
    const outcome = await agentLogin('FRESH');
    expect(outcome).toMatchObject({ kind: 'success', needsTransactionPassword: true });
    if (outcome.kind !== 'success') return;
    const context = {
      sessionId: outcome.agent.sessionId,
      agentId: id('fresh'),
      username: 'fresh',
      level: 'master',
    };
    expect(await auth.authenticate(outcome.token)).toEqual(context);
    await auth.logout(context.sessionId);
    expect(await auth.authenticate(outcome.token)).toBeUndefined();

    const idle = await agentToken('fresh');
    clock.advance(testConfig.operatorSession.idleS * 1000);
    expect(await auth.authenticate(idle)).toBeUndefined();
    expect(await auth.authenticate('not a token')).toBeUndefined();
  });

  it('asks a user with a TOTP secret for its code, each code once', async () => {
    const secret = newTotpSecret(systemRandom);
    await database.db
      .updateTable('agents')
      .set({ totp_secret: secret })
      .where('id', '=', id('fresh'))
      .execute();
    expect(await agentLogin('fresh')).toEqual({ kind: 'refused', message: AGENT_INVALID });
    const code = totpCode(secret, clock.now());
    expect(await agentLogin('fresh', TEST_PASSWORD, code)).toMatchObject({ kind: 'success' });
    expect(await agentLogin('fresh', TEST_PASSWORD, code)).toEqual({
      kind: 'refused',
      message: 'This code was used already: wait for the next one',
    });
  });

  it('turns a user’s second factor on (a new secret, its URI) and off', async () => {
    await create('sm1', 'master', 'totp1', 100);
    const on = await auth.setTotp(id('totp1'), true);
    if (!('secret' in on)) throw new Error('no secret');
    expect(on.uri).toBe(totpUri(on.secret, 'totp1'));
    expect(await agentLogin('totp1')).toEqual({ kind: 'refused', message: AGENT_INVALID });
    clock.advance(30_000);
    expect(
      await agentLogin('totp1', TEST_PASSWORD, totpCode(on.secret, clock.now())),
    ).toMatchObject({ kind: 'success' });
    // A new secret replaces the old: the old one's codes no longer work.
    const again = await auth.setTotp(id('totp1'), true);
    if (!('secret' in again)) throw new Error('no secret');
    expect(again.secret).not.toBe(on.secret);
    clock.advance(30_000);
    expect(await agentLogin('totp1', TEST_PASSWORD, totpCode(on.secret, clock.now()))).toEqual({
      kind: 'refused',
      message: AGENT_INVALID,
    });
    expect(await auth.setTotp(id('totp1'), false)).toEqual({ username: 'totp1' });
    expect(await agentLogin('totp1')).toMatchObject({ kind: 'success' });
  });

  it('throttles failed logins', async () => {
    await create('sm1', 'master', 'thr1', 100);
    for (let failure = 0; failure < 5; failure += 1)
      expect(await agentLogin('thr1', 'wrong password')).toMatchObject({ kind: 'refused' });
    expect(await agentLogin('thr1')).toEqual({ kind: 'throttled', retryAfterS: 30 });
  });
});

describe('locks below the actor', () => {
  it('ends the sessions of the whole subtree on a login lock, and refuses their logins', async () => {
    const tokens = {
      sm1: await agentToken('sm1'),
      ma1: await agentToken('ma1'),
      ag1: await agentToken('ag1'),
      cl1: (await login(app, 'cl1')).Token,
      cl9: (await login(app, 'cl9')).Token,
    };
    expect(await setLock('sm1', 'ma1', 'login', true)).toEqual({
      ok: true,
      message: 'Login of ma1 locked',
    });
    expect(await auth.authenticate(tokens.sm1)).toMatchObject({ username: 'sm1' });
    expect(await auth.authenticate(tokens.ma1)).toBeUndefined();
    expect(await auth.authenticate(tokens.ag1)).toBeUndefined();
    expect(await clientSessionWorks(tokens.cl1)).toBe(false);
    expect(await clientSessionWorks(tokens.cl9)).toBe(true);
    const ended = await database.db
      .selectFrom('sessions')
      .select('revoked_reason')
      .where('client_id', '=', id('cl1'))
      .executeTakeFirstOrThrow();
    expect(ended.revoked_reason).toBe(SESSION_END.accountLocked);
    for (const username of ['ma1', 'ag1'])
      expect(await agentLogin(username)).toEqual({ kind: 'refused', message: AGENTS_TEXT.locked });
    expect(
      await agents.downline(id('sm1'), { parentUsername: 'ma1', skip: 0, take: 5 }),
    ).toMatchObject({
      users: [{ username: 'ag1', loginLocked: true, bettingLocked: false }],
    });

    expect(await setLock('sm1', 'ma1', 'login', false)).toEqual({
      ok: true,
      message: 'Login of ma1 unlocked',
    });
    expect(await agentLogin('ag1')).toMatchObject({ kind: 'success' });
    const flags = await database.db
      .selectFrom('clients')
      .select(['ancestor_login_locked', 'ancestor_betting_locked'])
      .where('id', '=', id('cl1'))
      .executeTakeFirstOrThrow();
    expect(flags).toEqual({ ancestor_login_locked: false, ancestor_betting_locked: false });
  });

  it('copies a betting lock down to the clients, which no one below can lift', async () => {
    const cl1 = (await login(app, 'cl1')).Token;
    expect(await back(cl1, 500)).toEqual({ Status: true, Result: BET_MESSAGES.placed });
    expect(await setLock('sm1', 'ma1', 'betting', true)).toEqual({
      ok: true,
      message: 'Betting of ma1 locked',
    });
    expect(await back(cl1, 500)).toEqual({ Status: false, Result: BET_MESSAGES.clientLocked });
    // ag1 sees cl1 but not the lock's holder: its own unlock of cl1 changes nothing.
    expect(await setLock('ag1', 'cl1', 'betting', false)).toEqual({
      ok: true,
      message: 'Betting of cl1 is unlocked already',
    });
    expect(await setLock('ag1', 'ma1', 'betting', false)).toEqual({
      ok: false,
      kind: 'not_found',
      message: "No user named 'ma1'",
    });
    expect(await back(cl1, 500)).toEqual({ Status: false, Result: BET_MESSAGES.clientLocked });
    expect(await setLock('sm1', 'ma1', 'betting', false)).toMatchObject({ ok: true });
    expect(await back(cl1, 500)).toEqual({ Status: true, Result: BET_MESSAGES.placed });
  });
});

describe('partnership versions', () => {
  it("gives the clients' next bets a new version and leaves the placed bets theirs", async () => {
    const cl1 = (await login(app, 'cl1')).Token;
    const placed = await database.db
      .selectFrom('bets')
      .select(['id', 'takes_id'])
      .where('client_id', '=', id('cl1'))
      .orderBy('id')
      .execute();
    const ag1Before = await q.findAgent(database.db, id('ag1'));
    expect(placed.map((bet) => bet.takes_id)).toEqual([ag1Before?.takesId, ag1Before?.takesId]);

    const setPartnership = (actor: string, username: string, partnershipBp: number) =>
      agents.setPartnership(id(actor), { username, partnershipBp, transactionPassword: TXN });
    expect(await setPartnership('sm1', 'ma1', 6000)).toEqual({
      ok: false,
      kind: 'refused',
      message: `ag1 has a partnership of 70 %, above 60 %: ${AGENTS_TEXT.lowerChildren}`,
    });
    expect(await setPartnership('sm1', 'ma1', 9100)).toEqual({
      ok: false,
      kind: 'invalid',
      field: 'partnership',
      message: 'A partnership of 91 % is above your own 90 %',
    });
    expect(await setPartnership('sm1', 'ma1', 7500)).toEqual({
      ok: true,
      message: 'Partnership of ma1 set to 75 %',
    });
    expect(await setPartnership('ma1', 'ag1', 7600)).toEqual({
      ok: false,
      kind: 'invalid',
      field: 'partnership',
      message: 'A partnership of 76 % is above your own 75 %',
    });

    const [admin, sm1, ma1, ag1] = ['admin', 'sm1', 'ma1', 'ag1'].map((name) => Number(id(name)));
    const ag1After = await q.findAgent(database.db, id('ag1'));
    const ma1After = await q.findAgent(database.db, id('ma1'));
    expect(ag1After?.takesId).not.toBe(ag1Before?.takesId);
    expect(await takesOf(ag1After?.takesId ?? null)).toEqual([
      [admin, 1000],
      [sm1, 1500],
      [ma1, 500],
      [ag1, 7000],
    ]);
    expect(await takesOf(ma1After?.takesId ?? null)).toEqual([
      [admin, 1000],
      [sm1, 1500],
      [ma1, 7500],
    ]);
    // The old version stays, as the bets placed under it settle with it.
    expect(await takesOf(ag1Before?.takesId ?? null)).toEqual([
      [admin, 1000],
      [sm1, 1000],
      [ma1, 1000],
      [ag1, 7000],
    ]);
    const client = await database.db
      .selectFrom('clients')
      .select('takes_id')
      .where('id', '=', id('cl1'))
      .executeTakeFirstOrThrow();
    expect(client.takes_id).toBe(ag1After?.takesId);

    expect(await back(cl1, 500)).toEqual({ Status: true, Result: BET_MESSAGES.placed });
    const after = await database.db
      .selectFrom('bets')
      .select(['id', 'takes_id'])
      .where('client_id', '=', id('cl1'))
      .orderBy('id')
      .execute();
    expect(after.map((bet) => bet.takes_id)).toEqual([
      ag1Before?.takesId,
      ag1Before?.takesId,
      ag1After?.takesId,
    ]);
    const audit = await database.db
      .selectFrom('operator_audit')
      .select(['actor', 'target', 'outcome'])
      .where('action', '=', 'agent.partnership')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => [row.actor, row.target, row.outcome])).toEqual([
      [
        'agent:sm1',
        'ma1',
        `refused: ag1 has a partnership of 70 %, above 60 %: ${AGENTS_TEXT.lowerChildren}`,
      ],
      ['agent:sm1', 'ma1', 'refused: A partnership of 91 % is above your own 90 %'],
      ['agent:sm1', 'ma1', 'done: Partnership of ma1 set to 75 %'],
      ['agent:ma1', 'ag1', 'refused: A partnership of 76 % is above your own 75 %'],
    ]);
  });
});

describe('passwords set from above', () => {
  it("ends the target's sessions: a client's and an agent's", async () => {
    const cl1 = (await login(app, 'cl1')).Token;
    const ag1 = await agentToken('ag1');
    const reset = (actor: string, username: string) =>
      agents.resetPassword(id(actor), {
        username,
        password: 'a new password',
        transactionPassword: TXN,
      });
    expect(await reset('ag1', 'cl1')).toEqual({ ok: true, message: 'Password of cl1 set' });
    expect(await clientSessionWorks(cl1)).toBe(false);
    await expect(login(app, 'cl1')).rejects.toThrow();
    expect((await login(app, 'cl1', 'a new password')).Token).toBeTruthy();
    expect(await reset('ma1', 'ag1')).toEqual({ ok: true, message: 'Password of ag1 set' });
    expect(await auth.authenticate(ag1)).toBeUndefined();
    expect(await agentLogin('ag1', 'a new password')).toMatchObject({ kind: 'success' });
    expect(await reset('ag1', 'ag1')).toEqual({
      ok: false,
      kind: 'refused',
      message: AGENTS_TEXT.ownSettings,
    });
  });
});
