import { postUserBet } from '@backlay/contract/bets';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { BET_MESSAGES } from './bet-answers.js';

// What bet_place reads of the agent network (docs/agents.md#controls): the client's exposure
// limit, a lock an ancestor holds (copied down onto the client's row), and the takes the bet is
// placed under — all from the client's own row, no ancestor read on a bet's path.

let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
let eventId: number;
let mira: string;
let miraId: string;

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

/** A back bet of `stake` whole rupees on the first runner at 2.0 (its exposure: the stake). */
const back = (stake: number) => bet('Back', 2, stake);

async function bet(side: 'Back' | 'Lay', odds: number, stake: number) {
  const response = await app.inject({
    method: 'POST',
    url: postUserBet.path,
    headers: bearer(mira),
    payload: {
      sportsId: 4,
      MarketType: 'MATCH_ODDS',
      MarketId: `1.${eventId}`,
      EventId: eventId,
      SelectionID: String(eventId * 100 + 1),
      SelectionName: 'Hawks',
      BetType: side,
      Odds: odds,
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

const setClient = (column: string, value: unknown) =>
  sql`UPDATE clients SET ${sql.ref(column)} = ${value} WHERE id = ${miraId}`.execute(database.db);

beforeAll(async () => {
  database = await createTestDatabase();
  const feed = scriptedFeed(database.db, clock);
  app = await buildTestApp(database.db, { clock, feed });
  miraId = await createTestClient(database.db, 'mira', 100_000, clock);
  mira = (await login(app, 'mira')).Token;
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

describe('a bet under the agent network', () => {
  it('records the takes of the client at the time it is placed', async () => {
    expect(await back(1000)).toEqual({ Status: true, Result: BET_MESSAGES.placed });
    const row = await database.db
      .selectFrom('bets')
      .innerJoin('clients', 'clients.id', 'bets.client_id')
      .select(['bets.takes_id as betTakes', 'clients.takes_id as clientTakes'])
      .where('bets.client_id', '=', miraId)
      .executeTakeFirstOrThrow();
    expect(row.betTakes).not.toBeNull();
    expect(row.betTakes).toBe(row.clientTakes);
  });

  it('is refused past the exposure limit, to the paisa, and taken up to it', async () => {
    // ₹1,000 held already; ₹1,500 more makes ₹2,500 (2,50,000 paise).
    await setClient('exposure_limit_paise', 249_999);
    expect(await back(1500)).toEqual({ Status: false, Result: BET_MESSAGES.exposureLimit });
    await setClient('exposure_limit_paise', 250_000);
    expect(await back(1500)).toEqual({ Status: true, Result: BET_MESSAGES.placed });
    expect(await back(500)).toEqual({ Status: false, Result: BET_MESSAGES.exposureLimit });
    // Under a limit below what it holds, a bet that lowers the exposure is still taken: a lay of
    // ₹500 at 2.02 takes the ₹2,500 held on Hawks losing down to ₹2,000.
    await setClient('exposure_limit_paise', 100_000);
    expect(await bet('Lay', 2.02, 500)).toEqual({ Status: true, Result: BET_MESSAGES.placed });
    await setClient('exposure_limit_paise', null);
    expect(await back(500)).toEqual({ Status: true, Result: BET_MESSAGES.placed });
  });

  it("is refused while an ancestor's betting or login lock is copied down onto the client", async () => {
    for (const column of ['ancestor_betting_locked', 'ancestor_login_locked']) {
      await setClient(column, true);
      expect(await back(500)).toEqual({ Status: false, Result: BET_MESSAGES.clientLocked });
      await setClient(column, false);
    }
    expect(await back(500)).toEqual({ Status: true, Result: BET_MESSAGES.placed });
  });
});
