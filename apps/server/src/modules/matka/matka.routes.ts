import {
  getMatkaBetResult,
  getMatkaEventMarkets,
  getMatkaMyBets,
  getMatkaProfitLoss,
  placeMatkaBet,
} from '@backlay/contract/matka';
import type { FastifyInstance } from 'fastify';
import type { HubPublisher } from '../../hub/hub.js';
import type { RiskPushes } from '../../hub/risk-pushes.js';
import type { Clock } from '../../seams.js';
import { requireSession } from '../../http/authenticate.js';
import { registerEndpoint } from '../../http/endpoints.js';
import { idempotencyKeyOf } from '../../http/idempotency-key.js';
import { badRequest } from '../../errors.js';
import { calendarDayIn, reportRange } from '../reports/reports.service.js';
import type { MatkaService } from './matka.service.js';
import {
  matkaBetWire,
  matkaEventWire,
  matkaProfitLossWire,
  matkaResultWire,
} from './matka.wire.js';

/** Matka games, bets, results and profit/loss (docs/product.md#calls "Matka"; docs/decisions.md#api routes). */
export async function matkaRoutes(
  app: FastifyInstance,
  {
    matka,
    ...settings
  }: {
    matka: MatkaService;
    moneyBodyLimit: number;
    clock: Clock;
    reportTz: string;
    publisher: HubPublisher;
    /** Tells the back office's risk screens that the game's open market changed. */
    risk: RiskPushes;
  },
): Promise<void> {
  const options = { moneyBodyLimit: settings.moneyBodyLimit };

  registerEndpoint(
    app,
    getMatkaEventMarkets,
    async () => {
      const { now, markets } = await matka.currentMarkets();
      return {
        Status: true as const,
        Result: markets.map((market) => matkaEventWire(market, now)),
      };
    },
    options,
  );

  registerEndpoint(
    app,
    placeMatkaBet,
    async ({ body, request }) => {
      const clientId = requireSession(request).clientId;
      const answer = await matka.place({
        clientId,
        body,
        ipAddress: request.ip,
        idempotencyKey: idempotencyKeyOf(request),
        route: placeMatkaBet.path,
      });
      // The client's other screens and devices reload the wallet at once (README, "Live updates":
      // UpdateBalance); the back office's risk screens read the house's book again.
      if (answer.Status) {
        settings.publisher.toUser(clientId, {
          target: 'UpdateBalance',
          payload: { Reason: 'matka' },
        });
        settings.risk.changed(Number(body.EventId));
      }
      return answer;
    },
    options,
  );

  registerEndpoint(
    app,
    getMatkaMyBets,
    async ({ query, request }) => {
      const mid = query.marketId ?? query.Mid ?? null;
      const bets = await matka.betsOfClient(requireSession(request).clientId, mid);
      return { Status: true as const, Result: bets.map(matkaBetWire) };
    },
    options,
  );

  registerEndpoint(
    app,
    getMatkaBetResult,
    async () => ({
      Status: true as const,
      Result: (await matka.latestResults()).map(matkaResultWire),
    }),
    options,
  );

  registerEndpoint(
    app,
    getMatkaProfitLoss,
    async ({ query, request }) => {
      const resolved = reportRange(
        'profit-loss',
        query,
        calendarDayIn(settings.reportTz, settings.clock.now()),
      );
      if (!resolved.ok) throw badRequest(resolved.message);
      const { rows, total } = await matka.profitLoss(
        requireSession(request).clientId,
        { ...resolved.range, timeZone: settings.reportTz },
        { skip: Number(query.skipRec), take: Number(query.psize) },
      );
      return { Status: true as const, Result: rows.map(matkaProfitLossWire), count: total };
    },
    options,
  );
}
