import {
  CANCEL_MESSAGES,
  cancelBet,
  getMatchedBets,
  getProfitLossOnRunners,
  postCashOut,
  postFancyBet,
  postUserBet,
} from '@backlay/contract/bets';
import { getEventDetail } from '@backlay/contract/markets';
import { getAccountStatement, getBetHistory } from '@backlay/contract/reports';
import { getBalanceDetail } from '@backlay/contract/wallet';
import { CASH_OUT_MESSAGES, cashOutPlan, type Paise } from '@backlay/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestClient,
  login,
  OPS_TOKEN,
  testClock,
} from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { scriptedFeed } from '../../../test/feed.js';
import type { Timer } from '../../seams.js';
import { CANCELLED_BET_REMARK } from '../wallet/wallet.service.js';
import { BET_MESSAGES } from './bets.service.js';

/*
 * docs/architecture.md, "Cancelling a bet", "In-play bet delay" and "Cash out": the rules with
 * exact paise, on a manual clock. The delay waits through a timer the tests drive: each wait
 * runs `duringDelay` (a price move, a suspension …), then moves the clock by the delay.
 */

let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
const waits: number[] = [];
let duringDelay: (() => Promise<void>) | undefined;
const timer: Timer = {
  async wait(ms) {
    waits.push(ms);
    await duringDelay?.();
    clock.advance(ms);
  },
};

/** A soccer match before play (no delay): Home, Away, Draw, and a bookmaker. */
let soccer: number;
/** A cricket match in play (5 s on its exchange markets): Lions, Tigers, and a bookmaker. */
let cricket: number;
const runner = (eventId: number, n: number) => eventId * 100 + n;

const ops = (command: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/ops/${command}`, payload, headers: bearer(OPS_TOKEN) });
const step = async (eventId: number, payload: object) => {
  const response = await ops('fixture-step', { eventId, step: payload });
  expect(response.statusCode).toBe(200);
};

type Quote = [back: number, lay: number];
async function price(marketId: string, eventId: number, quotes: readonly Quote[]) {
  await step(eventId, {
    kind: 'prices',
    marketId,
    runners: quotes.map(([back, lay], index) => ({
      selectionId: runner(eventId, index + 1),
      back: [{ price: back, size: 100_000 }],
      lay: [{ price: lay, size: 100_000 }],
    })),
  });
}

// Every book keeps the house's rule (packages/domain/README.md, "House margins"): backs ≥ 100 %,
// lays ≤ 100 % on the exchange, 1 % inside those on a bookmaker, which sits outside the
// exchange's spread.
const SOCCER_ODDS: readonly Quote[] = [
  [2, 2.02],
  [3.5, 4],
  [3.9, 4],
];
const CRICKET_ODDS: readonly Quote[] = [
  [1.9, 1.92],
  [2.08, 2.1],
];
async function priceAll() {
  await price(`1.${soccer}`, soccer, SOCCER_ODDS);
  await price(`${soccer}B`, soccer, [
    [95, 110],
    [240, 300],
    [280, 330],
  ]);
  await price(`1.${cricket}`, cricket, CRICKET_ODDS);
  await price(`${cricket}B`, cricket, [
    [90, 98],
    [105, 115],
  ]);
}

/** The soccer bookmaker judged alone: its match odds not open (a bookmaker's own prices). */
async function suspendSoccerMatchOdds() {
  await step(soccer, { kind: 'suspend', marketId: `1.${soccer}` });
}

interface Client {
  readonly token: string;
  readonly name: string;
}

let clients = 0;
async function newClient(credit: number): Promise<Client> {
  clients += 1;
  const name = `mech${clients}`;
  await createTestClient(database.db, name, credit, clock);
  return { token: (await login(app, name)).Token, name };
}

function draft(eventId: number, overrides: Record<string, unknown>) {
  return {
    sportsId: eventId === soccer ? 1 : 4,
    SelectionName: 'Runner',
    SelectionID: String(runner(eventId, 1)),
    Odds: 2,
    Price: 0,
    MarketType: 'MATCH_ODDS',
    MarketId: `1.${eventId}`,
    EventId: eventId,
    BetType: 'Back',
    BetStatus: 'Pending',
    Stack: 1000,
    ...overrides,
  };
}

async function bet(
  client: Client,
  eventId: number,
  overrides: Record<string, unknown>,
  key?: string,
) {
  const payload = draft(eventId, overrides);
  const response = await app.inject({
    method: 'POST',
    url: payload.MarketType === 'FANCY' ? postFancyBet.path : postUserBet.path,
    payload,
    headers: { ...bearer(client.token), ...(key ? { 'idempotency-key': key } : {}) },
  });
  return response.json<{ Status: boolean; Result: string }>();
}

async function placed(client: Client, eventId: number, overrides: Record<string, unknown>) {
  expect(await bet(client, eventId, overrides)).toEqual({
    Status: true,
    Result: BET_MESSAGES.placed,
  });
}

const read = async (client: Client, url: string) =>
  (await app.inject({ url, headers: bearer(client.token) })).json<unknown>();

async function exposure(client: Client): Promise<number> {
  const answer = getBalanceDetail.response.parse(
    await read(client, '/api/AmountModels/GetBalanceDetail'),
  );
  if (!answer.Status) throw new Error(answer.Result);
  return answer.Result.Exposure;
}

async function listed(client: Client, eventId: number) {
  const answer = getMatchedBets.response.parse(
    await read(client, `/api/UserBetModels/GetMatchedBets?marketId=${eventId}`),
  );
  if (!answer.Status) throw new Error(answer.Result);
  return answer.Result;
}

async function book(client: Client, marketId: string) {
  const answer = getProfitLossOnRunners.response.parse(
    await read(client, `/api/ProfitLossModels/GetProfitLossOnRunners?marketId=${marketId}`),
  );
  if (!answer.Status) throw new Error(answer.Result);
  return answer.Result.map((entry) => entry.pL);
}

async function cancel(client: Client, betId: string, key?: string) {
  const response = await app.inject({
    method: 'POST',
    url: cancelBet.path,
    payload: { BetId: betId },
    headers: { ...bearer(client.token), ...(key ? { 'idempotency-key': key } : {}) },
  });
  return response.json<{ Status: boolean; Result: string }>();
}

/** The newest bet of the client on the event. */
async function newestBet(client: Client, eventId: number) {
  const [newest] = await listed(client, eventId);
  if (!newest) throw new Error('no bet');
  return newest;
}

beforeAll(async () => {
  database = await createTestDatabase();
  // Books never go stale on their own here: the clock jumps minutes at a time.
  const feed = scriptedFeed(database.db, clock, { staleMs: 3_600_000 });
  app = await buildTestApp(database.db, {
    clock,
    feed,
    timer,
    config: { betDelay: { exchangeS: { 1: 5, 2: 3, 4: 5 }, bookmakerS: 0, fancyS: 0 } },
  });
  const event = async (body: object) =>
    (
      await ops('fixture-event', {
        seriesName: 'Mechanics',
        bookmaker: true,
        maxStake: 500_000,
        ...body,
      })
    ).json<{ Result: { eventId: number } }>().Result.eventId;
  soccer = await event({ sportId: 1, name: 'Home v Away', runners: ['Home', 'Away', 'The Draw'] });
  cricket = await event({
    sportId: 4,
    name: 'Lions v Tigers',
    runners: ['Lions', 'Tigers'],
    fancy: ['6 over runs Lions'],
    inPlay: true,
  });
  await priceAll();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});
beforeEach(async () => {
  waits.length = 0;
  duringDelay = undefined;
  await priceAll();
});

describe('the football cancel rule', () => {
  it('cancels a bet inside 3 minutes: exposure released exactly, Cancelled with its time everywhere', async () => {
    const client = await newClient(10_000);
    await placed(client, soccer, { Odds: 2, Stack: 1000 });
    await placed(client, soccer, { SelectionID: String(runner(soccer, 3)), Odds: 3.9, Stack: 500 });
    // Home +1000 − 500, Away −1000 − 500, Draw −1000 + 1450: exposure 1500.
    expect(await exposure(client)).toBe(1500);
    const [drawBet, homeBet] = await listed(client, soccer);
    const acceptedAt = Date.parse(homeBet!.createdOn);
    expect(homeBet).toMatchObject({
      Status: 'Pending',
      CancelUntil: new Date(acceptedAt + 180_000).toISOString(),
      cancelledOn: null,
    });

    clock.advance(179_999);
    expect(await cancel(client, homeBet!.BetId)).toEqual({
      Status: true,
      Result: CANCEL_MESSAGES.cancelled,
    });
    // Only the draw bet is left: Home −500, Away −500, Draw +1450.
    expect(await exposure(client)).toBe(500);
    expect(await book(client, `1.${soccer}`)).toEqual([-500, -500, 1450]);
    const cancelledAt = clock.now().toISOString();
    expect(
      (await listed(client, soccer)).map((entry) => [entry.BetId, entry.Status, entry.cancelledOn]),
    ).toEqual([
      [drawBet!.BetId, 'Pending', null],
      [homeBet!.BetId, 'Cancelled', cancelledAt],
    ]);

    const history = getBetHistory.response.parse(
      await read(client, '/api/UserBetModels/GetBetHistory?psize=10'),
    );
    expect(
      history.Status &&
        history.Result.map((entry) => [entry.BetStatus, entry.CancelledOn, entry.Exposure]),
    ).toEqual([
      ['Pending', null, 500],
      ['Cancelled', cancelledAt, 0],
    ]);

    const statement = getAccountStatement.response.parse(
      await read(client, '/api/AccountStatementModels/GetAccountStatement?psize=10'),
    );
    if (!statement.Status) throw new Error(statement.Result);
    const row = statement.Result.find((entry) => entry.Remark === CANCELLED_BET_REMARK);
    expect(row).toMatchObject({
      createdOn: cancelledAt,
      Amount: 0,
      Balance: 10_000,
      Discription: 'Home v Away - Home Back 1000 @ 2.00',
    });
    expect(statement.CloseBalance).toBe(10_000);

    // Once cancelled, never again.
    expect(await cancel(client, homeBet!.BetId)).toEqual({
      Status: false,
      Result: CANCEL_MESSAGES.notOpen,
    });
    expect(await exposure(client)).toBe(500);
  });

  it('refuses at 3 minutes to the millisecond, and the list stops offering it', async () => {
    const client = await newClient(10_000);
    await placed(client, soccer, { Odds: 2, Stack: 1000 });
    const placedBet = await newestBet(client, soccer);
    clock.advance(180_000);
    expect((await newestBet(client, soccer)).CancelUntil).toBeNull();
    expect(await cancel(client, placedBet.BetId)).toEqual({
      Status: false,
      Result: CANCEL_MESSAGES.expired,
    });
    expect(await exposure(client)).toBe(1000);
  });

  it('refuses once the market was suspended after the bet, even when it is open again', async () => {
    const client = await newClient(10_000);
    await placed(client, soccer, { Odds: 2, Stack: 1000 });
    const placedBet = await newestBet(client, soccer);
    clock.advance(1000);
    await step(soccer, { kind: 'suspend', marketId: `1.${soccer}` });
    clock.advance(1000);
    await step(soccer, { kind: 'resume', marketId: `1.${soccer}` });
    await price(`1.${soccer}`, soccer, SOCCER_ODDS);
    expect((await newestBet(client, soccer)).CancelUntil).toBeNull();
    expect(await cancel(client, placedBet.BetId)).toEqual({
      Status: false,
      Result: CANCEL_MESSAGES.suspended,
    });
    expect(await exposure(client)).toBe(1000);
  });

  it('cancels only football bets, and only the client’s own', async () => {
    const client = await newClient(10_000);
    const other = await newClient(10_000);
    await placed(client, cricket, { MarketId: `${cricket}B`, MarketType: 'BOOKMAKER', Odds: 90 });
    const cricketBet = await newestBet(client, cricket);
    expect(cricketBet.CancelUntil).toBeNull();
    expect(await cancel(client, cricketBet.BetId)).toEqual({
      Status: false,
      Result: CANCEL_MESSAGES.notFootball,
    });
    await placed(client, soccer, { Odds: 2, Stack: 1000 });
    const soccerBet = await newestBet(client, soccer);
    expect(await cancel(other, soccerBet.BetId)).toEqual({
      Status: false,
      Result: CANCEL_MESSAGES.notFound,
    });
    expect(await cancel(client, '999999999')).toEqual({
      Status: false,
      Result: CANCEL_MESSAGES.notFound,
    });
  });

  it('refuses a cancel that would uncover a hedge the balance cannot hold', async () => {
    const client = await newClient(2000);
    // Back Home 2000 @ 2.00 (exposure 2000), then lay Home 2000 @ 2.02: exposure 40.
    await placed(client, soccer, { Odds: 2, Stack: 2000 });
    await placed(client, soccer, { Odds: 2.02, Stack: 2000, BetType: 'Lay' });
    expect(await exposure(client)).toBe(40);
    await placed(client, soccer, {
      SelectionID: String(runner(soccer, 2)),
      Odds: 3.5,
      Stack: 1900,
    });
    // Every rupee is now held: cancelling the lay would bring the back's 2000 back.
    const lay = (await listed(client, soccer))[1]!;
    expect(lay.BetType).toBe('Lay');
    expect(await cancel(client, lay.BetId)).toEqual({
      Status: false,
      Result: CANCEL_MESSAGES.insufficient,
    });
    const back = (await listed(client, soccer))[0]!;
    expect(await cancel(client, back.BetId)).toEqual({
      Status: true,
      Result: CANCEL_MESSAGES.cancelled,
    });
  });

  it('answers the same key with the same answer and cancels once', async () => {
    const client = await newClient(10_000);
    await placed(client, soccer, { Odds: 2, Stack: 1000 });
    const placedBet = await newestBet(client, soccer);
    const [first, second] = await Promise.all([
      cancel(client, placedBet.BetId, 'cancel-key-0001'),
      cancel(client, placedBet.BetId, 'cancel-key-0001'),
    ]);
    expect(first).toEqual({ Status: true, Result: CANCEL_MESSAGES.cancelled });
    expect(second).toEqual(first);
    expect(await cancel(client, placedBet.BetId, 'cancel-key-0001')).toEqual(first);
    expect(await exposure(client)).toBe(0);
  });
});

describe('the in-play bet delay', () => {
  it('holds an in-play match odds bet for 5 s, then takes it at the asked price', async () => {
    const client = await newClient(10_000);
    await placed(client, cricket, { Odds: 1.9, Stack: 1000 });
    expect(waits).toEqual([5000]);
    expect(await exposure(client)).toBe(1000);
  });

  it('refuses with "Odds changed" when the price moved away during the delay', async () => {
    const client = await newClient(10_000);
    duringDelay = () =>
      price(`1.${cricket}`, cricket, [
        [1.85, 1.88],
        [2.08, 2.2],
      ]);
    expect(await bet(client, cricket, { Odds: 1.9, Stack: 1000 })).toEqual({
      Status: false,
      Result: BET_MESSAGES.oddsChanged,
    });
    expect(await exposure(client)).toBe(0);
  });

  it('takes the better price there at the end of the delay when it moved in the bettor’s favour', async () => {
    const client = await newClient(10_000);
    duringDelay = () =>
      price(`1.${cricket}`, cricket, [
        [1.95, 1.97],
        [2, 2.1],
      ]);
    expect(await bet(client, cricket, { Odds: 1.9, Stack: 1000 })).toEqual({
      Status: true,
      Result: 'Bet placed successfully at 1.95',
    });
    // At 1.95, not the 1.90 asked (docs/decisions.md#money, "Price improvement"): Lions +950.
    expect(await book(client, `1.${cricket}`)).toEqual([950, -1000]);
  });

  it('refuses with "Market suspended" when the market was suspended during the delay', async () => {
    const client = await newClient(10_000);
    duringDelay = async () => {
      await step(cricket, { kind: 'suspend', marketId: `1.${cricket}` });
      clock.advance(1000);
      await step(cricket, { kind: 'resume', marketId: `1.${cricket}` });
      await price(`1.${cricket}`, cricket, CRICKET_ODDS);
    };
    expect(await bet(client, cricket, { Odds: 1.9, Stack: 1000 })).toEqual({
      Status: false,
      Result: BET_MESSAGES.suspended,
    });
    expect(await exposure(client)).toBe(0);
  });

  it('takes bookmaker and fancy bets at once unless set, and says each market’s delay', async () => {
    const client = await newClient(10_000);
    await placed(client, cricket, { MarketId: `${cricket}B`, MarketType: 'BOOKMAKER', Odds: 90 });
    expect(waits).toEqual([]);
    const detail = getEventDetail.response.parse(
      await read(client, `/api/MarketModels/GetEventDetail?eventId=${cricket}`),
    );
    if (!detail.Status) throw new Error(detail.Result);
    expect(detail.Result.MarketList.map((market) => [market.MarketType, market.BetDelay])).toEqual([
      ['MATCH_ODDS', 5],
      ['BOOKMAKER', 0],
    ]);
    expect(detail.Result.fancy.BetDelay).toBe(0);
    const before = getEventDetail.response.parse(
      await read(client, `/api/MarketModels/GetEventDetail?eventId=${soccer}`),
    );
    expect(before.Status && before.Result.MarketList.map((market) => market.BetDelay)).toEqual([
      0, 0,
    ]);
  });

  it('places a delayed bet once for one key, however often it is sent', async () => {
    const client = await newClient(10_000);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    duringDelay = () => held;
    const first = bet(client, cricket, { Odds: 1.9, Stack: 1000 }, 'delay-key-0001');
    const second = bet(client, cricket, { Odds: 1.9, Stack: 1000 }, 'delay-key-0001');
    await new Promise((resolve) => setImmediate(resolve));
    release();
    const answers = await Promise.all([first, second]);
    expect(answers).toEqual([
      { Status: true, Result: BET_MESSAGES.placed },
      { Status: true, Result: BET_MESSAGES.placed },
    ]);
    expect(await bet(client, cricket, { Odds: 1.9, Stack: 1000 }, 'delay-key-0001')).toEqual(
      answers[0],
    );
    expect(await exposure(client)).toBe(1000);
    expect((await listed(client, cricket)).length).toBe(1);
  });
});

describe('bookmaker longshots', () => {
  it('takes a bookmaker bet quoted above 1000 per 100, and still refuses decimal odds above 1000', async () => {
    const client = await newClient(10_000);
    await suspendSoccerMatchOdds();
    await price(`${soccer}B`, soccer, [
      [40, 70],
      [1500, 1600],
      [150, 250],
    ]);
    await placed(client, soccer, {
      MarketId: `${soccer}B`,
      MarketType: 'BOOKMAKER',
      SelectionID: String(runner(soccer, 2)),
      Odds: 1500,
      Stack: 500,
    });
    // Back ₹500 at 1500 per 100: the runner wins ₹7,500, the others lose ₹500.
    expect(await book(client, `${soccer}B`)).toEqual([-500, 7500, -500]);
    const response = await app.inject({
      method: 'POST',
      url: postUserBet.path,
      payload: draft(soccer, { Odds: 1001 }),
      headers: bearer(client.token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ Result: string }>().Result).toContain('Odds');
  });
});

describe('cash out', () => {
  /** Cash out as the client does it: the domain's plan from the book and the best prices. */
  async function cashOut(
    client: Client,
    marketId: string,
    quotes: readonly Quote[],
    percent = 100,
    change?: Parameters<typeof planOf>[4],
  ) {
    const { plan, payload } = await planOf(client, marketId, quotes, percent, change);
    return { plan, answer: await send(client, payload) };
  }

  /** What a tab sends to cash out the client's book at these prices, as the domain plans it. */
  async function planOf(
    client: Client,
    marketId: string,
    quotes: readonly Quote[],
    percent = 100,
    change?: (
      bets: { SelectionID: string; BetType: 'Back' | 'Lay'; Odds: number; Stack: number }[],
    ) => void,
  ) {
    const eventId = Number(marketId.replace(/^1\./, '').replace(/B$/, ''));
    const isBookmaker = marketId.endsWith('B');
    const pls = await book(client, marketId);
    const plan = cashOutPlan(
      isBookmaker ? 'BOOKMAKER' : 'MATCH_ODDS',
      pls.map((pl, index) => ({
        selectionId: String(runner(eventId, index + 1)),
        pl: Math.round(pl * 100) as Paise,
        back: isBookmaker ? quotes[index]![0] : Math.round(quotes[index]![0] * 100),
        lay: isBookmaker ? quotes[index]![1] : Math.round(quotes[index]![1] * 100),
      })),
      percent,
    );
    if (!plan.ok) throw new Error(plan.reason);
    const bets = plan.bets.map((entry) => ({
      SelectionID: entry.selectionId,
      BetType: entry.betType,
      Odds: isBookmaker ? entry.odds : entry.odds / 100,
      Stack: entry.stake,
    }));
    change?.(bets);
    const payload = {
      MarketId: marketId,
      MarketType: isBookmaker ? 'BOOKMAKER' : 'MATCH_ODDS',
      EventId: eventId,
      Percent: percent,
      Bets: bets,
    };
    return { plan, payload };
  }

  /** Posts a cash out as a tab sends it. */
  async function send(client: Client, payload: object) {
    const response = await app.inject({
      method: 'POST',
      url: postCashOut.path,
      payload,
      headers: bearer(client.token),
    });
    return response.json<{ Status: boolean; Result: string }>();
  }

  it('cashes out a draw on a three-runner market with one lay: equal on every runner', async () => {
    const client = await newClient(10_000);
    await placed(client, soccer, {
      SelectionID: String(runner(soccer, 3)),
      Odds: 3.9,
      Stack: 1000,
    });
    expect(await book(client, `1.${soccer}`)).toEqual([-1000, -1000, 2900]);
    // The draw drifts in: lay at 2.50. Lay 3900 / 2.5 = 1560: Draw 2900 − 2340 = 560; others 560.
    const quotes: Quote[] = [
      [2.4, 3],
      [3.4, 4],
      [2.46, 2.5],
    ];
    await price(`1.${soccer}`, soccer, quotes);
    const { plan, answer } = await cashOut(client, `1.${soccer}`, quotes);
    expect(plan.ok && plan.bets).toEqual([
      { selectionId: String(runner(soccer, 3)), betType: 'Lay', odds: 250, stake: 1560 },
    ]);
    expect(answer).toEqual({ Status: true, Result: 'Cashed out: ₹560.00 whichever runner wins' });
    expect(await book(client, `1.${soccer}`)).toEqual([560, 560, 560]);
    expect(await exposure(client)).toBe(0);
  });

  it('places every bet of a two-bet cash out before play, where no delay holds them', async () => {
    const client = await newClient(10_000);
    await placed(client, soccer, {
      SelectionID: String(runner(soccer, 3)),
      BetType: 'Lay',
      Odds: 4,
      Stack: 500,
    });
    expect(await book(client, `1.${soccer}`)).toEqual([500, 500, -1500]);
    // Lay Home 2000 / 1.84 = 1086.96 → 1087 (liability 913.08 → 913, docs/product.md#validation) and Away 2000 / 4
    // = 500: Home 500 − 913 + 500 = 87, Away 500 + 1087 − 1500 = 87, Draw −1500 + 1087 + 500 = 87.
    const quotes: Quote[] = [
      [1.8, 1.84],
      [3.9, 4],
      [4.3, 5],
    ];
    await price(`1.${soccer}`, soccer, quotes);
    waits.length = 0;
    const { plan, answer } = await cashOut(client, `1.${soccer}`, quotes);
    expect(waits).toEqual([]);
    expect(plan.ok && plan.bets).toEqual([
      { selectionId: String(runner(soccer, 1)), betType: 'Lay', odds: 184, stake: 1087 },
      { selectionId: String(runner(soccer, 2)), betType: 'Lay', odds: 400, stake: 500 },
    ]);
    expect(answer).toEqual({ Status: true, Result: 'Cashed out: ₹87.00 whichever runner wins' });
    expect(await book(client, `1.${soccer}`)).toEqual([87, 87, 87]);
    expect((await listed(client, soccer)).map((entry) => entry.Stack)).toEqual([500, 1087, 500]);
  });

  it('cashes out at a loss, after the in-play delay', async () => {
    const client = await newClient(10_000);
    await placed(client, cricket, { Odds: 1.9, Stack: 1000 });
    // Lions drift to 2.50 to lay: lay 1900 / 2.5 = 760: Lions 900 − 1140 = −240, Tigers −240.
    const quotes: Quote[] = [
      [2.46, 2.5],
      [1.6, 1.7],
    ];
    await price(`1.${cricket}`, cricket, quotes);
    waits.length = 0;
    const { answer } = await cashOut(client, `1.${cricket}`, quotes);
    expect(waits).toEqual([5000]);
    expect(answer).toEqual({ Status: true, Result: 'Cashed out: -₹240.00 whichever runner wins' });
    expect(await book(client, `1.${cricket}`)).toEqual([-240, -240]);
    expect(await exposure(client)).toBe(240);
  });

  it('cashes out a bookmaker position to the paisa, and half of one', async () => {
    const client = await newClient(10_000);
    await suspendSoccerMatchOdds();
    await price(`${soccer}B`, soccer, [
      [50, 60],
      [150, 500],
      [200, 500],
    ]);
    await placed(client, soccer, {
      MarketId: `${soccer}B`,
      MarketType: 'BOOKMAKER',
      Odds: 50,
      Stack: 1000,
    });
    expect(await book(client, `${soccer}B`)).toEqual([500, -1000, -1000]);
    const quotes: Quote[] = [
      [38, 40],
      [150, 650],
      [200, 650],
    ];
    await price(`${soccer}B`, soccer, quotes);
    // Half: lay Home 1500 / 1.4 / 2 = 535.71 → 536: Home 500 − 214.40, others −1000 + 536.
    const half = await cashOut(client, `${soccer}B`, quotes, 50);
    expect(half.answer).toEqual({
      Status: true,
      Result: 'Cashed out: 50% of your position, at least -₹464.00 whichever runner wins',
    });
    expect(await book(client, `${soccer}B`)).toEqual([285.6, -464, -464]);
    // The rest: lay (285.60 + 464) / 1.4 = 535.43 → 535: Home 285.60 − 214 = 71.60, others 71.
    const rest = await cashOut(client, `${soccer}B`, quotes);
    expect(rest.answer).toEqual({
      Status: true,
      Result: 'Cashed out: at least ₹71.00 whichever runner wins',
    });
    expect(await book(client, `${soccer}B`)).toEqual([71.6, 71, 71]);
  });

  it('cashes out once when the same book is cashed out twice at once (two tabs, two keys)', async () => {
    const client = await newClient(10_000);
    await placed(client, cricket, { Odds: 1.9, Stack: 1000 });
    const quotes: Quote[] = [
      [2.46, 2.5],
      [1.6, 1.7],
    ];
    await price(`1.${cricket}`, cricket, quotes);
    // Both tabs show the same book, so both send the same plan, at once.
    const { payload } = await planOf(client, `1.${cricket}`, quotes);
    const answers = await Promise.all([send(client, payload), send(client, payload)]);
    const [done, refused] = answers.sort((a, b) => Number(b.Status) - Number(a.Status));
    expect(done).toEqual({ Status: true, Result: 'Cashed out: -₹240.00 whichever runner wins' });
    // The other tab is refused: inside the position's turn when both were held together, or
    // from the start when the first had finished before it began (a slow machine).
    expect(refused?.Status).toBe(false);
    expect([BET_MESSAGES.positionChanged, CASH_OUT_MESSAGES.nothing]).toContain(refused?.Result);
    expect(await book(client, `1.${cricket}`)).toEqual([-240, -240]);
  });

  it('refuses bets that are not the plan for the position, and a price gone', async () => {
    const client = await newClient(10_000);
    await placed(client, soccer, { Odds: 2, Stack: 1000 });
    const quotes: Quote[] = [
      [1.6, 1.62],
      [4, 5],
      [4.5, 6],
    ];
    await price(`1.${soccer}`, soccer, quotes);
    const changed = await cashOut(client, `1.${soccer}`, quotes, 100, (bets) => {
      bets[0] = { ...bets[0]!, Stack: bets[0]!.Stack + 1 };
    });
    expect(changed.answer).toEqual({ Status: false, Result: BET_MESSAGES.positionChanged });
    const worse = await cashOut(client, `1.${soccer}`, [
      [1.6, 1.5],
      [4, 5],
      [4.5, 6],
    ]);
    expect(worse.answer).toEqual({ Status: false, Result: BET_MESSAGES.oddsChanged });
    expect(await book(client, `1.${soccer}`)).toEqual([1000, -1000, -1000]);
  });
});
