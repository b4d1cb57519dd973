import { createHash } from 'node:crypto';
import {
  casinoLaunch,
  casinoProviderBalance,
  casinoProviderCredit,
  casinoProviderDebit,
  casinoProviderSession,
  setWinningLimit,
} from '@backlay/contract/casino';
import { getAccountStatement, getProfitLoss } from '@backlay/contract/reports';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  buildTestApp,
  CASINO_SECRET,
  createTestClient,
  login,
  OPS_TOKEN,
  testClock,
} from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { inTransaction } from '../../db/pool.js';
import { runCli } from '../../ops/cli.js';
import { systemRandom } from '../../seams.js';
import { auditMoney, ledgerRows, positionRows } from '../wallet/wallet.audit.js';
import { readWallet } from '../wallet/wallet.service.js';
import { casinoFrameOrigins, casinoFrameUrl } from './casino-url.js';
import { CASINO_ANSWERS } from './casino-answers.js';
import { capWinnings } from './casino-money.js';
import { createCasinoService } from './casino.service.js';

const PROVIDER_PORT = 9123;

let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
/** What the hub was asked to tell one client's connections. */
const toUser: { clientId: string; target: string; payload: unknown }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db, {
    clock,
    casinoPort: PROVIDER_PORT,
    publisher: {
      toAll: () => {},
      toGroup: () => {},
      toUser: (clientId, push) => toUser.push({ clientId, ...push }),
    },
  });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

/** A new client with `credit` rupees, logged in. */
async function player(username: string, credit = 10_000) {
  await createTestClient(database.db, username, credit, clock);
  return (await login(app, username)).Token;
}

async function launch(token: string, gameId = 'sevenupsevendown') {
  const response = await app.inject({
    method: 'POST',
    url: casinoLaunch.path,
    headers: bearer(token),
    payload: { gameId },
  });
  expect(response.statusCode).toBe(200);
  const body = casinoLaunch.response.parse(response.json());
  if (!body.Status) throw new Error(body.Result);
  return body.Result;
}

const launchToken = (url: string) => new URL(url).searchParams.get('token') ?? '';

function provider(path: string, payload: object, secret: string | null = CASINO_SECRET) {
  return app.inject({
    method: 'POST',
    url: path,
    headers: secret === null ? {} : bearer(secret),
    payload,
  });
}

async function exchange(token: string) {
  const response = await provider(casinoProviderSession.path, { token });
  expect(response.statusCode).toBe(200);
  return casinoProviderSession.response.parse(response.json());
}

/** Launches and exchanges: the provider session of a fresh launch. */
async function sessionOf(clientToken: string) {
  const answer = await exchange(launchToken((await launch(clientToken)).Url));
  if (!answer.Status) throw new Error(answer.Result);
  return answer.Result.session;
}

async function debit(session: string, roundId: string, amount: number) {
  return provider(casinoProviderDebit.path, { session, roundId, amount });
}

async function debited(session: string, roundId: string, amount: number) {
  const response = await debit(session, roundId, amount);
  expect(response.statusCode).toBe(200);
  return casinoProviderDebit.response.parse(response.json());
}

async function credit(session: string, roundId: string, amount: number, detail = 'round') {
  return provider(casinoProviderCredit.path, { session, roundId, amount, detail });
}

async function credited(session: string, roundId: string, amount: number, detail = 'round') {
  const response = await credit(session, roundId, amount, detail);
  expect(response.statusCode).toBe(200);
  return casinoProviderCredit.response.parse(response.json());
}

async function detail(token: string) {
  return (
    await app.inject({ url: '/api/AmountModels/GetBalanceDetail', headers: bearer(token) })
  ).json<{ Result: { CreditLimit: number; PL: number; Exposure: number; MainBalance: number } }>()
    .Result;
}

const ledgerRowsOf = (roundId: string) => ledgerRows(database.db, { marketId: roundId });

async function holdsOf(roundId: string) {
  const positions = await positionRows(database.db);
  return positions
    .filter((position) => position.positionKey === `casino:${roundId}`)
    .map((position) => ({ exposurePaise: position.exposurePaise }));
}

async function setLimit(username: string, rupees: number | null) {
  const response = await app.inject({
    method: 'POST',
    url: setWinningLimit.path,
    headers: bearer(OPS_TOKEN),
    payload: { username, rupees },
  });
  expect(response.statusCode).toBe(200);
  return setWinningLimit.response.parse(response.json());
}

/**
 * Money is conserved: the ledger sums to zero, every wallet's totals are its rows' sums, and the
 * exposure held by the wallet totals is the sum of the positions.
 */
async function expectBalanced() {
  const audit = await auditMoney(database.db);
  expect(audit.ledgerTotal).toBe(0n);
  expect(audit.walletExposure).toBe(audit.positionExposure);
  expect(audit.accountsOffLedger).toEqual([]);
}

describe('casino launch', () => {
  it('answers a frame URL with a one-use launch token, never the bearer token', async () => {
    const token = await player('launcher');
    const before = clock.now().getTime();
    const launched = await launch(token);
    const url = new URL(launched.Url);
    expect(`${url.origin}${url.pathname}`).toBe(
      `http://localhost:${PROVIDER_PORT}/sevenupsevendown`,
    );
    expect(url.searchParams.get('company')).toBe('backlay');
    expect(launchToken(launched.Url)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(launched.Url).not.toContain(token);
    expect(launched.Url).not.toContain(encodeURIComponent(token));
    expect(new Date(launched.ExpiresAt).getTime()).toBe(before + 60_000);
    // Only the token's SHA-256 is kept.
    const hash = createHash('sha256').update(launchToken(launched.Url)).digest();
    const stored = await database.db
      .selectFrom('casino_launches')
      .selectAll()
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ game_id: 'sevenupsevendown', used_at: null });
    expect(JSON.stringify(stored)).not.toContain(launchToken(launched.Url));
  });

  it('names the host the visitor used, or CASINO_URL when configured', () => {
    const settings = { url: undefined, port: 8081, company: 'skyexch' };
    expect(
      casinoFrameUrl(settings, { gameId: 'roulette', token: 'abc', hostname: 'skyexch.localhost' }),
    ).toBe('http://skyexch.localhost:8081/roulette?company=skyexch&token=abc');
    expect(casinoFrameUrl(settings, { gameId: 'lottery', token: 't', hostname: '::1' })).toBe(
      'http://[::1]:8081/lottery?company=skyexch&token=t',
    );
    expect(
      casinoFrameUrl(
        { ...settings, url: 'https://games.example.com/play/' },
        { gameId: 'lottery', token: 't+/', hostname: 'x' },
      ),
    ).toBe('https://games.example.com/play/lottery?company=skyexch&token=t%2B%2F');
    expect(casinoFrameOrigins({ url: undefined, port: 8081 })).toEqual([
      'http://*:8081',
      'https://*:8081',
    ]);
    expect(casinoFrameOrigins({ url: 'https://games.example.com/play', port: 8081 })).toEqual([
      'https://games.example.com',
    ]);
  });

  it('lets the provider frame in through the CSP', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain(
      `frame-src 'self' http://*:${PROVIDER_PORT} https://*:${PROVIDER_PORT}`,
    );
  });

  it('needs a client session and a lobby game', async () => {
    const anonymous = await app.inject({
      method: 'POST',
      url: casinoLaunch.path,
      payload: { gameId: 'roulette' },
    });
    expect(anonymous.statusCode).toBe(401);
    const operator = await app.inject({
      method: 'POST',
      url: casinoLaunch.path,
      headers: bearer(OPS_TOKEN),
      payload: { gameId: 'roulette' },
    });
    expect(operator.statusCode).toBe(401);
    const token = await player('lobbyist');
    const unknown = await app.inject({
      method: 'POST',
      url: casinoLaunch.path,
      headers: bearer(token),
      payload: { gameId: 'blackjack' },
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('the provider session', () => {
  it('exchanges a launch token once for the player, their balance and winning limit', async () => {
    const token = await player('exchanger', 2_500);
    const launched = await launch(token, 'roulette');
    const first = await exchange(launchToken(launched.Url));
    expect(first).toMatchObject({
      Status: true,
      Result: { name: 'exchanger', gameId: 'roulette', balance: 2_500, winLimit: 100_000 },
    });
    expect(first.Status && first.Result.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await exchange(launchToken(launched.Url))).toEqual({
      Status: false,
      Result: CASINO_ANSWERS.usedToken,
    });
  });

  it('refuses a launch token after its minute, and an unknown one', async () => {
    const token = await player('latecomer');
    const early = await launch(token);
    const late = await launch(token);
    clock.advance(59_999);
    expect((await exchange(launchToken(early.Url))).Status).toBe(true);
    clock.advance(1);
    expect(await exchange(launchToken(late.Url))).toEqual({
      Status: false,
      Result: CASINO_ANSWERS.expiredToken,
    });
    expect(await exchange('not-a-token')).toEqual({
      Status: false,
      Result: CASINO_ANSWERS.unknownToken,
    });
  });

  it('ends with the bearer session and after 30 minutes without a call', async () => {
    const token = await player('leaver');
    const session = await sessionOf(token);
    const pending = launchToken((await launch(token)).Url);
    const balance = () => provider(casinoProviderBalance.path, { session });
    expect((await balance()).json()).toEqual({ Status: true, Result: { balance: 10_000 } });
    clock.advance(29 * 60_000);
    expect((await balance()).json()).toMatchObject({ Status: true });
    clock.advance(30 * 60_000);
    expect((await balance()).json()).toEqual({
      Status: false,
      Result: CASINO_ANSWERS.unknownSession,
    });

    const fresh = await login(app, 'leaver');
    const live = await sessionOf(fresh.Token);
    const unused = launchToken((await launch(fresh.Token)).Url);
    await app.inject({ url: '/api/Authenticate/logout', headers: bearer(fresh.Token) });
    expect((await provider(casinoProviderBalance.path, { session: live })).json()).toEqual({
      Status: false,
      Result: CASINO_ANSWERS.unknownSession,
    });
    expect(await exchange(unused)).toEqual({ Status: false, Result: CASINO_ANSWERS.loggedOut });
    expect((await exchange(pending)).Status).toBe(false);
  });

  it('answers 401 without the casino secret, and to client or operator tokens', async () => {
    const token = await player('intruder');
    const tokenForExchange = launchToken((await launch(token)).Url);
    for (const secret of [null, 'wrong-secret', token, OPS_TOKEN, `${CASINO_SECRET}x`]) {
      for (const path of [
        casinoProviderSession.path,
        casinoProviderDebit.path,
        casinoProviderCredit.path,
        casinoProviderBalance.path,
      ]) {
        const response = await provider(path, { token: tokenForExchange }, secret);
        expect(response.statusCode, `${path} with ${secret}`).toBe(401);
      }
    }
    // The token was not spent by the refused calls.
    expect((await exchange(tokenForExchange)).Status).toBe(true);
  });
});

describe('casino rounds', () => {
  it('holds the stake as exposure, once per round id; another payload is a 409', async () => {
    const token = await player('holder', 1_000);
    const session = await sessionOf(token);
    const first = await debited(session, 'round-hold-0001', 250);
    expect(first).toEqual({ Status: true, Result: { balance: 750, roundId: 'round-hold-0001' } });
    expect(await debited(session, 'round-hold-0001', 250)).toEqual(first);
    expect(await holdsOf('round-hold-0001')).toEqual([{ exposurePaise: 25_000n }]);
    expect(await detail(token)).toMatchObject({ Exposure: 250, MainBalance: 750 });

    const other = await debit(session, 'round-hold-0001', 300);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ Status: false, Result: CASINO_ANSWERS.roundConflict });
    // Another player's round id is taken.
    const stranger = await sessionOf(await player('stranger', 1_000));
    expect((await debit(stranger, 'round-hold-0001', 250)).statusCode).toBe(409);
    expect(await detail(token)).toMatchObject({ Exposure: 250 });
    await expectBalanced();
  });

  it("tells the player's connections each time a round moves money, not on a replay or a refusal", async () => {
    await createTestClient(database.db, 'pushed', 1_000, clock);
    const { Token: token, uid } = await login(app, 'pushed');
    const session = await sessionOf(token);
    toUser.length = 0;
    await debited(session, 'round-push-0001', 100);
    await debited(session, 'round-push-0001', 100);
    expect((await debit(session, 'round-push-0002', 5_000)).json()).toMatchObject({
      Status: false,
    });
    await credited(session, 'round-push-0001', 200, 'won');
    await credited(session, 'round-push-0001', 200, 'won');
    expect(toUser).toEqual([
      { clientId: String(uid), target: 'UpdateBalance', payload: { Reason: 'casino' } },
      { clientId: String(uid), target: 'UpdateBalance', payload: { Reason: 'casino' } },
    ]);
  });

  it('refuses a stake the available balance cannot cover, holding nothing', async () => {
    const token = await player('spender', 100);
    const session = await sessionOf(token);
    expect(await debited(session, 'round-over-0001', 100.01)).toEqual({
      Status: false,
      Result: CASINO_ANSWERS.insufficient,
    });
    expect(await holdsOf('round-over-0001')).toEqual([]);
    expect((await debited(session, 'round-over-0002', 60)).Status).toBe(true);
    expect(await debited(session, 'round-over-0003', 40.01)).toMatchObject({ Status: false });
    expect(await detail(token)).toMatchObject({ Exposure: 60, MainBalance: 40 });
    await expectBalanced();
  });

  it('validates amounts and round ids at the contract', async () => {
    const session = await sessionOf(await player('validator'));
    for (const amount of [0, -5, 1.005, 10_000_000.01]) {
      expect((await debit(session, 'round-bad-00001', amount)).statusCode, String(amount)).toBe(
        400,
      );
    }
    expect((await debit(session, 'short', 10)).statusCode).toBe(400);
    expect((await debit(session, 'round with spaces', 10)).statusCode).toBe(400);
    expect((await credit(session, 'round-bad-00001', -1)).statusCode).toBe(400);
    expect(await holdsOf('round-bad-00001')).toEqual([]);
  });

  it('settles a round once: one ledger pair of the net result, the hold released', async () => {
    const token = await player('settler', 1_000);
    const session = await sessionOf(token);
    await debited(session, 'round-win-00001', 100);
    const won = await credited(session, 'round-win-00001', 500, 'dice 3 + 4 = 7; bet seven');
    expect(won).toEqual({
      Status: true,
      Result: { balance: 1_400, roundId: 'round-win-00001', paid: 500 },
    });
    expect(await credited(session, 'round-win-00001', 500, 'dice 3 + 4 = 7; bet seven')).toEqual(
      won,
    );
    const other = await credit(session, 'round-win-00001', 0, 'dice 1 + 1 = 2; bet seven');
    expect(other.statusCode).toBe(409);

    const rows = await ledgerRowsOf('round-win-00001');
    expect(rows.map((row) => row.amountPaise).sort()).toEqual([-40_000n, 40_000n]);
    expect(new Set(rows.map((row) => row.txnId)).size).toBe(1);
    expect(rows[0]).toMatchObject({
      kind: 'profit_loss',
      marketType: 'CASINO',
      description: 'Casino - 7 Up Down',
      remark: '7 Up Down round round-wi… : won ₹ 400.00',
    });
    expect(await holdsOf('round-win-00001')).toEqual([]);
    expect(await detail(token)).toMatchObject({ PL: 400, Exposure: 0, MainBalance: 1_400 });

    await debited(session, 'round-lose-0001', 300);
    expect(await credited(session, 'round-lose-0001', 0, 'lost')).toEqual({
      Status: true,
      Result: { balance: 1_100, roundId: 'round-lose-0001', paid: 0 },
    });
    expect((await ledgerRowsOf('round-lose-0001')).map((row) => row.remark)).toContain(
      '7 Up Down round round-lo… : lost ₹ 300.00',
    );
    // A round that breaks even releases the hold and writes nothing.
    await debited(session, 'round-even-0001', 50);
    expect((await credited(session, 'round-even-0001', 50)).Status).toBe(true);
    expect(await ledgerRowsOf('round-even-0001')).toEqual([]);
    expect(await detail(token)).toMatchObject({ PL: 100, Exposure: 0, MainBalance: 1_100 });
    await expectBalanced();
  });

  it('pays concurrent credits of one round once', async () => {
    const token = await player('racer', 1_000);
    const session = await sessionOf(token);
    const debits = await Promise.all(
      Array.from({ length: 4 }, () => debited(session, 'round-race-0001', 100)),
    );
    expect(new Set(debits.map((answer) => JSON.stringify(answer))).size).toBe(1);
    const credits = await Promise.all(
      Array.from({ length: 5 }, () => credited(session, 'round-race-0001', 200)),
    );
    expect(new Set(credits.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(credits[0]).toMatchObject({ Status: true, Result: { paid: 200, balance: 1_100 } });
    expect(await ledgerRowsOf('round-race-0001')).toHaveLength(2);
    expect(await detail(token)).toMatchObject({ PL: 100, Exposure: 0, MainBalance: 1_100 });
    await expectBalanced();
  });

  it("refuses a credit for an unknown round or another player's round", async () => {
    const owner = await sessionOf(await player('owner', 1_000));
    const thief = await sessionOf(await player('thief', 1_000));
    await debited(owner, 'round-mine-0001', 100);
    expect(await credited(thief, 'round-mine-0001', 1_000)).toEqual({
      Status: false,
      Result: CASINO_ANSWERS.unknownRound,
    });
    expect(await credited(owner, 'round-none-0001', 1_000)).toEqual({
      Status: false,
      Result: CASINO_ANSWERS.unknownRound,
    });
    expect(await ledgerRowsOf('round-mine-0001')).toEqual([]);
    expect(await holdsOf('round-mine-0001')).toHaveLength(1);
  });
});

describe('the winning limit', () => {
  it('caps net winnings, never a loss', () => {
    expect(capWinnings(100n, 0n, 1_000n)).toEqual({
      paidPaise: 0n,
      netPaise: -100n,
      isCapped: false,
    });
    expect(capWinnings(100n, 1_100n, 1_000n)).toEqual({
      paidPaise: 1_100n,
      netPaise: 1_000n,
      isCapped: false,
    });
    expect(capWinnings(100n, 1_101n, 1_000n)).toEqual({
      paidPaise: 1_100n,
      netPaise: 1_000n,
      isCapped: true,
    });
    expect(capWinnings(100n, 50_000n, 0n)).toEqual({
      paidPaise: 100n,
      netPaise: 0n,
      isCapped: true,
    });
  });

  it('does not pay net winnings above CASINO_WIN_LIMIT by default', async () => {
    const token = await player('highroller', 50_000);
    const session = await sessionOf(token);
    await debited(session, 'round-cap-00001', 40_000);
    const answer = await credited(session, 'round-cap-00001', 200_000);
    // Net 160,000 capped at the default 100,000: 140,000 back.
    expect(answer).toEqual({
      Status: true,
      Result: { balance: 150_000, roundId: 'round-cap-00001', paid: 140_000 },
    });
    expect((await ledgerRowsOf('round-cap-00001')).map((row) => row.remark)).toContain(
      '7 Up Down round round-ca… : won ₹ 100000.00 (winnings above the winning limit of ₹ 100000.00 are not paid)',
    );
    await expectBalanced();
  });

  it("follows the client's own limit set by the operator, until it is cleared", async () => {
    const token = await player('limited', 1_000);
    expect(await setLimit('limited', 250)).toEqual({
      Status: true,
      Result: 'Winning limit of limited set to 250.00',
    });
    const launched = await exchange(launchToken((await launch(token)).Url));
    expect(launched).toMatchObject({ Status: true, Result: { winLimit: 250 } });
    const session = launched.Status ? launched.Result.session : '';
    await debited(session, 'round-own-00001', 100);
    expect(await credited(session, 'round-own-00001', 500)).toMatchObject({
      Result: { paid: 350, balance: 1_250 },
    });
    expect(await setLimit('limited', null)).toEqual({
      Status: true,
      Result: 'Winning limit of limited back to the default (100000.00)',
    });
    await debited(session, 'round-own-00002', 100);
    expect(await credited(session, 'round-own-00002', 500)).toMatchObject({
      Result: { paid: 500, balance: 1_650 },
    });
    expect(await setLimit('nobody-here', 10)).toEqual({
      Status: false,
      Result: "No client named 'nobody-here'",
    });
    const client = await app.inject({
      method: 'POST',
      url: setWinningLimit.path,
      headers: bearer(token),
      payload: { username: 'limited', rupees: 1 },
    });
    expect(client.statusCode).toBe(401);
    await expectBalanced();
  });

  it('is set and cleared with npm run ops -- set-winning-limit', async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(console, 'log').mockImplementation(
      (...args: unknown[]) => void out.push(args.join(' ')),
    );
    vi.spyOn(console, 'error').mockImplementation(
      (...args: unknown[]) => void err.push(args.join(' ')),
    );
    const env = { OPS_URL: base, OPS_TOKEN };
    await createTestClient(database.db, 'clipped', 0, clock);
    expect(await runCli(['set-winning-limit', 'clipped', '750.5'], env)).toBe(0);
    expect(await runCli(['set-winning-limit', 'clipped', 'default'], env)).toBe(0);
    expect(out).toEqual([
      'Winning limit of clipped set to 750.50',
      'Winning limit of clipped back to the default (100000.00)',
    ]);
    expect(await runCli(['set-winning-limit', 'clipped', 'lots'], env)).toBe(1);
    expect(err.join('\n')).toContain('Usage: npm run ops -- set-winning-limit');
    vi.restoreAllMocks();
    const row = await database.db
      .selectFrom('clients')
      .select('casino_win_limit_paise')
      .where('username', '=', 'clipped')
      .executeTakeFirstOrThrow();
    expect(row.casino_win_limit_paise).toBeNull();
  });
});

describe('casino rounds in the reports', () => {
  it('conserves money and shows each round in the statement and the game in the P/L', async () => {
    const token = await player('reporter', 5_000);
    const session = await sessionOf(token);
    const rounds: [string, number, number][] = [
      ['round-rep-00001', 500, 1_000],
      ['round-rep-00002', 1_000, 0],
      ['round-rep-00003', 100, 500],
      ['round-rep-00004', 5_000, 0],
    ];
    let expected = 5_000;
    for (const [roundId, stake, payout] of rounds) {
      if (stake > expected) break;
      await debited(session, roundId, stake);
      const answer = await credited(session, roundId, payout);
      expected += (answer.Status ? answer.Result.paid : 0) - stake;
      expect(answer).toMatchObject({ Status: true, Result: { balance: expected } });
    }
    // 5,000 + 500 − 1,000 + 400 = 4,900: the fourth stake no longer fits.
    expect(expected).toBe(4_900);
    expect(await debited(session, 'round-rep-00004', 5_000)).toMatchObject({ Status: false });
    expect(await detail(token)).toMatchObject({ MainBalance: 4_900, PL: -100, Exposure: 0 });

    const day = clock.now().toISOString().slice(0, 10);
    const statement = getAccountStatement.response.parse(
      (
        await app.inject({
          url: `${getAccountStatement.path}?type=ProfitLoss&startDate=${day}&endDate=${day}`,
          headers: bearer(token),
        })
      ).json(),
    );
    expect(statement.Status && statement.Result.map((row) => [row.Amount, row.Remark])).toEqual([
      [500, '7 Up Down round round-re… : won ₹ 500.00'],
      [-1_000, '7 Up Down round round-re… : lost ₹ 1000.00'],
      [400, '7 Up Down round round-re… : won ₹ 400.00'],
    ]);
    expect(
      statement.Status &&
        statement.Result.every(
          (row) => row.MarketType === 'CASINO' && row.Discription === 'Casino - 7 Up Down',
        ),
    ).toBe(true);

    const profitLoss = (query: string) =>
      app
        .inject({
          url: `${getProfitLoss.path}?startDate=${day}&endDate=${day}${query}`,
          headers: bearer(token),
        })
        .then((response) => getProfitLoss.response.parse(response.json()));
    expect(await profitLoss('')).toMatchObject({
      Status: true,
      count: 1,
      Result: [
        { Discription: 'Casino - 7 Up Down', Amount: -100, Commission: 0, EventId: 5_000_002 },
      ],
    });
    expect(await profitLoss('&sportsId=4')).toMatchObject({ Status: true, count: 0, Result: [] });
    await expectBalanced();
  });
});

/** The service as the operator's console calls it, on the test database and clock. */
const balanceChanged: string[] = [];
const operatorCasino = () =>
  createCasinoService({
    db: database.db,
    clock,
    random: systemRandom,
    defaultWinLimitPaise: 100_000_00,
    onBalanceChanged: (clientId) => balanceChanged.push(clientId),
  });

/** A new client with `credit` rupees: their id and a provider session. */
async function playerWithId(username: string, credit: number) {
  const clientId = await createTestClient(database.db, username, credit, clock);
  const session = await sessionOf((await login(app, username)).Token);
  return { clientId, session };
}

/** The client's wallet in exact paise. */
async function paiseOf(clientId: string) {
  const wallet = await readWallet(database.db, clientId);
  return { pl: wallet.pl, exposure: wallet.exposure, main: wallet.mainBalance };
}

async function roundRow(roundId: string) {
  return database.db
    .selectFrom('casino_rounds')
    .select(['client_id', 'status', 'stake_paise', 'void_reason'])
    .where('round_id', '=', roundId)
    .executeTakeFirst();
}

describe('a refused Debit', () => {
  it('is kept against its round id: the same request is refused again, another is a 409', async () => {
    const { clientId, session } = await playerWithId('refused1', 100);
    expect(await debited(session, 'round-refd-0001', 150)).toEqual({
      Status: false,
      Result: CASINO_ANSWERS.insufficient,
    });
    expect(await roundRow('round-refd-0001')).toEqual({
      client_id: clientId,
      status: 'refused',
      stake_paise: null,
      void_reason: null,
    });
    // The player wins elsewhere: 150 would fit now, but the round id keeps its refusal.
    await debited(session, 'round-refd-0002', 50);
    await credited(session, 'round-refd-0002', 250);
    expect(await paiseOf(clientId)).toEqual({ pl: 200_00n, exposure: 0n, main: 300_00n });
    expect(await debited(session, 'round-refd-0001', 150)).toEqual({
      Status: false,
      Result: CASINO_ANSWERS.insufficient,
    });
    const other = await debit(session, 'round-refd-0001', 100);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ Status: false, Result: CASINO_ANSWERS.roundConflict });
    const { session: stranger } = await playerWithId('refused2', 1_000);
    expect((await debit(stranger, 'round-refd-0001', 150)).statusCode).toBe(409);
    expect(await holdsOf('round-refd-0001')).toEqual([]);
    expect(await paiseOf(clientId)).toEqual({ pl: 200_00n, exposure: 0n, main: 300_00n });
    await expectBalanced();
  });

  it('refuses a Credit of the refused round clearly and moves no money', async () => {
    const { clientId, session } = await playerWithId('refused3', 100);
    expect((await debited(session, 'round-refd-0003', 100.01)).Status).toBe(false);
    balanceChanged.length = 0;
    toUser.length = 0;
    expect(await credited(session, 'round-refd-0003', 500)).toEqual({
      Status: false,
      Result: CASINO_ANSWERS.refusedRound,
    });
    expect(await ledgerRowsOf('round-refd-0003')).toEqual([]);
    expect(await paiseOf(clientId)).toEqual({ pl: 0n, exposure: 0n, main: 100_00n });
    expect(toUser).toEqual([]);
    expect((await roundRow('round-refd-0003'))?.status).toBe('refused');
    await expectBalanced();
  });

  it('is kept for an unknown provider session too, with no player', async () => {
    expect(await debited('no-such-session', 'round-ghost-001', 10)).toEqual({
      Status: false,
      Result: CASINO_ANSWERS.unknownSession,
    });
    expect(await roundRow('round-ghost-001')).toEqual({
      client_id: null,
      status: 'refused',
      stake_paise: null,
      void_reason: null,
    });
    expect(await debited('no-such-session', 'round-ghost-001', 10)).toEqual({
      Status: false,
      Result: CASINO_ANSWERS.unknownSession,
    });
    expect((await debit('another-unknown-session', 'round-ghost-001', 10)).statusCode).toBe(409);
    const { clientId, session } = await playerWithId('ghosted', 1_000);
    expect((await debit(session, 'round-ghost-001', 10)).statusCode).toBe(409);
    expect(await credited(session, 'round-ghost-001', 20)).toEqual({
      Status: false,
      Result: CASINO_ANSWERS.refusedRound,
    });
    expect(await paiseOf(clientId)).toEqual({ pl: 0n, exposure: 0n, main: 1_000_00n });

    // A player's open round is not touched by a Debit from an unknown session.
    await debited(session, 'round-ghost-002', 100);
    expect(await debited('no-such-session', 'round-ghost-002', 100)).toEqual({
      Status: false,
      Result: CASINO_ANSWERS.unknownSession,
    });
    expect(await roundRow('round-ghost-002')).toMatchObject({
      client_id: clientId,
      status: 'open',
    });
    expect(await paiseOf(clientId)).toEqual({ pl: 0n, exposure: 100_00n, main: 900_00n });
    await expectBalanced();
  });
});

describe("an operator's void of a stuck round", () => {
  it('lists the open rounds oldest first, and those opened before a given time', async () => {
    const { clientId, session } = await playerWithId('stuck1', 1_000);
    const openedAt = clock.now();
    await debited(session, 'round-stuck-001', 100);
    clock.advance(60_000);
    await debited(session, 'round-stuck-002', 50.25);
    await debited(session, 'round-stuck-003', 10);
    await credited(session, 'round-stuck-003', 0);
    const casino = operatorCasino();
    const mine = (rounds: Awaited<ReturnType<typeof casino.openRounds>>) =>
      rounds.filter((round) => round.username === 'stuck1');
    expect(mine(await casino.openRounds())).toEqual([
      {
        roundId: 'round-stuck-001',
        clientId,
        username: 'stuck1',
        gameId: 'sevenupsevendown',
        stakePaise: 100_00n,
        openedAt,
      },
      {
        roundId: 'round-stuck-002',
        clientId,
        username: 'stuck1',
        gameId: 'sevenupsevendown',
        stakePaise: 50_25n,
        openedAt: new Date(openedAt.getTime() + 60_000),
      },
    ]);
    const older = await casino.openRounds(new Date(openedAt.getTime() + 30_000));
    expect(mine(older).map((round) => round.roundId)).toEqual(['round-stuck-001']);
    const all = await casino.openRounds();
    expect(all.map((round) => round.openedAt.getTime())).toEqual(
      all.map((round) => round.openedAt.getTime()).sort((a, b) => a - b),
    );
    expect(all.some((round) => round.roundId === 'round-refd-0001')).toBe(false);
  });

  it('releases the held stake once; a second void and a later Credit are refused', async () => {
    const { clientId, session } = await playerWithId('stuck2', 1_000);
    const debitAnswer = await debited(session, 'round-void-0001', 250);
    expect(debitAnswer).toEqual({
      Status: true,
      Result: { balance: 750, roundId: 'round-void-0001' },
    });
    expect(await paiseOf(clientId)).toEqual({ pl: 0n, exposure: 250_00n, main: 750_00n });

    const casino = operatorCasino();
    balanceChanged.length = 0;
    const voided = await casino.voidRound('round-void-0001', '  provider lost the round  ');
    expect(voided).toEqual({
      ok: true,
      message: 'Voided round round-void-0001 of stuck2 (7 Up Down): stake ₹ 250.00 released',
      before: {
        roundId: 'round-void-0001',
        status: 'open',
        clientId,
        gameId: 'sevenupsevendown',
        stakePaise: '25000',
      },
      after: {
        roundId: 'round-void-0001',
        status: 'voided',
        clientId,
        gameId: 'sevenupsevendown',
        stakePaise: '25000',
        voidReason: 'provider lost the round',
        releasedPaise: '25000',
      },
    });
    expect(balanceChanged).toEqual([clientId]);
    expect(await holdsOf('round-void-0001')).toEqual([]);
    expect(await paiseOf(clientId)).toEqual({ pl: 0n, exposure: 0n, main: 1_000_00n });
    expect(await roundRow('round-void-0001')).toEqual({
      client_id: clientId,
      status: 'voided',
      stake_paise: '25000',
      void_reason: 'provider lost the round',
    });

    const again = await casino.voidRound('round-void-0001', 'twice');
    expect(again.ok).toBe(false);
    expect(again.message).toMatch(/^Round round-void-0001 was voided already at .*: its stake/);
    expect(again.after).toBeUndefined();
    expect(balanceChanged).toEqual([clientId]);

    expect(await credited(session, 'round-void-0001', 500)).toEqual({
      Status: false,
      Result: CASINO_ANSWERS.voidedRound,
    });
    expect(await ledgerRowsOf('round-void-0001')).toEqual([]);
    // A repeated Debit gets its stored answer and holds nothing again; another payload a 409.
    expect(await debited(session, 'round-void-0001', 250)).toEqual(debitAnswer);
    expect((await debit(session, 'round-void-0001', 300)).statusCode).toBe(409);
    expect(await holdsOf('round-void-0001')).toEqual([]);
    expect(await paiseOf(clientId)).toEqual({ pl: 0n, exposure: 0n, main: 1_000_00n });
    expect((await casino.openRounds()).map((round) => round.roundId)).not.toContain(
      'round-void-0001',
    );
    await expectBalanced();
  });

  it('refuses to void a settled, refused or unknown round, or without a reason, moving nothing', async () => {
    const { clientId, session } = await playerWithId('stuck3', 1_000);
    await debited(session, 'round-done-0001', 100);
    await credited(session, 'round-done-0001', 300);
    await debited(session, 'round-done-0002', 5_000);
    await debited(session, 'round-done-0003', 40);
    const wallet = await paiseOf(clientId);
    expect(wallet).toEqual({ pl: 200_00n, exposure: 40_00n, main: 1_160_00n });
    const casino = operatorCasino();
    balanceChanged.length = 0;

    const settled = await casino.voidRound('round-done-0001', 'late');
    expect(settled).toMatchObject({ ok: false, before: { status: 'settled' } });
    expect(settled.message).toMatch(/^Round round-done-0001 was settled by its Credit at /);
    expect(await casino.voidRound('round-done-0002', 'late')).toMatchObject({
      ok: false,
      message: 'Round round-done-0002 was refused at its Debit: it holds no stake',
    });
    expect(await casino.voidRound('round-none-9999', 'late')).toEqual({
      ok: false,
      message: 'No casino round round-none-9999',
    });
    expect(await casino.voidRound('round-done-0003', '   ')).toEqual({
      ok: false,
      message: 'Give the reason for voiding the round',
    });
    expect(balanceChanged).toEqual([]);
    expect(await paiseOf(clientId)).toEqual(wallet);
    expect(await ledgerRowsOf('round-done-0001')).toHaveLength(2);
    expect((await roundRow('round-done-0003'))?.status).toBe('open');
    await expectBalanced();
  });

  it("voids on the caller's transaction: nothing stays when it rolls back", async () => {
    const { clientId, session } = await playerWithId('stuck4', 500);
    await debited(session, 'round-txn-00001', 125.5);
    const casino = operatorCasino();
    const moved: string[] = [];
    await expect(
      inTransaction(database.db, async (tx) => {
        const outcome = await casino.voidRoundIn(tx, 'round-txn-00001', 'audit failed', (id) =>
          moved.push(id),
        );
        expect(outcome.ok).toBe(true);
        throw new Error('the audit row could not be written');
      }),
    ).rejects.toThrow('the audit row could not be written');
    expect((await roundRow('round-txn-00001'))?.status).toBe('open');
    expect(await paiseOf(clientId)).toEqual({ pl: 0n, exposure: 125_50n, main: 374_50n });

    const outcome = await inTransaction(database.db, (tx) =>
      casino.voidRoundIn(tx, 'round-txn-00001', 'audit written', (id) => moved.push(id)),
    );
    expect(outcome.ok).toBe(true);
    expect(moved).toEqual([clientId, clientId]);
    expect(await paiseOf(clientId)).toEqual({ pl: 0n, exposure: 0n, main: 500_00n });
    await expectBalanced();
  });

  it('settles or voids a round once when a Credit and voids race', async () => {
    for (let trial = 0; trial < 5; trial += 1) {
      const { clientId, session } = await playerWithId(`stuckrace${trial}`, 1_000);
      const roundId = `round-race-v${String(trial).padStart(3, '0')}`;
      await debited(session, roundId, 100);
      const casino = operatorCasino();
      const [credit, ...voids] = await Promise.all([
        credited(session, roundId, 300),
        casino.voidRound(roundId, 'race'),
        casino.voidRound(roundId, 'race'),
      ]);
      const voidsOk = voids.filter((outcome) => outcome.ok).length;
      if (credit.Status) {
        // The Credit won: paid once, no void.
        expect(voidsOk).toBe(0);
        expect(await paiseOf(clientId)).toEqual({ pl: 200_00n, exposure: 0n, main: 1_200_00n });
      } else {
        expect(credit.Result).toBe(CASINO_ANSWERS.voidedRound);
        expect(voidsOk).toBe(1);
        expect(await paiseOf(clientId)).toEqual({ pl: 0n, exposure: 0n, main: 1_000_00n });
      }
    }
    await expectBalanced();
  });
});
