import {
  cancelBet,
  getFancyCurrentPosition,
  getFancyPosition,
  getMatchedBets,
  getProfitLossOnRunners,
  getUserBook,
  postCashOut,
  postFancyBet,
  postUserBet,
} from '@backlay/contract/bets';
import { getMyMarkets } from '@backlay/contract/markets';
import type { FastifyInstance } from 'fastify';
import type { HubPublisher } from '../../hub/hub.js';
import type { RiskPushes } from '../../hub/risk-pushes.js';
import { requireSession } from '../../http/authenticate.js';
import { registerEndpoint } from '../../http/endpoints.js';
import { idempotencyKeyOf } from '../../http/idempotency-key.js';
import type { BetsService } from './bets.service.js';
import { betListItemWire, rupees } from './bets.wire.js';

/** Placing bets and reading positions (docs/product.md#calls "Bets and positions"; docs/decisions.md#money). */
export async function betsRoutes(
  app: FastifyInstance,
  {
    bets,
    ...settings
  }: { bets: BetsService; moneyBodyLimit: number; publisher: HubPublisher; risk: RiskPushes },
): Promise<void> {
  const options = { moneyBodyLimit: settings.moneyBodyLimit };

  for (const [endpoint, isFancyRoute] of [
    [postUserBet, false],
    [postFancyBet, true],
  ] as const) {
    registerEndpoint(
      app,
      endpoint,
      async ({ body, request }) => {
        const clientId = requireSession(request).clientId;
        const answer = await bets.place({
          clientId,
          draft: body,
          isFancyRoute,
          idempotencyKey: idempotencyKeyOf(request),
          route: endpoint.path,
        });
        // The betting client's own connections only (docs/decisions.md#hub).
        if (answer.Status) {
          settings.risk.changed(Number(body.EventId));
          settings.publisher.toUser(clientId, {
            target: 'BetPlacedMessage',
            payload: {
              EventId: Number(body.EventId),
              MarketId: body.MarketId,
              MarketType: body.MarketType,
            },
          });
        }
        return answer;
      },
      options,
    );
  }

  registerEndpoint(
    app,
    getMatchedBets,
    async ({ query, request }) => ({
      Status: true as const,
      Result: (
        await bets.listedBetsOfEvent(requireSession(request).clientId, Number(query.marketId))
      ).map(betListItemWire),
    }),
    options,
  );

  // The same push as a placed bet: the client reads its bets, book and balance again.
  const changed = (
    clientId: string,
    bet: { EventId: number; MarketId: string; MarketType: string },
  ) => {
    settings.risk.changed(bet.EventId);
    settings.publisher.toUser(clientId, { target: 'BetPlacedMessage', payload: bet });
  };

  registerEndpoint(
    app,
    cancelBet,
    async ({ body, request }) => {
      const clientId = requireSession(request).clientId;
      const answer = await bets.cancel({
        clientId,
        betId: body.BetId,
        idempotencyKey: idempotencyKeyOf(request),
        route: cancelBet.path,
      });
      if (answer.Status) {
        const bet = await bets.betOf(clientId, body.BetId);
        if (bet) changed(clientId, bet);
      }
      return answer;
    },
    options,
  );

  registerEndpoint(
    app,
    postCashOut,
    async ({ body, request }) => {
      const clientId = requireSession(request).clientId;
      const answer = await bets.cashOut({
        clientId,
        marketId: body.MarketId,
        marketType: body.MarketType,
        eventId: body.EventId,
        percent: body.Percent,
        bets: body.Bets,
        idempotencyKey: idempotencyKeyOf(request),
        route: postCashOut.path,
      });
      if (answer.Status)
        changed(clientId, {
          EventId: Number(body.EventId),
          MarketId: body.MarketId,
          MarketType: body.MarketType,
        });
      return answer;
    },
    options,
  );

  registerEndpoint(
    app,
    getFancyPosition,
    async ({ query, request }) => ({
      Status: true as const,
      Result: (
        await bets.fancyPositions(requireSession(request).clientId, Number(query.marketId))
      ).map((position) => ({
        SelectionId: position.selectionId,
        Position: rupees(position.worst),
      })),
    }),
    options,
  );

  registerEndpoint(
    app,
    getProfitLossOnRunners,
    async ({ query, request }) => ({
      Status: true as const,
      Result: (await bets.runnerBook(requireSession(request).clientId, query.marketId)).map(
        (runner) => ({
          selectionId: Number(runner.selectionId),
          RunnerName: runner.name,
          pL: rupees(runner.pl),
        }),
      ),
    }),
    options,
  );

  registerEndpoint(
    app,
    getFancyCurrentPosition,
    async ({ query, request }) => {
      if (!query.selectionId.startsWith(`${query.marketId}-`)) {
        return { Status: false as const, Result: 'The session is not of this event' };
      }
      const ladder = await bets.fancyLadder(requireSession(request).clientId, query.selectionId);
      return {
        Status: true as const,
        Result: ladder.map((rung) => ({ RunValue: rung.RunValue, Pl: rupees(rung.Pl) })),
      };
    },
    options,
  );

  registerEndpoint(
    app,
    getUserBook,
    async ({ query, request }) => {
      const session = requireSession(request);
      const book = await bets.runnerBook(session.clientId, query.marketId);
      // docs/product.md#entities: filterOrder 1 lists the user, 0 their figure on each runner.
      return {
        Status: true as const,
        Result: [
          { userName: session.username, pL: 0, filterOrder: 1 as const },
          ...book.map((runner) => ({
            userName: runner.name,
            pL: rupees(runner.pl),
            filterOrder: 0 as const,
          })),
        ],
      };
    },
    options,
  );

  registerEndpoint(
    app,
    getMyMarkets,
    async ({ request }) => {
      const clientId = requireSession(request).clientId;
      const markets = await bets.openMarketsOfClient(clientId);
      const result = [];
      for (const market of markets) {
        const book = await bets.runnerBook(clientId, market.market_id);
        result.push({
          EventId: Number(market.event_id),
          SportsId: market.sport_id,
          MarketName: market.event_name,
          SeriesName: market.series_name,
          MarketType: market.market_type,
          Runners: book.map((runner) => ({
            selectionId: Number(runner.selectionId),
            RunnerName: runner.name,
            profitLoss: rupees(runner.pl),
          })),
        });
      }
      // Fancy sessions too, one entry each, after their event's markets.
      for (const session of await bets.openFancyOfClient(clientId)) {
        result.push({
          EventId: Number(session.event_id),
          SportsId: session.sport_id,
          MarketName: session.event_name,
          SeriesName: session.series_name,
          MarketType: 'FANCY',
          Runners: [
            {
              selectionId: session.selection_id,
              RunnerName: session.runner_name,
              profitLoss: rupees(session.worst),
            },
          ],
        });
      }
      result.sort((a, b) => a.EventId - b.EventId);
      return { Status: true as const, Result: result };
    },
    options,
  );
}
