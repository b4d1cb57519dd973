import {
  getActiveFancy,
  getBmFancy,
  getCustomBookmaker,
  getCustomFancy,
  getEventDetail,
  getMarketList,
  getMarketOdds,
  getRates,
  getTossOdds,
} from '@backlay/contract/markets';
import { isMarketId } from '@backlay/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint, registerSnapshotEndpoint } from '../../http/endpoints.js';
import type { FastLane } from '../../http/fast-lane.js';
import type { MarketReads } from './market-reads.js';
import type { MarketsService } from './markets.service.js';
import {
  customBookmakerWire,
  exchangeBookWire,
  marketListItemWire,
  operatorFancyWire,
} from './markets.wire.js';

/** The market and odds reads of docs/product.md#calls "Markets and odds" (docs/decisions.md#api routes and identifiers). */
export async function marketsRoutes(
  app: FastifyInstance,
  {
    markets,
    ...settings
  }: {
    markets: MarketsService;
    moneyBodyLimit: number;
    /** The reads every event screen polls, answered from snapshots. */
    reads: MarketReads;
    /** Where those reads are answered from memory before the framework. */
    lane: FastLane;
  },
): Promise<void> {
  const options = { moneyBodyLimit: settings.moneyBodyLimit };

  registerEndpoint(
    app,
    getMarketList,
    async ({ query }) => {
      const sportId = query.sportsId === '0' ? undefined : Number(query.sportsId);
      return {
        Status: true as const,
        // One item per event, its match odds market's: an event without one has no item yet.
        Result: (await markets.listEvents(sportId)).flatMap((event) =>
          event.matchOddsMarketId === null
            ? []
            : [marketListItemWire(event, event.matchOddsMarketId)],
        ),
      };
    },
    options,
  );

  const { reads, lane } = settings;
  // A request asking for a current answer waits until this instance has heard every change
  // committed before it: a client reading what it has just written through another instance (its
  // fancy position after a bet, an operator's suspension) (docs/architecture.md, "Caches").
  const fresh = reads.caughtUp;
  const snapshotOptions = { ...options, fresh };
  lane.add(getRates, ({ query }) => reads.ratesInMemory(query.marketids), { fresh });
  lane.add(getTossOdds, ({ query }) => reads.tossInMemory(query.marketids), { fresh });
  lane.add(
    getEventDetail,
    ({ query, hostname }) => reads.eventDetailInMemory(Number(query.eventId), hostname),
    { fresh },
  );
  lane.add(
    getBmFancy,
    ({ params, clientId }) => reads.bmFancyInMemory(Number(params.eventId), clientId),
    { fresh },
  );
  registerSnapshotEndpoint(
    app,
    getRates,
    ({ query }) => reads.rates(query.marketids),
    snapshotOptions,
  );
  registerSnapshotEndpoint(
    app,
    getTossOdds,
    ({ query }) => reads.toss(query.marketids),
    snapshotOptions,
  );
  registerSnapshotEndpoint(
    app,
    getEventDetail,
    ({ query, request }) => reads.eventDetail(Number(query.eventId), request.hostname),
    snapshotOptions,
  );
  registerSnapshotEndpoint(
    app,
    getBmFancy,
    ({ params, request }) => reads.bmFancy(Number(params.eventId), request.session?.clientId),
    snapshotOptions,
  );

  registerEndpoint(
    app,
    getMarketOdds,
    async ({ params }) => {
      if (!isMarketId(params.marketId))
        return { Status: false as const, Result: 'Market not found' };
      // The market's event from the catalog: a provider's id does not say it (docs/architecture.md identifiers).
      const eventId = await markets.marketEvent(params.marketId);
      const views = eventId === undefined ? [] : await markets.eventMarkets(eventId);
      const exchange = views.filter((view) => view.market.marketType !== 'BOOKMAKER');
      return {
        Status: true as const,
        Result: Object.fromEntries(
          exchange.map((view) => [view.market.marketId, exchangeBookWire(view)]),
        ),
      };
    },
    options,
  );

  registerEndpoint(
    app,
    getActiveFancy,
    async ({ query }) => ({
      Status: true as const,
      Result: (await markets.customFancy(Number(query.MarketId), 'active')).map(operatorFancyWire),
    }),
    options,
  );

  registerEndpoint(
    app,
    getCustomFancy,
    async ({ query }) => ({
      Status: true as const,
      Result: (await markets.customFancy(Number(query.MarketId), 'custom')).map(operatorFancyWire),
    }),
    options,
  );

  registerEndpoint(
    app,
    getCustomBookmaker,
    async ({ query }) => ({
      Status: true as const,
      Result: (await markets.customBookmaker(query.MarketId)).map(customBookmakerWire),
    }),
    options,
  );
}
