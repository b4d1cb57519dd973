import { assertNever } from '@backlay/domain';
import { inTransaction, type Db } from '../db/pool.js';
import * as q from './feed.queries.js';
import type { PriceBook } from './price-book.js';
import type { ScoreBook } from './score-book.js';
import type { FeedUpdate, ResultDeclaration } from './types.js';

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

export function createFeedApplier(deps: {
  db: Db;
  priceBook: PriceBook;
  scores: ScoreBook;
  source: 'simulator' | 'scripted';
  log: (message: string) => void;
  /** Settles a declared result (DESIGN §5: the feed's result is a declaration like any other). */
  settle?: (declaration: ResultDeclaration) => Promise<void>;
  /** Hears every applied batch (the hub pushes what changed). */
  notify?: (updates: readonly FeedUpdate[]) => Promise<void>;
}): FeedApplier {
  const { db, priceBook, scores, source } = deps;
  return {
    async apply(updates, at) {
      const now = at.getTime();
      for (const update of updates) {
        switch (update.kind) {
          case 'event': {
            const { event } = update;
            await inTransaction(db, (tx) => q.insertEvent(tx, event, source, at));
            for (const market of event.markets)
              priceBook.register(market.marketId, event.eventId, now);
            break;
          }
          case 'eventStatus':
            await q.setEventStatus(db, update.eventId, update.status);
            if (update.status === 'closed') priceBook.drop(update.eventId);
            break;
          case 'market':
            priceBook.putMarket(update.marketId, update.status, update.runners, now);
            if (update.status === 'CLOSED') await q.closeMarket(db, update.marketId);
            break;
          case 'fancy':
            priceBook.putFancy(update.eventId, update.rows, now);
            break;
          case 'score':
            scores.set(update.eventId, update.score);
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
          case 'heartbeat':
            priceBook.heartbeat(update.eventIds, now);
            break;
          default:
            return assertNever(update, 'feed update');
        }
      }
      if (updates.length > 0 && deps.notify) {
        await deps
          .notify(updates)
          .catch((error: unknown) => deps.log(`hub notify failed: ${String(error)}`));
      }
    },
  };
}
