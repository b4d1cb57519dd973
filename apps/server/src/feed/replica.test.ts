import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { testClock } from '../../test/app.js';
import { applyToBooks, seqsOf, type FeedBooks } from './applier.js';
import { createFeedBooks } from './control.js';
import { follow } from './replica.js';
import { FEED_LOCK_KEY, runFeed, type FeedRunner, type RunningFeed } from './runner.js';
import type { FeedUpdate, RunnerQuote } from './types.js';

const STALE_S = 5;
const quote = (price: number): RunnerQuote[] => [
  {
    selectionId: 1,
    status: 'ACTIVE',
    back: [{ price, size: 500 }],
    lay: [{ price: price + 2, size: 400 }],
  },
];
const event: FeedUpdate = {
  kind: 'event',
  event: {
    eventId: 7,
    sportId: 4,
    seriesName: 'Cup',
    name: 'A v B',
    startTime: new Date(0),
    markets: [
      {
        marketId: '1.7',
        marketType: 'MATCH_ODDS',
        name: 'Match Odds',
        minStake: 100,
        maxStake: 100_000,
        runners: [{ selectionId: 1, name: 'A' }],
      },
    ],
    fancy: [],
    sessionMinStake: 100,
    sessionMaxStake: 100_000,
  },
};
const price = (value: number): FeedUpdate => ({
  kind: 'market',
  marketId: '1.7',
  status: 'ACTIVE',
  runners: quote(value),
});

/** The leader's side of a batch: applied to its books, then the message its followers hear. */
function lead(books: FeedBooks, updates: readonly FeedUpdate[], at: number) {
  for (const update of updates) applyToBooks(books, update, at);
  return { kind: 'batch' as const, at, updates, seqs: seqsOf(books, updates, at) };
}

describe("a follower's books", () => {
  it("read as the leader's, with the leader's Seq, after its batches", () => {
    const leader = createFeedBooks(STALE_S);
    const follower = createFeedBooks(STALE_S);
    // Two prices in one millisecond: the leader's Seq runs past the clock, and so must the copy.
    for (const batch of [
      lead(leader, [event, price(190)], 1_000),
      lead(leader, [price(191), price(192)], 2_000),
      lead(leader, [{ kind: 'heartbeat', eventIds: [7] }], 6_000),
    ])
      follow(follower, batch);
    expect(follower.priceBook.market('1.7', 6_500)).toEqual(leader.priceBook.market('1.7', 6_500));
    expect(follower.priceBook.market('1.7', 6_500)?.seq).toBe(2_001);
    expect(follower.priceBook.market('1.7', 6_500)?.status).toBe('ACTIVE');
  });

  it('are whole after the leader hands over its book, and never go back to an older one', () => {
    const leader = createFeedBooks(STALE_S);
    lead(leader, [event, price(190)], 1_000);
    const dumped = leader.priceBook.dump();
    lead(leader, [price(195)], 3_000);

    // Started late: it missed both batches, and knows the market only from the database.
    const late = createFeedBooks(STALE_S);
    late.priceBook.register('1.7', 7, 2_000);
    expect(late.priceBook.market('1.7', 2_000)?.status).toBe('SUSPENDED');
    follow(late, { kind: 'books', books: leader.priceBook.dump() });
    expect(late.priceBook.market('1.7', 3_500)).toEqual(leader.priceBook.market('1.7', 3_500));

    // A book dumped before the last batch this follower heard changes nothing but its signal.
    follow(late, { kind: 'books', books: dumped });
    expect(late.priceBook.market('1.7', 3_500)?.runners).toEqual(quote(195));
  });
});

describe('the feed lock', () => {
  let database: TestDatabase;
  const running: RunningFeed[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const feed of running) await feed.stop();
    await database.drop();
  });

  function recorder() {
    const calls: string[] = [];
    const runner: FeedRunner = {
      step: async () => void calls.push('step'),
      inject: async () => {},
      save: async () => void calls.push('save'),
      takeOver: async () => void calls.push('takeOver'),
    };
    return { calls, runner };
  }
  const start = async (runner: FeedRunner) => {
    const feed = await runFeed({
      databaseUrl: database.url,
      runner,
      clock: testClock(),
      intervalMs: 20,
      saveEveryMs: 60_000,
      log: () => {},
      retryMs: 20,
    });
    running.push(feed);
    return feed;
  };

  it('moves to a follower when the leader stops, which resumes from what the leader saved', async () => {
    const first = recorder();
    const second = recorder();
    const leader = await start(first.runner);
    const follower = await start(second.runner);
    expect([leader.isLeader, follower.isLeader]).toEqual([true, false]);
    await vi.waitFor(() => expect(first.calls).toContain('step'));
    expect(second.calls).toEqual([]);

    await leader.stop();
    expect(first.calls.at(-1)).toBe('save'); // saved before it let go
    await vi.waitFor(() => expect(follower.isLeader).toBe(true));
    await vi.waitFor(() => expect(second.calls.slice(0, 2)).toEqual(['takeOver', 'step']));
    await follower.stop();
  });

  it('stops a leader that lost its lock connection from ticking, and hands the feed on', async () => {
    const first = recorder();
    const second = recorder();
    const leader = await start(first.runner);
    const follower = await start(second.runner);
    expect(leader.isLeader).toBe(true);

    // PostgreSQL ends the session holding the lock (as when the leader's host vanishes).
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks
        WHERE locktype = 'advisory' AND objid = $1 AND granted`,
      [FEED_LOCK_KEY],
    );
    await admin.end();
    // The leader hears of its lost session on its own socket, the follower takes the free lock on
    // another: which comes first is the machine's to say, so both are awaited.
    await vi.waitFor(() => expect([leader.isLeader, follower.isLeader]).toEqual([false, true]));
    const steps = first.calls.filter((call) => call === 'step').length;
    await vi.waitFor(() =>
      expect(second.calls.filter((call) => call === 'step').length).toBeGreaterThan(3),
    );
    expect(first.calls.filter((call) => call === 'step').length).toBeLessThanOrEqual(steps + 1);
  });
});
