import { getRates } from '@backlay/contract/markets';
import type { FastifyInstance } from 'fastify';
import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestClient,
  login,
  OPS_TOKEN,
  testClock,
} from '../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { scriptedFeed } from '../../test/feed.js';
import { COMPRESS_FROM_BYTES } from './compression.js';

// The fast lane (http/fast-lane.ts) through a real socket: app.inject never reaches it.

const LIMIT = 40;
let database: TestDatabase;
let app: FastifyInstance;
let base: string;
let mira: string;
let noor: string;
let eventId: number;
/** The URLs of the requests the framework saw (everything the lane left to it). */
const framework: string[] = [];
const clock = testClock();

const RATES = () => `/api/MarketModels/GetRates?marketids=1.${eventId},${eventId}B`;
const DETAIL = () => `/api/MarketModels/GetEventDetail?eventId=${eventId}`;
const BM_FANCY = () => `/api/Odds/BmFancy/${eventId}`;

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

/** A GET over the socket, bytes as sent; it counts as the lane's when the framework saw none. */
function get(url: string, token: string, headers: Record<string, string> = {}, method = 'GET') {
  const seen = framework.length;
  return new Promise<{
    status: number;
    headers: IncomingHttpHeaders;
    body: Buffer;
    byLane: boolean;
  }>((resolve, reject) => {
    const req = request(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...headers },
    });
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          byLane: framework.length === seen,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers an answer carries, transport headers aside. */
const answerHeaders = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !['date', 'connection', 'keep-alive'].includes(name),
    ),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  const feed = scriptedFeed(database.db, clock);
  app = await buildTestApp(database.db, {
    clock,
    feed,
    config: { rateLimitPerMin: LIMIT },
    routes: (instance) =>
      // onSend: it runs for every answer of the framework, refusals included.
      instance.addHook('onSend', async (request, _reply, payload) => {
        framework.push(request.url);
        return payload;
      }),
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  await createTestClient(database.db, 'mira', 1000, clock);
  await createTestClient(database.db, 'noor', 1000, clock);
  mira = (await login(app, 'mira')).Token;
  noor = (await login(app, 'noor')).Token;
  const created = await ops('fixture-event', {
    sportId: 4,
    seriesName: 'Harbour Cup',
    name: 'Hawks v Owls',
    runners: ['Hawks', 'Owls'],
    bookmaker: true,
    fancy: [6, 8, 10, 12, 15, 20].map((over) => `${over} over runs Hawks`),
    inPlay: true,
  });
  eventId = created.json<{ Result: { eventId: number } }>().Result.eventId;
  await ops('fixture-step', {
    eventId,
    step: {
      kind: 'prices',
      marketId: `1.${eventId}`,
      runners: [1, 2].map((n) => ({
        selectionId: eventId * 100 + n,
        back: [{ price: 1.9 + n / 10, size: 1200 }],
        lay: [{ price: 1.92 + n / 10, size: 900 }],
      })),
    },
  });
  await ops('fixture-step', {
    eventId,
    step: {
      kind: 'fancy',
      rows: [1, 2, 3, 4, 5, 6].map((n) => ({
        selectionId: `${eventId}-${n}`,
        noLine: 40 + n * 10,
        noRate: 100,
        yesLine: 41 + n * 10,
        yesRate: 100,
      })),
    },
  });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('the fast lane', () => {
  it("answers a warm read from memory with the framework route's exact bytes and headers", async () => {
    for (const url of [
      RATES(),
      DETAIL(),
      BM_FANCY(),
      `/api/Odds/Toss?marketids=${eventId}T`,
      `/api/Score/Cricket/${eventId}`,
    ]) {
      const cold = await get(url, mira);
      const warm = await get(url, mira);
      expect(cold.status, url).toBe(200);
      expect(warm.byLane, url).toBe(true);
      expect(warm.body.equals(cold.body), url).toBe(true);
      expect(answerHeaders(warm.headers), url).toEqual(answerHeaders(cold.headers));
      const again = await get(url, mira, {
        'if-none-match': String(warm.headers.etag),
      });
      expect(again.status, url).toBe(304);
      expect(again.byLane).toBe(true);
      expect(again.body.length).toBe(0);
    }
    const plain = await get(BM_FANCY(), mira);
    expect(plain.body.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const brotli = await get(BM_FANCY(), mira, { 'accept-encoding': 'br' });
    expect(brotli.byLane).toBe(true);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(
      getRates.response.safeParse(JSON.parse((await get(RATES(), mira)).body.toString())).success,
    ).toBe(true);
  });

  it('leaves to the framework whatever is not plain: a bad token, another key, a bad query, HEAD', async () => {
    await get(RATES(), mira);
    const bad = await get(RATES(), 'not-a-token');
    expect(bad.byLane).toBe(false);
    expect(bad.status).toBe(401);
    const otherKey = await get(`${RATES()}&uid=someone-else`, mira);
    expect(otherKey.byLane).toBe(false);
    expect(otherKey.status).toBe(403);
    const badQuery = await get('/api/MarketModels/GetEventDetail?eventId=abc', mira);
    expect(badQuery.byLane).toBe(false);
    expect(badQuery.status).toBe(400);
    const head = await get(RATES(), mira, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.byLane).toBe(false);
  });

  it('counts reads per session, in the lane and the framework alike, so one address does not throttle its bettors together', async () => {
    // A new window, so the reads above do not count.
    clock.advance(60_000 - (clock.now().getTime() % 60_000));
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i += 1) statuses.push((await get(RATES(), mira)).status);
    expect(statuses).toEqual(Array.from({ length: LIMIT }, () => 200));
    const over = await get(RATES(), mira);
    expect(over.status).toBe(429);
    expect(over.byLane).toBe(false);
    expect(over.headers['retry-after']).toBe('60');
    expect(JSON.parse(over.body.toString())).toEqual({
      Status: false,
      Result: 'Too many requests. Try again in 60 seconds.',
    });
    // Noor shares the address, not the session.
    expect((await get(RATES(), noor)).status).toBe(200);
    clock.advance(60_000);
    expect((await get(RATES(), mira)).status).toBe(200);
  });

  it('counts calls without a session per address, a bad token too', async () => {
    clock.advance(60_000 - (clock.now().getTime() % 60_000));
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) statuses.push((await get(RATES(), `bogus-${i}`)).status);
    expect(statuses).toEqual([...Array.from({ length: LIMIT }, () => 401), 429]);
    // The bettors behind that address still read.
    expect((await get(RATES(), mira)).status).toBe(200);
    clock.advance(60_000);
  });
});
