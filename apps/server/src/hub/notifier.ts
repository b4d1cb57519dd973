import type { HubPayload } from '@backlay/contract/hub';
import { isExchangeMarket, marketIdParse } from '@backlay/domain';
import type { FeedStatus, FeedUpdate } from '../feed/types.js';
import type { MarketsService } from '../modules/markets/markets.service.js';
import {
  bookmakerRowsWire,
  exchangeBookWire,
  fancyRowWire,
  marketBookWire,
} from '../modules/markets/markets.wire.js';
import type { Clock } from '../seams.js';
import { eventGroup, type HubPublisher } from './hub.js';

/** The markets whose status changes are pushed with their book: the exchange markets and toss. */
const isPushed = (kind: string): boolean => kind === 'TOSS' || isExchangeMarket(kind);

/**
 * Turns what the feed changed into hub messages (SPEC §4 real-time events; DESIGN §7): new or
 * closed events reload the market list and the in-play count, bookmaker and fancy prices go to
 * their event's group with their Seq, and so does the book of an exchange market (match odds, tied
 * match, over/under …) or toss market whose status the feed changed (UpdateMarketOdds; their
 * price-only changes are left to the poll).
 */
export function createFeedNotifier(deps: {
  publisher: HubPublisher;
  markets: Pick<MarketsService, 'markets' | 'fancy' | 'listEvents'>;
  clock: Clock;
}) {
  const { publisher, markets, clock } = deps;
  /**
   * The feed status of each open exchange and toss market as last pushed. A market not in it
   * counts as SUSPENDED, as the PriceBook holds a market before its first price, so its first
   * ACTIVE price is pushed as a reopening.
   */
  const lastStatus = new Map<string, FeedStatus>();

  const pushMarketOdds = async (marketId: string): Promise<void> => {
    const parts = marketIdParse(marketId);
    const [view] = await markets.markets([marketId]);
    if (!view || !parts || !isPushed(parts.kind)) return;
    const common = { EventId: parts.eventId, MarketId: marketId, Seq: view.seq };
    const payload: HubPayload<'UpdateMarketOdds'> = isExchangeMarket(parts.kind)
      ? { ...common, MarketType: parts.kind, Book: exchangeBookWire(view) }
      : { ...common, MarketType: 'TOSS', Book: marketBookWire(view) };
    publisher.toGroup(eventGroup(parts.eventId), 'UpdateMarketOdds', payload);
  };

  return async (updates: readonly FeedUpdate[]): Promise<void> => {
    let listChanged = false;
    /** Status before this batch of each exchange and toss market it touched. */
    const statusBefore = new Map<string, FeedStatus>();
    for (const update of updates) {
      switch (update.kind) {
        case 'event':
          listChanged = true;
          break;
        case 'eventStatus':
          listChanged = true;
          if (update.status === 'closed') {
            for (const marketId of lastStatus.keys())
              if (marketIdParse(marketId)?.eventId === update.eventId) lastStatus.delete(marketId);
          }
          break;
        case 'market': {
          const parts = marketIdParse(update.marketId);
          if (parts && isPushed(parts.kind)) {
            if (!statusBefore.has(update.marketId))
              statusBefore.set(update.marketId, lastStatus.get(update.marketId) ?? 'SUSPENDED');
            lastStatus.set(update.marketId, update.status);
            break;
          }
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
    // Once per market and batch, with the book as the whole batch left it.
    for (const [marketId, before] of statusBefore) {
      const status = lastStatus.get(marketId);
      if (status === 'CLOSED') lastStatus.delete(marketId);
      if (status !== undefined && status !== before) await pushMarketOdds(marketId);
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
