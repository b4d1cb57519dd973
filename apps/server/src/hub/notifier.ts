import { marketIdParse } from '@backlay/domain';
import type { FeedUpdate } from '../feed/types.js';
import type { MarketsService } from '../modules/markets/markets.service.js';
import { bookmakerRowsWire, fancyRowWire } from '../modules/markets/markets.wire.js';
import type { Clock } from '../seams.js';
import { eventGroup, type HubPublisher } from './hub.js';

/**
 * Turns what the feed changed into hub messages (SPEC §4 real-time events; DESIGN §7): new or
 * closed events reload the market list and the in-play count, bookmaker and fancy prices go to
 * their event's group with their Seq.
 */
export function createFeedNotifier(deps: {
  publisher: HubPublisher;
  markets: MarketsService;
  clock: Clock;
}) {
  const { publisher, markets, clock } = deps;
  return async (updates: readonly FeedUpdate[]): Promise<void> => {
    let listChanged = false;
    for (const update of updates) {
      switch (update.kind) {
        case 'event':
        case 'eventStatus':
          listChanged = true;
          break;
        case 'market': {
          const parts = marketIdParse(update.marketId);
          if (parts?.kind !== 'BOOKMAKER') break;
          const [view] = await markets.markets([update.marketId]);
          publisher.toGroup(eventGroup(parts.eventId), 'GetActiveBM', {
            Marketid: update.marketId,
            EventId: parts.eventId,
            Seq: view?.seq ?? 0,
            BMList: bookmakerRowsWire(view),
          });
          break;
        }
        case 'fancy': {
          const fancy = await markets.fancy(update.eventId);
          publisher.toGroup(eventGroup(update.eventId), 'GetActiveSession', {
            MarketId: update.eventId,
            Seq: fancy.seq,
            fancyList: fancy.rows.map(fancyRowWire),
          });
          break;
        }
        case 'score':
        case 'result':
        case 'heartbeat':
          break;
        default:
          break;
      }
    }
    if (listChanged) {
      const events = await markets.listEvents(undefined);
      publisher.toAll('UpdateMarketList', { Seq: clock.now().getTime() });
      publisher.toAll('inplaycount', {
        Count: events.filter((event) => event.status === 'inplay').length,
      });
    }
  };
}
