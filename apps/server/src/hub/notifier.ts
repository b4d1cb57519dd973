import { marketIdParse } from '@backlay/domain';
import type { FeedStatus, FeedUpdate } from '../feed/types.js';
import type { Catalog } from '../modules/markets/catalog.js';
import type { MarketsService } from '../modules/markets/markets.service.js';
import type { Clock } from '../seams.js';
import { eventGroup, type HubPublisher } from './hub.js';
import type { MarketPushes } from './market-pushes.js';

/**
 * Turns what the feed changed into hub messages with their data (docs/product.md#states real-time events;
 * market-pushes.ts), once per part and batch, as the batch left it: the book of every exchange
 * and toss market whose prices or status changed (UpdateMarketOdds), the bookmaker rows
 * (GetActiveBM), the fancy rows (GetActiveSession), and the event's detail when a market's status
 * changed (EventSuspended); the feed's heartbeat of each event (FeedHeartbeat), which keeps what
 * an open screen holds fresh; new or closed events reload the market list and the in-play count.
 */
export function createFeedNotifier(deps: {
  publisher: HubPublisher;
  pushes: Pick<MarketPushes, 'send'>;
  markets: Pick<MarketsService, 'listEvents'>;
  /** Each market's event: a provider's market id does not name it (docs/architecture.md identifiers). */
  catalog: Pick<Catalog, 'marketEvent'>;
  clock: Clock;
}) {
  const { publisher, pushes, markets, catalog, clock } = deps;
  /**
   * The feed status of each open market as last heard, with its event. A market not in it counts
   * as SUSPENDED, as the PriceBook holds a market before its first price, so its first ACTIVE
   * price is a reopening.
   */
  const lastStatus = new Map<string, { readonly status: FeedStatus; readonly eventId: number }>();

  return async (updates: readonly FeedUpdate[]): Promise<void> => {
    let listChanged = false;
    const books = new Map<string, number>();
    const bookmakers = new Set<number>();
    const fancies = new Set<number>();
    /** Events with a market whose status this batch changed. */
    const suspensions = new Set<number>();
    const heartbeats = new Set<number>();
    for (const update of updates) {
      switch (update.kind) {
        case 'event':
          listChanged = true;
          break;
        case 'eventStatus':
          listChanged = true;
          if (update.status === 'closed') {
            for (const [marketId, heard] of lastStatus)
              if (heard.eventId === update.eventId) lastStatus.delete(marketId);
          }
          break;
        case 'market': {
          const eventId = await catalog.marketEvent(update.marketId);
          if (eventId === undefined) break;
          // Bookmaker ids are ours (`<EventId>B`); every other market's book is pushed as the
          // catalog knows its kind (market-pushes.ts).
          if (marketIdParse(update.marketId)?.kind === 'BOOKMAKER') bookmakers.add(eventId);
          else books.set(update.marketId, eventId);
          if ((lastStatus.get(update.marketId)?.status ?? 'SUSPENDED') !== update.status)
            suspensions.add(eventId);
          if (update.status === 'CLOSED') lastStatus.delete(update.marketId);
          else lastStatus.set(update.marketId, { status: update.status, eventId });
          break;
        }
        case 'fancy':
          fancies.add(update.eventId);
          break;
        case 'heartbeat':
          for (const eventId of update.eventIds) heartbeats.add(eventId);
          break;
        case 'score':
        case 'result':
          break;
        default:
          break;
      }
    }
    await pushes.send({
      markets: books,
      bookmakers,
      fancies,
      details: suspensions,
    });
    for (const eventId of heartbeats)
      publisher.toGroup(eventGroup(eventId), {
        target: 'FeedHeartbeat',
        payload: { EventId: eventId },
      });
    if (listChanged) {
      const events = await markets.listEvents(undefined);
      publisher.toAll({ target: 'UpdateMarketList', payload: { Seq: clock.now().getTime() } });
      publisher.toAll({
        target: 'inplaycount',
        payload: {
          Count: events.filter((event) => event.status === 'inplay').length,
        },
      });
    }
  };
}
