import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createFeedApplier } from './applier.js';
import * as q from './feed.queries.js';
import { createMemoryPriceBook } from './price-book.js';
import { createFeedRunner } from './runner.js';
import { createScoreBook } from './score-book.js';
import { createSimulatorSource } from './simulator-source.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

function feedOn(db: TestDatabase['db'], clock: ReturnType<typeof testClock>, saved: unknown) {
  const priceBook = createMemoryPriceBook(10_000);
  const scores = createScoreBook();
  const source = createSimulatorSource({ saved, seed: 42, speed: 60, start: clock.now() });
  const applier = createFeedApplier({ db, priceBook, scores, source: 'simulator', log: () => {} });
  return { priceBook, scores, source, runner: createFeedRunner({ db, source, applier, clock }) };
}

describe('the simulator behind the feed runner', () => {
  const clock = testClock();

  it('fills the database with live events whose prices move, and resumes them after a restart', async () => {
    const db = database.db;
    const first = feedOn(db, clock, undefined);
    const seqs: number[] = [];
    for (let second = 0; second < 30; second += 1) {
      await first.runner.step(clock.now());
      clock.advance(1000);
    }
    const open = await db
      .selectFrom('events')
      .selectAll()
      .where('status', '<>', 'closed')
      .execute();
    for (const [sport, least] of [
      [4, 6],
      [1, 4],
      [2, 4],
    ] as const) {
      const ofSport = open.filter((event) => event.sport_id === sport);
      expect(ofSport.length).toBeGreaterThanOrEqual(least);
      expect(new Set(ofSport.map((event) => event.series_name)).size).toBeGreaterThanOrEqual(3);
    }
    const inPlay = open.filter((event) => event.status === 'inplay');
    expect(inPlay.length).toBeGreaterThan(0);
    const watched = inPlay.map((event) => `1.${event.id}`);
    for (const marketId of watched)
      seqs.push(first.priceBook.market(marketId, clock.now().getTime())?.seq ?? 0);
    for (let second = 0; second < 10; second += 1) {
      await first.runner.step(clock.now());
      clock.advance(1000);
    }
    const moved = watched.filter(
      (marketId, index) =>
        (first.priceBook.market(marketId, clock.now().getTime())?.seq ?? 0) > (seqs[index] ?? 0),
    );
    expect(moved.length).toBeGreaterThan(0);
    const book = first.priceBook.market(moved[0] ?? '', clock.now().getTime());
    for (const runner of book?.runners ?? []) {
      if (runner.back[0] && runner.lay[0])
        expect(runner.back[0].price).toBeLessThan(runner.lay[0].price);
    }
    expect(first.scores.size).toBeGreaterThan(0);

    // Restart: the saved state resumes the same events, and goes on exactly as before.
    const beforeRestart = await db
      .selectFrom('events')
      .select('id')
      .where('status', '<>', 'closed')
      .execute();
    await first.runner.save();
    const saved = await q.loadState(db, 'simulator');
    const second = feedOn(db, clock, saved);
    for (const market of await q.openMarkets(db))
      second.priceBook.register(market.marketId, market.eventId, 0);
    const later = new Date(clock.now().getTime() + 1000);
    expect(second.source.tick(later)).toEqual(first.source.tick(later));
    const reopened = await db
      .selectFrom('events')
      .select('id')
      .where('status', '<>', 'closed')
      .execute();
    expect(reopened.map((event) => event.id).sort()).toEqual(
      beforeRestart.map((event) => event.id).sort(),
    );
  });
});
