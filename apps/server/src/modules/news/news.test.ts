import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestClient, login, testClock } from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { createNewsService, TICKER_SIZE } from './news.service.js';

let database: TestDatabase;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
  const clock = testClock();
  const news = createNewsService({ db: database.db, clock });
  for (let n = 1; n <= TICKER_SIZE + 2; n += 1) {
    await news.publish(`Message ${n}`);
    clock.advance(60_000);
  }
  await createTestClient(database.db, 'leo');
  token = (await login(app, 'leo')).Token;
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('news', () => {
  it('gives the ticker its latest messages first, with Message and createdOn', async () => {
    const response = await app.inject({ url: '/api/NewsModels/GetNews', headers: bearer(token) });
    const result = response.json().Result as { Message: string; createdOn: string }[];
    expect(result).toHaveLength(TICKER_SIZE);
    expect(result[0]).toEqual({
      Message: `Message ${TICKER_SIZE + 2}`,
      createdOn: '2026-11-21T10:11:00.000Z',
    });
  });

  it('lists every message for /news', async () => {
    const response = await app.inject({
      url: '/api/NewsModels/GetAllNews',
      headers: bearer(token),
    });
    expect(response.json().Result).toHaveLength(TICKER_SIZE + 2);
  });

  it('gives the landing page messages only, without a token', async () => {
    const response = await app.inject({ url: '/api/NewsModels/GetPublicNews' });
    expect(response.statusCode).toBe(200);
    expect(response.json().Result[0]).toEqual({ Message: `Message ${TICKER_SIZE + 2}` });
  });

  it('needs a token for the ticker', async () => {
    expect((await app.inject({ url: '/api/NewsModels/GetNews' })).statusCode).toBe(401);
  });
});
