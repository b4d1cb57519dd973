import {
  getActiveFancy,
  getBmFancy,
  getCustomBookmaker,
  getCustomFancy,
  getEventDetail,
  getMarketList,
  getMarketOdds,
  getMyMarkets,
  getRates,
  getTossOdds,
} from '@backlay/contract/markets';
import { getCricketScore, getOtherScore } from '@backlay/contract/scores';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestClient,
  login,
  OPS_TOKEN,
  testClock,
} from '../../../test/app.js';
import { changesOf, createTestDatabase, type TestDatabase } from '../../../test/database.js';
import type { Schema } from '../../db/schema.js';
import { COMPRESS_FROM_BYTES } from '../../http/compression.js';
import { scriptedFeed, type ScriptedControl } from '../../../test/feed.js';

let database: TestDatabase;
let app: FastifyInstance;
let token: string;
let feed: ScriptedControl;
const clock = testClock();
let cricket: number;
let soccer: number;
let tennis: number;

const ops = (command: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/ops/${command}`, payload, headers: bearer(OPS_TOKEN) });

async function fixture(payload: object): Promise<number> {
  const response = await ops('fixture-event', payload);
  return response.json<{ Result: { eventId: number } }>().Result.eventId;
}

const step = (eventId: number, payload: object) => ops('fixture-step', { eventId, step: payload });

const get = async (url: string) => {
  const response = await app.inject({ url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<unknown>();
};

async function priceBookmakerAndFancy() {
  await step(cricket, {
    kind: 'prices',
    marketId: `${cricket}B`,
    runners: [
      {
        selectionId: cricket * 100 + 1,
        back: [{ price: 88, size: 100000 }],
        lay: [{ price: 92, size: 100000 }],
      },
      {
        selectionId: cricket * 100 + 2,
        back: [{ price: 105, size: 100000 }],
        lay: [{ price: 120, size: 100000 }],
      },
    ],
  });
  await step(cricket, {
    kind: 'fancy',
    rows: [{ selectionId: `${cricket}-1`, noLine: 48, noRate: 100, yesLine: 49, yesRate: 100 }],
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  feed = scriptedFeed(database.db, clock);
  app = await buildTestApp(database.db, { clock, feed });
  await createTestClient(database.db, 'mira');
  token = (await login(app, 'mira')).Token;
  cricket = await fixture({
    sportId: 4,
    seriesName: 'Coastal Cup',
    name: 'Lions v Tigers',
    runners: ['Lions', 'Tigers'],
    bookmaker: true,
    toss: true,
    fancy: ['6 over runs Lions', '10 over runs Lions'],
    inPlay: true,
  });
  soccer = await fixture({
    sportId: 1,
    seriesName: 'River League',
    name: 'Rovers v United',
    runners: ['Rovers', 'United', 'The Draw'],
    startTime: '2026-11-21T12:00:00Z',
  });
  tennis = await fixture({
    sportId: 2,
    seriesName: 'Harbour Open',
    name: 'A Ray v B Sol',
    runners: ['A Ray', 'B Sol'],
    inPlay: true,
  });
  await step(cricket, {
    kind: 'prices',
    marketId: `1.${cricket}`,
    runners: [
      {
        selectionId: cricket * 100 + 1,
        back: [{ price: 1.9, size: 1200 }],
        lay: [{ price: 1.92, size: 900 }],
      },
      {
        selectionId: cricket * 100 + 2,
        back: [{ price: 2.08, size: 700 }],
        lay: [{ price: 2.12, size: 650 }],
      },
    ],
  });
  await step(cricket, {
    kind: 'prices',
    marketId: `${cricket}T`,
    runners: [
      {
        selectionId: cricket * 100 + 1,
        back: [{ price: 1.95, size: 5000 }],
        lay: [{ price: 1.98, size: 5000 }],
      },
      {
        selectionId: cricket * 100 + 2,
        back: [{ price: 1.95, size: 5000 }],
        lay: [{ price: 2.12, size: 5000 }],
      },
    ],
  });
  await priceBookmakerAndFancy();
  await step(cricket, {
    kind: 'ball',
    innings: [{ team: 'Lions', runs: 37, wickets: 1, overs: '4.2' }],
    ball: '4',
    commentary: 'Driven for four',
  });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('market list', () => {
  it('lists open events of a sport, in play first, with the docs/decisions.md#api match odds id', async () => {
    const all = getMarketList.response.parse(
      await get('/api/MarketModels/GetMarketList?sportsId=0'),
    );
    expect(all.Status).toBe(true);
    const items = all.Status ? all.Result : [];
    expect(items.map((item) => item.EventId)).toEqual([cricket, tennis, soccer]);
    expect(items[0]).toEqual({
      SportsId: 4,
      SeriesName: 'Coastal Cup',
      MarketName: 'Lions v Tigers',
      EventId: cricket,
      MarketId: `1.${cricket}`,
      MarketTime: '2026-11-21T10:00:00.000Z',
      MarketStatus: 1,
      MarketType: 'MATCH_ODDS',
    });
    expect(items[2]?.MarketStatus).toBe(0);
    const soccerOnly = getMarketList.response.parse(
      await get('/api/MarketModels/GetMarketList?sportsId=1'),
    );
    expect(soccerOnly.Status && soccerOnly.Result.map((item) => item.EventId)).toEqual([soccer]);
  });

  it('refuses a sport id outside the spec with 400', async () => {
    const response = await app.inject({
      url: '/api/MarketModels/GetMarketList?sportsId=9',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('rates', () => {
  it('answers market books with decimal odds, sizes and a Seq, leaving unknown ids out', async () => {
    const answer = getRates.response.parse(
      await get(`/api/MarketModels/GetRates?marketids=1.${cricket},1.${soccer},1.1234`),
    );
    const books = answer.Status ? answer.Result : [];
    expect(books.map((book) => book.marketId)).toEqual([`1.${cricket}`, `1.${soccer}`]);
    expect(books[0]).toMatchObject({ status: 'ACTIVE', inplay: true });
    expect(books[0]?.Seq).toBeGreaterThan(0);
    expect(books[0]?.runners[0]).toEqual({
      selectionId: cricket * 100 + 1,
      status: 'ACTIVE',
      ex: {
        availableToBack: [{ price: 1.9, size: 1200 }],
        availableToLay: [{ price: 1.92, size: 900 }],
      },
    });
    // No prices yet: suspended, with the runners and no offers.
    expect(books[1]).toMatchObject({ status: 'SUSPENDED', inplay: false });
    expect(books[1]?.runners).toHaveLength(3);
  });

  it('suspends a market the operator suspended, or whose event is locked, or whose feed went stale', async () => {
    const rates = async () => {
      const answer = getRates.response.parse(
        await get(`/api/MarketModels/GetRates?marketids=1.${cricket}`),
      );
      return answer.Status ? answer.Result[0]?.status : undefined;
    };
    await ops('suspend-market', { marketId: `1.${cricket}` });
    expect(await rates()).toBe('SUSPENDED');
    await ops('resume-market', { marketId: `1.${cricket}` });
    await ops('lock-event', { eventId: cricket });
    expect(await rates()).toBe('SUSPENDED');
    await ops('unlock-event', { eventId: cricket });
    expect(await rates()).toBe('ACTIVE');
    clock.advance(10_001);
    expect(await rates()).toBe('SUSPENDED');
    await feed.scripted.runner.step(clock.now()); // a heartbeat alone does not reopen it
    expect(await rates()).toBe('SUSPENDED');
    await step(cricket, { kind: 'resume', marketId: `1.${cricket}` });
    expect(await rates()).toBe('ACTIVE');
  });

  it('answers toss books for toss ids only', async () => {
    const answer = getTossOdds.response.parse(
      await get(`/api/Odds/Toss?marketids=${cricket}T,1.${cricket}`),
    );
    expect(answer.Status && answer.Result.map((book) => book.marketId)).toEqual([`${cricket}T`]);
  });

  it("keys an event's exchange markets by id, runners under `exchange`", async () => {
    const answer = getMarketOdds.response.parse(await get(`/api/Odds/Market/1.${cricket}`));
    const books = answer.Status ? answer.Result : {};
    expect(Object.keys(books).sort()).toEqual([`${cricket}T`, `1.${cricket}`].sort());
    expect(books[`1.${cricket}`]?.runners[0]?.exchange.availableToBack[0]).toEqual({
      price: 1.9,
      size: 1200,
    });
  });
});

describe('event detail', () => {
  it('lists the markets with min and max stakes and the fancy settings', async () => {
    const answer = getEventDetail.response.parse(
      await get(`/api/MarketModels/GetEventDetail?eventId=${cricket}`),
    );
    expect(answer.Status).toBe(true);
    if (!answer.Status) return;
    expect(
      answer.Result.MarketList.map((market) => [
        market.MarketId,
        market.MarketType,
        market.MinStake,
      ]),
    ).toEqual([
      [`1.${cricket}`, 'MATCH_ODDS', 500],
      [`${cricket}B`, 'BOOKMAKER', 500],
      [`${cricket}T`, 'TOSS', 500],
    ]);
    expect(answer.Result.MarketList[0]?.runners.map((runner) => runner.RunnerName)).toEqual([
      'Lions',
      'Tigers',
    ]);
    expect(answer.Result.fancy).toEqual({
      IsFancyActive: true,
      EvBetStatus: true,
      SessionMinStake: 100,
      SessionMaxStake: 100000,
      BetDelay: 0,
    });
    const missing = getEventDetail.response.parse(
      await get('/api/MarketModels/GetEventDetail?eventId=424242'),
    );
    expect(missing).toEqual({ Status: false, Result: 'Event not found' });
  });
});

describe('live TV', () => {
  it('gives no player without TV_URL, and the event page of TV_URL, framable by our CSP, with it', async () => {
    const plain = getEventDetail.response.parse(
      await get(`/api/MarketModels/GetEventDetail?eventId=${cricket}`),
    );
    expect(plain.Status && plain.Result.TvUrl).toBeNull();
    const tv = await buildTestApp(database.db, {
      clock,
      feed,
      config: { tvUrl: 'http://127.0.0.1:9911/tv/{eventId}' },
    });
    const response = await tv.inject({
      url: `/api/MarketModels/GetEventDetail?eventId=${cricket}`,
      headers: bearer(token),
    });
    const answer = getEventDetail.response.parse(response.json());
    expect(answer.Status && answer.Result.TvUrl).toBe(`http://127.0.0.1:9911/tv/${cricket}`);
    expect(String(response.headers['content-security-policy'])).toContain(
      "frame-src 'self' http://127.0.0.1:9911",
    );
    await tv.close();
  });
});

describe('bookmaker and fancy', () => {
  it('answers bookmaker rows per 100 and fancy rows as Yes line and rate (back) and No line and rate (lay)', async () => {
    await priceBookmakerAndFancy(); // fresh prices: an earlier test let the feed go stale
    const answer = getBmFancy.response.parse(await get(`/api/Odds/BmFancy/${cricket}`));
    if (!answer.Status) throw new Error(answer.Result);
    expect(answer.Result.Marketid).toBe(`${cricket}B`);
    expect(answer.Result.BMList[0]).toEqual({
      MarketId: `${cricket}B`,
      selectionId: cricket * 100 + 1,
      RunnerName: 'Lions',
      status: 'ACTIVE',
      BackPrice1: 88,
      BackSize1: 100000,
      LayPrice1: 92,
      LaySize1: 100000,
    });
    expect(answer.Result.fancyList).toEqual([
      {
        SelectionId: `${cricket}-1`,
        RunnerName: '6 over runs Lions',
        BackPrice1: 49,
        BackSize1: 100,
        LayPrice1: 48,
        LaySize1: 100,
        GameStatus: '',
        // A rate row takes the session's limits; mira has no bets on it.
        min: 100,
        max: 100000,
        isCustome: false,
        isActive: false,
        profitLoss: 0,
      },
    ]);
  });

  it('answers the custom and active fancy rows and the custom bookmaker rows the operator set', async () => {
    await ops('set-custom-fancy', {
      eventId: cricket,
      selectionId: `${cricket}-7`,
      runnerName: 'Custom 8 over runs',
      isCustome: true,
      isActive: false,
      backPrice: 70,
      backSize: 110,
      layPrice: 69,
      laySize: 90,
      min: 100,
      max: 25000,
    });
    await ops('set-custom-fancy', {
      eventId: cricket,
      selectionId: `${cricket}-2`,
      runnerName: '10 over runs Lions',
      isCustome: false,
      isActive: true,
      backPrice: 0,
      backSize: 0,
      layPrice: 0,
      laySize: 0,
      min: 200,
      max: 10000,
    });
    await ops('set-custom-bookmaker', {
      marketId: `${cricket}B`,
      selectionId: cricket * 100 + 2,
      runnerName: 'Tigers',
      isCustome: false,
      isActive: true,
      status: 'ACTIVE',
      backPrice: 100,
      backSize: 50000,
      layPrice: 120,
      laySize: 50000,
    });
    const custom = getCustomFancy.response.parse(
      await get(`/api/FancyRunnerModels/GetCustomFancy?MarketId=${cricket}`),
    );
    expect(
      custom.Status && custom.Result.map((row) => [row.SelectionId, row.isCustome, row.max]),
    ).toEqual([[`${cricket}-7`, true, 25000]]);
    const active = getActiveFancy.response.parse(
      await get(`/api/FancyRunnerModels/GetActiveFancy?MarketId=${cricket}`),
    );
    expect(
      active.Status && active.Result.map((row) => [row.SelectionId, row.isActive, row.min]),
    ).toEqual([[`${cricket}-2`, true, 200]]);
    const bookmaker = getCustomBookmaker.response.parse(
      await get(`/api/MarketModels/GetCustomBookmaker?MarketId=${cricket}B`),
    );
    expect(bookmaker.Status && bookmaker.Result[0]).toMatchObject({
      selectionId: cricket * 100 + 2,
      IsActive: true,
      BackPrice1: 100,
    });
  });
});

describe('the house margin rule on the operator rows', () => {
  it('refuses a custom bookmaker row that would make a sure bet, naming the rule and the figures', async () => {
    const row = {
      marketId: `${cricket}B`,
      selectionId: cricket * 100 + 2,
      runnerName: 'Tigers',
      isCustome: false,
      isActive: true,
      status: 'ACTIVE',
      backSize: 50000,
      laySize: 50000,
    };
    // Lions back 1.88 and Tigers back 2.50: backing both wins whatever happens.
    const alone = await ops('set-custom-bookmaker', { ...row, backPrice: 150, layPrice: 160 });
    expect(alone.json()).toEqual({
      Status: false,
      Result:
        'Refused by the house margin rule: The backs make a book of 93.19 %, below 101.00 %: backing every runner would win whatever happens',
    });
    // With Lions at 1.80 the book alone keeps its margin, but Tigers' back of 2.15 on the
    // bookmaker stands above the exchange's lay of 2.12: back one, lay the other.
    const lions = { ...row, selectionId: cricket * 100 + 1, runnerName: 'Lions' };
    expect(
      (await ops('set-custom-bookmaker', { ...lions, backPrice: 80, layPrice: 120 })).json(),
    ).toMatchObject({ Status: true });
    const against = await ops('set-custom-bookmaker', { ...row, backPrice: 115, layPrice: 130 });
    expect(against.json()).toEqual({
      Status: false,
      Result:
        'Refused by the house margin rule: Back 2.15 is not below lay 2.12 on runner Tigers: back one and lay the other, and the house pays the gap',
    });
    await ops('set-custom-bookmaker', { ...lions, isActive: false, backPrice: 80, layPrice: 120 });
  });

  it('refuses a custom fancy row whose No stands above its Yes, or whose one line makes too thin a book', async () => {
    const row = {
      eventId: cricket,
      selectionId: `${cricket}-7`,
      runnerName: 'Custom 8 over runs',
      isCustome: true,
      isActive: false,
      min: 100,
      max: 25000,
    };
    const crossed = await ops('set-custom-fancy', {
      ...row,
      backPrice: 50,
      backSize: 100,
      layPrice: 52,
      laySize: 100,
    });
    expect(crossed.json()).toEqual({
      Status: false,
      Result:
        'Refused by the house margin rule: No 52 is above Yes 50: runs from 50 to 51 would win both',
    });
    const even = await ops('set-custom-fancy', {
      ...row,
      backPrice: 50,
      backSize: 100,
      layPrice: 50,
      laySize: 100,
    });
    expect(even.json()).toEqual({
      Status: false,
      Result:
        'Refused by the house margin rule: No 50 (100) and Yes 50 (100) make a book of 100.00 %, below 102.00 %: one of them always wins',
    });
  });
});

describe('snapshots', () => {
  const RATES = () => `/api/MarketModels/GetRates?marketids=1.${cricket},${cricket}B`;
  const read = (url: string, headers: Record<string, string> = {}, on = app) =>
    on.inject({ url, headers: { ...bearer(token), ...headers } });

  it('answers a read again from memory, with no query, the same bytes and ETag, and 304 to that ETag', async () => {
    let queries = 0;
    const counting = new Kysely<Schema>({
      dialect: new PostgresDialect({ pool: database.pool }),
      log: () => {
        queries += 1;
      },
    });
    const counted = await buildTestApp(counting, { clock, feed, changes: changesOf(database.db) });
    try {
      for (const url of [
        RATES(),
        `/api/MarketModels/GetEventDetail?eventId=${cricket}`,
        `/api/Odds/BmFancy/${cricket}`,
        `/api/Odds/Toss?marketids=${cricket}T`,
      ]) {
        const first = await read(url, {}, counted);
        queries = 0;
        const second = await read(url, {}, counted);
        expect(queries, url).toBe(0);
        expect(second.statusCode).toBe(200);
        expect(second.body).toBe(first.body);
        expect(second.headers.etag).toMatch(/^"[\w-]{27}"$/);
        expect(second.headers.etag).toBe(first.headers.etag);
        expect(second.headers['cache-control']).toBe('private, no-cache');
        expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(second.headers['content-security-policy']).toContain("default-src 'self'");
        const again = await read(url, { 'if-none-match': String(first.headers.etag) }, counted);
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(first.headers.etag);
        expect(queries, url).toBe(0);
      }
    } finally {
      await counted.close();
    }
  });

  it('builds the answer anew after a price, an operator suspension, a lock and a stale feed', async () => {
    const now = async () => {
      const response = await read(RATES());
      const answer = getRates.response.parse(response.json());
      return {
        etag: String(response.headers.etag),
        status: answer.Status ? answer.Result[0]?.status : undefined,
        back: answer.Status ? answer.Result[0]?.runners[0]?.ex.availableToBack[0]?.price : 0,
      };
    };
    await step(cricket, { kind: 'resume', marketId: `1.${cricket}` });
    // The tag is the bytes': an answer back to what it was gets its old tag back.
    let last = (await now()).etag;
    const expectNew = async (status: string, back?: number) => {
      const after = await now();
      expect(after.etag).not.toBe(last);
      last = after.etag;
      expect(after.status).toBe(status);
      if (back !== undefined) expect(after.back).toBe(back);
    };
    await step(cricket, {
      kind: 'prices',
      marketId: `1.${cricket}`,
      runners: [
        { selectionId: cricket * 100 + 1, back: [{ price: 1.85, size: 1000 }], lay: [] },
        { selectionId: cricket * 100 + 2, back: [{ price: 2.1, size: 700 }], lay: [] },
      ],
    });
    await expectNew('ACTIVE', 1.85);
    await ops('suspend-market', { marketId: `1.${cricket}` });
    await expectNew('SUSPENDED');
    await ops('resume-market', { marketId: `1.${cricket}` });
    await expectNew('ACTIVE');
    await ops('lock-event', { eventId: cricket });
    await expectNew('SUSPENDED');
    await ops('unlock-event', { eventId: cricket });
    await expectNew('ACTIVE');
    // Stale without any write: the book's status is an input of the snapshot.
    clock.advance(10_001);
    await expectNew('SUSPENDED');
    await step(cricket, { kind: 'resume', marketId: `1.${cricket}` });
    await priceBookmakerAndFancy();
  });

  it('sends its brotli or gzip copy to a client that accepts it, and a small answer as it is', async () => {
    const DETAIL = `/api/MarketModels/GetEventDetail?eventId=${cricket}`;
    const plain = await read(DETAIL);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const brotli = await read(DETAIL, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotli.headers.etag).toBe(plain.headers.etag);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gzip = await read(DETAIL, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const small = await read(`/api/Odds/Toss?marketids=1.${cricket}`, { 'accept-encoding': 'br' });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('scores and my markets', () => {
  it('answers the cricket score of docs/product.md#entities and null before the first ball', async () => {
    const answer = getCricketScore.response.parse(await get(`/api/Score/Cricket/${cricket}`));
    expect(answer).toEqual({
      Status: true,
      Result: {
        Innings: [{ Team: 'Lions', Summary: '37/1', Overs: '4.2', CRR: 8.54 }],
        CurrentOver: { Balls: ['4'] },
        LastOver: { Balls: [] },
        RequiredRunRate: null,
        MatchCommentary: 'Driven for four',
      },
    });
    expect(getCricketScore.response.parse(await get(`/api/Score/Cricket/${tennis}`))).toEqual({
      Status: true,
      Result: null,
    });
  });

  it('answers the tennis score with eventTypeId 2, the game in play and the server', async () => {
    feed.scores.set(tennis, {
      kind: 'tennis',
      home: { name: 'A Ray', score: 1, games: 2, gameSequence: [6] },
      away: { name: 'B Sol', score: 0, games: 3, gameSequence: [4] },
      currentSet: 2,
      commentary: '',
      points: { home: 4, away: 3, isTiebreak: false },
      server: 'away',
    });
    const answer = getOtherScore.response.parse(await get(`/api/Score/Other/2/${tennis}`));
    expect(answer).toEqual({
      Status: true,
      Result: [
        {
          eventTypeId: 2,
          score: {
            home: { name: 'A Ray', score: 1, games: 2, gameSequence: [6] },
            away: { name: 'B Sol', score: 0, games: 3, gameSequence: [4] },
          },
          currentSet: 2,
          points: { home: 'AD', away: '40', isTiebreak: false },
          server: 'away',
        },
      ],
    });
    expect(getOtherScore.response.parse(await get(`/api/Score/Other/1/${tennis}`))).toEqual({
      Status: true,
      Result: [],
    });
  });

  it('answers an empty my-markets list until betting exists', async () => {
    expect(getMyMarkets.response.parse(await get('/api/MarketModels/GetMyMarkets'))).toEqual({
      Status: true,
      Result: [],
    });
  });

  it('needs a token for every read', async () => {
    expect((await app.inject({ url: `/api/Odds/BmFancy/${cricket}` })).statusCode).toBe(401);
  });
});
