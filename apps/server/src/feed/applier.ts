import { assertNever } from '@backlay/domain';
import { inTransaction, type Db } from '../db/pool.js';
import * as q from './feed.queries.js';
import type { PriceBook } from './price-book.js';
import type { ScoreBook } from './score-book.js';
import type { EventSource, FeedUpdate, ResultDeclaration } from './types.js';

export interface FeedApplier {
  /** Applies updates in order: events and results to the database, prices to the PriceBook. */
  apply(updates: readonly FeedUpdate[], at: Date): Promise<void>;
}

function declarationTarget(declaration: ResultDeclaration): {
  marketId?: string;
  selectionId?: string;
} {
  switch (declaration.kind) {
    case 'market':
    case 'void-market':
      return { marketId: declaration.marketId };
    case 'fancy':
    case 'void-fancy':
      return { selectionId: declaration.selectionId };
    default: {
      return assertNever(declaration, 'result declaration');
    }
  }
}

/** The books a feed fills and everything else reads: prices and scores. */
export interface FeedBooks {
  readonly priceBook: PriceBook;
  readonly scores: ScoreBook;
}

/** The Seq each book an applied batch priced took: the leader's, for its followers. */
export interface BatchSeqs {
  readonly markets: Readonly<Record<string, number>>;
  readonly fancies: Readonly<Record<string, number>>;
}

/**
 * What one update does to this process's books, the same on the feed leader and on every
 * follower that replays the leader's batch (docs/scaling.md); `seqs` carries the leader's Seq.
 */
export function applyToBooks(
  books: FeedBooks,
  update: FeedUpdate,
  now: number,
  seqs?: BatchSeqs,
): void {
  const { priceBook, scores } = books;
  switch (update.kind) {
    case 'event':
      for (const market of update.event.markets)
        priceBook.register(
          market.marketId,
          update.event.eventId,
          now,
          market.runners,
          market.marketType,
        );
      return;
    case 'eventStatus':
      if (update.status === 'closed') priceBook.drop(update.eventId);
      return;
    case 'market':
      priceBook.putMarket(
        update.marketId,
        update.status,
        update.runners,
        now,
        seqs?.markets[update.marketId],
        update.betDelayS,
      );
      return;
    case 'fancy':
      priceBook.putFancy(update.eventId, update.rows, now, seqs?.fancies[update.eventId]);
      return;
    case 'score':
      scores.set(update.eventId, update.score);
      return;
    case 'heartbeat':
      priceBook.heartbeat(update.eventIds, now);
      return;
    case 'result':
      return;
    default:
      return assertNever(update, 'feed update');
  }
}

/** The Seq of every book `updates` priced, as they stand after the batch. */
export function seqsOf(books: FeedBooks, updates: readonly FeedUpdate[], now: number): BatchSeqs {
  const markets: Record<string, number> = {};
  const fancies: Record<string, number> = {};
  for (const update of updates) {
    if (update.kind === 'market') {
      const seq = books.priceBook.market(update.marketId, now)?.seq;
      if (seq !== undefined) markets[update.marketId] = seq;
    } else if (update.kind === 'fancy') {
      const seq = books.priceBook.fancy(update.eventId, now)?.seq;
      if (seq !== undefined) fancies[update.eventId] = seq;
    }
  }
  return { markets, fancies };
}

export function createFeedApplier(deps: {
  db: Db;
  priceBook: PriceBook;
  scores: ScoreBook;
  source: EventSource;
  log: (message: string) => void;
  /** Settles a declared result (docs/decisions.md#money: the feed's result is a declaration like any other). */
  settle?: (declaration: ResultDeclaration) => Promise<void>;
  /** Hears every applied batch (the hub pushes what changed). */
  notify?: (updates: readonly FeedUpdate[], at: Date) => Promise<void>;
}): FeedApplier {
  const { db, source } = deps;
  const books: FeedBooks = { priceBook: deps.priceBook, scores: deps.scores };
  return {
    async apply(updates, at) {
      const now = at.getTime();
      for (const update of updates) {
        // The database first: a book never shows what PostgreSQL does not hold yet.
        switch (update.kind) {
          case 'event': {
            const { event } = update;
            await inTransaction(db, (tx) => q.insertEvent(tx, event, source, at));
            break;
          }
          case 'eventStatus':
            await q.setEventStatus(db, update.eventId, update.status);
            break;
          case 'market':
            if (update.status === 'CLOSED') await q.closeMarket(db, update.marketId);
            break;
          case 'result': {
            const target = declarationTarget(update.declaration);
            const eventId = target.marketId
              ? await q.eventIdOfMarket(db, target.marketId)
              : await q.eventIdOfFancy(db, target.selectionId ?? '');
            if (eventId === undefined) {
              deps.log(
                `result for an unknown market or session: ${JSON.stringify(update.declaration)}`,
              );
              break;
            }
            await q.insertDeclaration(db, update.declaration, eventId, source, at);
            await deps.settle?.(update.declaration);
            break;
          }
          case 'fancy':
          case 'score':
          case 'heartbeat':
            break;
          default:
            return assertNever(update, 'feed update');
        }
        applyToBooks(books, update, now);
      }
      if (updates.length > 0 && deps.notify) {
        await deps
          .notify(updates, at)
          .catch((error: unknown) => deps.log(`hub notify failed: ${String(error)}`));
      }
    },
  };
}
