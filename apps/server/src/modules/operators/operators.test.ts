import * as bo from '@backlay/contract/backoffice';
import { postUserBet } from '@backlay/contract/bets';
import { getBalanceDetail } from '@backlay/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestClient,
  login,
  OPERATOR_PASSWORD,
  OPS_TOKEN,
  operatorLogin,
  operatorToken,
  testClock,
} from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { scriptedFeed } from '../../../test/feed.js';
import { BET_MESSAGES } from '../bets/bets.service.js';
import { OPERATOR_INVALID } from './operators.service.js';
import { totpCode } from './totp.js';

let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
let admin: { token: string; secret: string };
let risk: { token: string; secret: string };
let support: { token: string; secret: string };

beforeAll(async () => {
  database = await createTestDatabase();
  const feed = scriptedFeed(database.db, clock, { staleMs: 3_600_000 });
  app = await buildTestApp(database.db, { clock, feed });
  admin = await operatorLogin(app, clock, 'ada', 'admin');
  risk = await operatorLogin(app, clock, 'rita', 'risk');
  support = await operatorLogin(app, clock, 'sam', 'support');
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const call = (
  method: 'GET' | 'POST',
  url: string,
  token: string | undefined,
  payload?: object,
  key?: string,
) =>
  app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...(token ? bearer(token) : {}), ...(key ? { 'idempotency-key': key } : {}) },
  });

async function balance(username: string): Promise<{ credit: number; main: number }> {
  const session = await login(app, username);
  const answer = getBalanceDetail.response.parse(
    (
      await app.inject({
        url: '/api/AmountModels/GetBalanceDetail',
        headers: bearer(session.Token),
      })
    ).json(),
  );
  if (!answer.Status) throw new Error(answer.Result);
  return { credit: answer.Result.CreditLimit, main: answer.Result.MainBalance };
}

describe('operator accounts', () => {
  it('logs in with password and the TOTP code; a wrong code, a replayed code and a client are refused', async () => {
    const me = await call('GET', bo.operatorMe.path, admin.token);
    expect(me.json()).toEqual({ Status: true, Result: { username: 'ada', role: 'admin' } });

    const login = (code: string, password = OPERATOR_PASSWORD) =>
      app.inject({
        method: 'POST',
        url: bo.operatorLogin.path,
        remoteAddress: '10.8.8.8',
        payload: { username: 'ada', password, code },
      });
    const good = totpCode(admin.secret, clock.now());
    const wrong = good === '000000' ? '111111' : '000000';
    expect((await login(wrong)).json()).toEqual({ Status: false, Result: OPERATOR_INVALID });
    expect((await login(good, 'not the password')).json()).toEqual({
      Status: false,
      Result: OPERATOR_INVALID,
    });
    // The code of this step logged ada in already (beforeAll): it works once.
    expect((await login(good)).json()).toEqual({
      Status: false,
      Result: 'This code was used already: wait for the next one',
    });
    clock.advance(30_000);
    const next = await login(totpCode(admin.secret, clock.now()));
    expect(next.json().Status).toBe(true);
    expect(next.json().Result.role).toBe('admin');
    expect(next.json().Result.idleS).toBe(15 * 60);
  });

  it('ends a session after 15 idle minutes, and at logout', async () => {
    clock.advance(30_000);
    const token = await operatorToken(app, clock, 'sam', support.secret);
    clock.advance(14 * 60_000);
    expect((await call('GET', bo.operatorMe.path, token)).statusCode).toBe(200);
    clock.advance(15 * 60_000);
    expect((await call('GET', bo.operatorMe.path, token)).statusCode).toBe(401);

    clock.advance(30_000);
    const again = await operatorToken(app, clock, 'sam', support.secret);
    expect((await call('POST', bo.operatorLogout.path, again)).json()).toEqual({
      Status: true,
      Result: 'Logged out',
    });
    expect((await call('GET', bo.operatorMe.path, again)).statusCode).toBe(401);
    // The clock moved half an hour: every operator logs in again.
    clock.advance(30_000);
    for (const [operator, name] of [
      [admin, 'ada'],
      [risk, 'rita'],
      [support, 'sam'],
    ] as const)
      operator.token = await operatorToken(app, clock, name, operator.secret);
  });

  it('admits each role only to its routes; a client token and the ops token to none', async () => {
    await createTestClient(database.db, 'olga', 0, clock);
    const client = await login(app, 'olga');
    const cases: [string, string | undefined, number][] = [
      ['support on risk', support.token, 403],
      ['risk on risk', risk.token, 200],
      ['admin on risk', admin.token, 200],
      ['client on risk', client.Token, 401],
      ['ops token on risk', OPS_TOKEN, 401],
      ['nobody on risk', undefined, 401],
    ];
    for (const [name, token, status] of cases) {
      const answer = await call('GET', bo.riskBook.path, token);
      expect(answer.statusCode, name).toBe(status);
    }
    expect((await call('GET', bo.boClients.path, support.token)).statusCode).toBe(200);
    expect((await call('GET', bo.boClients.path, risk.token)).statusCode).toBe(403);
    const credit = await call('POST', bo.boCredit.path, support.token, {
      username: 'olga',
      amount: 100,
    });
    expect(credit.statusCode).toBe(403);
    expect(credit.json()).toEqual({ Status: false, Result: 'The support role may not do this' });
    expect((await balance('olga')).credit).toBe(0);
  });
});

describe('operator money is never paid twice', () => {
  it('a credit retried with one key pays once; another body with the key is a 409', async () => {
    await createTestClient(database.db, 'paul', 0, clock);
    const body = { username: 'paul', amount: 500, remark: 'Deposit 1' };
    const first = await call('POST', bo.boCredit.path, admin.token, body, 'credit-key-0001');
    const second = await call('POST', bo.boCredit.path, admin.token, body, 'credit-key-0001');
    expect(first.json()).toEqual({
      Status: true,
      Result: 'Gave 500.00 to paul: credit 500.00, main balance 500.00',
    });
    expect(second.json()).toEqual(first.json());
    expect((await balance('paul')).credit).toBe(500);
    const other = await call(
      'POST',
      bo.boCredit.path,
      admin.token,
      { ...body, amount: 600 },
      'credit-key-0001',
    );
    expect(other.statusCode).toBe(409);
    expect((await balance('paul')).credit).toBe(500);
  });

  it('the CLI route honours the key too, each actor in its own key space', async () => {
    await createTestClient(database.db, 'quinn', 0, clock);
    const body = { username: 'quinn', amount: 250 };
    for (let n = 0; n < 3; n += 1) {
      const answer = await call('POST', '/api/ops/credit', OPS_TOKEN, body, 'cli-credit-key-1');
      expect(answer.json().Status).toBe(true);
    }
    expect((await balance('quinn')).credit).toBe(250);
    // The same key from an operator is theirs, not the CLI's.
    await call('POST', bo.boCredit.path, admin.token, body, 'cli-credit-key-1');
    expect((await balance('quinn')).credit).toBe(500);
  });

  it('audits every action with who, what, before and after; the log cannot be changed', async () => {
    await createTestClient(database.db, 'rosa', 0, clock);
    await call('POST', bo.boCredit.path, admin.token, { username: 'rosa', amount: 75.5 });
    const log = await call('GET', `${bo.boAudit.path}?operator=ada&take=5`, admin.token);
    const entries = bo.boAudit.response.parse(log.json());
    if (!entries.Status) throw new Error(entries.Result);
    expect(entries.Result.entries[0]).toMatchObject({
      operator: 'ada',
      action: bo.boCredit.path,
      target: 'rosa',
      before: { credit: '0.00', mainBalance: '0.00' },
      after: { credit: '75.50', mainBalance: '75.50' },
      outcome: 'done: Gave 75.50 to rosa: credit 75.50, main balance 75.50',
    });
    expect(entries.Result.entries.some((entry) => entry.action === bo.operatorLogin.path)).toBe(
      true,
    );
    await expect(sql`UPDATE operator_audit SET actor = 'x'`.execute(database.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM operator_audit`.execute(database.db)).rejects.toThrow(
      /append-only/,
    );
    // A hostile text (a lone surrogate) is logged as well-formed text, not refused by jsonb.
    const news = await call('POST', bo.boNews.path, admin.token, { message: 'Rain \ud800 delay' });
    expect(news.json()).toEqual({ Status: true, Result: 'News published' });
    const [logged] = (
      await call('GET', `${bo.boAudit.path}?operator=ada&take=1`, admin.token)
    ).json<{ Result: { entries: { after: unknown }[] } }>().Result.entries;
    expect(logged?.after).toEqual({ message: 'Rain \ufffd delay' });
    // The support role reads no audit log.
    expect((await call('GET', bo.boAudit.path, support.token)).statusCode).toBe(403);
  });
});

describe('client controls', () => {
  it("locks and unlocks a client's betting", async () => {
    const eventId = (
      await call('POST', '/api/ops/fixture-event', OPS_TOKEN, {
        sportId: 4,
        seriesName: 'Back office',
        name: 'Lions v Tigers',
        runners: ['Lions', 'Tigers'],
        inPlay: true,
      })
    ).json<{ Result: { eventId: number } }>().Result.eventId;
    await call('POST', '/api/ops/fixture-step', OPS_TOKEN, {
      eventId,
      step: {
        kind: 'prices',
        marketId: `1.${eventId}`,
        runners: [
          {
            selectionId: eventId * 100 + 1,
            back: [{ price: 1.9, size: 1000 }],
            lay: [{ price: 1.92, size: 1000 }],
          },
          {
            selectionId: eventId * 100 + 2,
            back: [{ price: 2.08, size: 1000 }],
            lay: [{ price: 2.1, size: 1000 }],
          },
        ],
      },
    });
    // An event's lock is logged with what it was before.
    for (const locked of [true, true, false])
      await call('POST', bo.boLockEvent.path, risk.token, { eventId, locked });
    const locks = (await call('GET', `${bo.boAudit.path}?operator=rita&take=3`, admin.token)).json<{
      Result: { entries: { target: string; before: unknown; after: unknown }[] };
    }>().Result.entries;
    expect(locks.map(({ target, before, after }) => ({ target, before, after }))).toEqual([
      { target: `event ${eventId}`, before: { locked: true }, after: { locked: false } },
      { target: `event ${eventId}`, before: { locked: true }, after: { locked: true } },
      { target: `event ${eventId}`, before: { locked: false }, after: { locked: true } },
    ]);
    await createTestClient(database.db, 'sid', 1000, clock);
    const session = await login(app, 'sid');
    const bet = async () =>
      (
        await call('POST', postUserBet.path, session.Token, {
          sportsId: 4,
          SelectionName: 'Lions',
          SelectionID: String(eventId * 100 + 1),
          Odds: 1.9,
          Price: 0,
          MarketType: 'MATCH_ODDS',
          MarketId: `1.${eventId}`,
          EventId: eventId,
          BetType: 'Back',
          BetStatus: 'Pending',
          Stack: 500,
        })
      ).json<{ Status: boolean; Result: string }>();

    expect(
      (
        await call('POST', bo.boLockBetting.path, admin.token, { username: 'sid', locked: true })
      ).json(),
    ).toEqual({ Status: true, Result: 'Betting of sid locked' });
    expect(await bet()).toEqual({ Status: false, Result: BET_MESSAGES.clientLocked });
    await call('POST', bo.boLockBetting.path, admin.token, { username: 'sid', locked: false });
    expect(await bet()).toEqual({ Status: true, Result: BET_MESSAGES.placed });
  });

  it("resets a client's password: their session ends, the new password logs in", async () => {
    await createTestClient(database.db, 'tara', 0, clock);
    const session = await login(app, 'tara');
    const reset = await call('POST', bo.boResetPassword.path, admin.token, {
      username: 'tara',
      password: 'a new password 1',
    });
    expect(reset.json()).toEqual({
      Status: true,
      Result: 'Password of tara reset; their sessions ended',
    });
    const read = await app.inject({
      url: '/api/AmountModels/GetBalanceDetail',
      headers: bearer(session.Token),
    });
    expect(read.statusCode).toBe(401);
    expect((await login(app, 'tara', 'a new password 1')).UserName).toBe('tara');
  });
});
