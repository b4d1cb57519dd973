import type { HouseMargins } from '@backlay/domain';
import type { FeedBooks } from './applier.js';
import { createMemoryPriceBook, type PriceBook } from './price-book.js';
import type { FeedRunner } from './runner.js';
import { createScoreBook, type ScoreBook } from './score-book.js';
import type { ScriptedSource } from './scripted.js';

export type FeedName = 'simulator' | 'scripted' | 'none';

/** What the HTTP side sees of the feed: the books it reads, and the scripted controls. */
export interface FeedControl {
  readonly name: FeedName;
  readonly priceBook: PriceBook;
  readonly scores: ScoreBook;
  isLeader(): boolean;
  /**
   * With several instances (REDIS_URL): true while another instance runs the feed and this one
   * follows its books (docs/scaling.md, "The feed leader").
   */
  isFollower?(): boolean;
  /** Present with FEED=scripted: operator fixtures go through the same runner as the ticks. */
  readonly scripted?: { readonly runner: FeedRunner; readonly source: ScriptedSource };
}

/**
 * Empty books, a price stale after `staleS` seconds without news, every quote held to the house's
 * `margins` (packages/domain/README.md, "House margins"), whichever feed fills them.
 */
export function createFeedBooks(staleS: number, margins?: HouseMargins): FeedBooks {
  return { priceBook: createMemoryPriceBook(staleS * 1000, margins), scores: createScoreBook() };
}

/** FEED=none: empty books, nothing runs. */
export function noFeed(staleS: number): FeedControl {
  return { name: 'none', ...createFeedBooks(staleS), isLeader: () => false };
}
