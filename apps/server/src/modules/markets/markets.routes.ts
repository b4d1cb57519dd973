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
import { bookmakerMarketId, marketIdParse } from '@backlay/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoints.js';
import type { MarketsService } from './markets.service.js';
import {
  bmFancyRowWire,
  bookmakerRowsWire,
  customBookmakerWire,
  eventDetailWire,
  exchangeBookWire,
  marketBookWire,
  marketListItemWire,
  operatorFancyWire,
} from './markets.wire.js';

const ids = (list: string) => [...new Set(list.split(','))];

/** The market and odds reads of SPEC §7 "Markets and odds" (DESIGN §4 routes and identifiers). */
export function marketsRoutes(
  app: FastifyInstance,
  markets: MarketsService,
  settings: {
    moneyBodyLimit: number;
    /** The live TV page of an event as the caller's host reaches it; null without TV. */
    tvUrl: (eventId: number, hostname: string) => string | null;
    /** The client's worst result on each fancy session of an event with open bets, in paise. */
    fancyPositions: (
      clientId: string,
      eventId: number,
    ) => Promise<readonly { selectionId: string; worst: number }[]>;
  },
): void {
  const options = { moneyBodyLimit: settings.moneyBodyLimit };

  registerEndpoint(
    app,
    getMarketList,
    async ({ query }) => {
      const sportId = query.sportsId === '0' ? undefined : Number(query.sportsId);
      return {
        Status: true as const,
        Result: (await markets.listEvents(sportId)).map(marketListItemWire),
      };
    },
    options,
  );

  registerEndpoint(
    app,
    getRates,
    async ({ query }) => ({
      Status: true as const,
      Result: (await markets.markets(ids(query.marketids))).map(marketBookWire),
    }),
    options,
  );

  registerEndpoint(
    app,
    getTossOdds,
    async ({ query }) => {
      const toss = ids(query.marketids).filter((id) => marketIdParse(id)?.kind === 'TOSS');
      return { Status: true as const, Result: (await markets.markets(toss)).map(marketBookWire) };
    },
    options,
  );

  registerEndpoint(
    app,
    getEventDetail,
    async ({ query, request }) => {
      const eventId = Number(query.eventId);
      const event = await markets.findEvent(eventId);
      if (!event) return { Status: false as const, Result: 'Event not found' };
      return {
        Status: true as const,
        Result: eventDetailWire(
          event,
          await markets.eventMarkets(eventId),
          settings.tvUrl(eventId, request.hostname),
        ),
      };
    },
    options,
  );

  registerEndpoint(
    app,
    getBmFancy,
    async ({ params, request }) => {
      const eventId = Number(params.eventId);
      const marketId = bookmakerMarketId(eventId);
      const clientId = request.session?.clientId;
      const [[bookmaker], fancy, positions] = await Promise.all([
        markets.markets([marketId]),
        markets.fancyRows(eventId),
        clientId === undefined ? [] : settings.fancyPositions(clientId, eventId),
      ]);
      const worst = new Map(positions.map((position) => [position.selectionId, position.worst]));
      return {
        Status: true as const,
        Result: {
          EventId: eventId,
          Marketid: marketId,
          // Both parts only ever grow, so their sum is a Seq that only grows.
          Seq: (bookmaker?.seq ?? 0) + fancy.seq,
          BMList: bookmakerRowsWire(bookmaker),
          fancyList: fancy.rows.map((row) => bmFancyRowWire(row, worst.get(row.SelectionId) ?? 0)),
        },
      };
    },
    options,
  );

  registerEndpoint(
    app,
    getMarketOdds,
    async ({ params }) => {
      const parts = marketIdParse(params.marketId);
      if (!parts) return { Status: false as const, Result: 'Market not found' };
      const exchange = (await markets.eventMarkets(parts.eventId)).filter(
        (view) => view.market.marketType !== 'BOOKMAKER',
      );
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
