import type { HouseMargins } from '@backlay/domain';
import type { FeedBooks } from './applier.js';
import { createMemoryPriceBook, type PriceBook } from './price-book.js';
import type { FeedRunner } from './runner.js';
import { createScoreBook, type ScoreBook } from './score-book.js';
import type { ScriptedSource } from './scripted.js';
import type { ReplayControl } from './betfair/replay.js';

/** What an outside provider's adapter says of itself on the feed status route. */
export interface ProviderStatus {
  readonly connected: boolean;
  /** Lines or changes that could not be read (logged, counted, never fatal). */
  readonly malformed: number;
  /** Books suspended because their best back met or passed their best lay. */
  readonly crossed: number;
  /** Markets not taken (a sport or market type Backlay does not list). */
  readonly skipped: number;
  readonly reconnects: number;
  /** Messages with status 503: the stream lagged behind the exchange. */
  readonly lagging: number;
  /** Publish time of the last message applied, epoch ms. */
  readonly lastPublishAt: number | null;
}

export type FeedName = 'simulator' | 'scripted' | 'betfair' | 'betfair-file' | 'none';

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
  /** Present with FEED=betfair-file: the replay's position and hold point (docs/feeds.md). */
  readonly replay?: ReplayControl;
  /** Present with FEED=betfair and betfair-file: what the adapter counted. */
  readonly provider?: () => ProviderStatus;
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
