import type { Db } from '../src/db/pool.js';
import { createFeedApplier } from '../src/feed/applier.js';
import type { FeedControl } from '../src/feed/control.js';
import { createMemoryPriceBook } from '../src/feed/price-book.js';
import { createFeedRunner } from '../src/feed/runner.js';
import { createScoreBook } from '../src/feed/score-book.js';
import { createScriptedSource } from '../src/feed/scripted.js';
import { readRecordings } from '../src/feed/betfair/recording.js';
import { createReplaySource } from '../src/feed/betfair/replay.js';
import type { ResultDeclaration } from '../src/feed/types.js';
import type { Clock } from '../src/seams.js';

export type ScriptedControl = FeedControl & { scripted: NonNullable<FeedControl['scripted']> };

/** A scripted feed on a test database, ticked only when the test says so. */
export function scriptedFeed(
  db: Db,
  clock: Clock,
  options: { staleMs?: number; settle?: (declaration: ResultDeclaration) => Promise<void> } = {},
): ScriptedControl {
  const staleMs = options.staleMs ?? 10_000;
  // The in-process test feed holds nothing to the house's margins, unlike every feed of the
  // product: the money proofs draw each runner's back and lay at random, sure bets included, to
  // test the money path, not the quotes (the quotes proof and price-book.test.ts test the hold).
  const priceBook = createMemoryPriceBook(staleMs, null);
  const scores = createScoreBook();
  const source = createScriptedSource({ start: clock.now() });
  const applier = createFeedApplier({
    db,
    priceBook,
    scores,
    source: 'scripted',
    log: () => {},
    ...(options.settle ? { settle: options.settle } : {}),
  });
  const runner = createFeedRunner({ db, source, applier, clock });
  return {
    name: 'scripted',
    priceBook,
    scores,
    isLeader: () => true,
    scripted: { runner, source },
  };
}

export type ReplayControl = FeedControl & {
  replay: NonNullable<FeedControl['replay']>;
  /** Applies what the replay's next tick gives, at the clock's time. */
  step(): Promise<void>;
};

/**
 * FEED=betfair-file on a test database (docs/feeds.md): Betfair's recordings replayed through the
 * product's adapter, held at `until` and moved on by the test; ticked only when the test says so.
 * Its books hold quotes to the house's default margins, as the product's do.
 */
export async function replayFeed(
  db: Db,
  clock: Clock,
  options: {
    files: string[];
    until: number;
    sizeRate?: number;
    settle?: (declaration: ResultDeclaration) => Promise<void>;
    /** Hears what the adapter and the applier log (a skipped market, a failed write). */
    log?: (message: string) => void;
  },
): Promise<ReplayControl> {
  const log = options.log ?? (() => {});
  const priceBook = createMemoryPriceBook(10_000);
  const scores = createScoreBook();
  const recording = await readRecordings(options.files, log);
  const source = createReplaySource({
    files: options.files,
    messages: recording.messages,
    malformed: recording.malformed,
    speed: 0,
    until: options.until,
    settings: {
      sizeRate: options.sizeRate ?? 100,
      eventTypes: [4, 1, 2],
      marketTypes: ['MATCH_ODDS'],
      maxStakeMatch: 500_000,
      maxStakeSession: 100_000,
    },
    heartbeatMs: 1000,
    log,
  });
  const applier = createFeedApplier({
    db,
    priceBook,
    scores,
    source: 'betfair',
    log,
    ...(options.settle ? { settle: options.settle } : {}),
  });
  const runner = createFeedRunner({ db, source, applier, clock });
  return {
    name: 'betfair-file',
    priceBook,
    scores,
    isLeader: () => true,
    replay: source.replay,
    provider: () => source.replay.provider(),
    step: () => runner.step(clock.now()),
  };
}
