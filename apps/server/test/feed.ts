import type { Db } from '../src/db/pool.js';
import { createFeedApplier } from '../src/feed/applier.js';
import type { FeedControl } from '../src/feed/control.js';
import { createMemoryPriceBook } from '../src/feed/price-book.js';
import { createFeedRunner } from '../src/feed/runner.js';
import { createScoreBook } from '../src/feed/score-book.js';
import { createScriptedSource } from '../src/feed/scripted.js';
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
