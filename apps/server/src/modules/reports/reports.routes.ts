import {
  getAccountStatement,
  getBetHistory,
  getFancyBetsOfUser,
  getMarketBetsOfUser,
  getMatchBet,
  getProfitLoss,
} from '@backlay/contract/reports';
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../http/authenticate.js';
import { registerEndpoint } from '../../http/endpoints.js';
import type { DatedQuery, ReportsService } from './reports.service.js';
import {
  betHistoryEntryWire,
  matchBetEntryWire,
  profitLossEntryWire,
  statementWire,
} from './reports.wire.js';

/** The paging, dates and sport of a dated report's query; sport `0` means every sport. */
function datedQuery(query: {
  skipRec: string;
  psize: string;
  sportsId: string;
  startDate?: string | undefined;
  endDate?: string | undefined;
}): DatedQuery {
  return {
    startDate: query.startDate,
    endDate: query.endDate,
    sportId: query.sportsId === '0' ? null : Number(query.sportsId),
    skip: Number(query.skipRec),
    take: Number(query.psize),
  };
}

/**
 * The report calls (docs/product.md#calls "Reports"; docs/decisions.md#api). The global uid/userId rule has already
 * refused another client's id; each report reads the caller's own rows.
 */
export async function reportsRoutes(
  app: FastifyInstance,
  { reports, moneyBodyLimit }: { reports: ReportsService; moneyBodyLimit: number },
): Promise<void> {
  const options = { moneyBodyLimit };

  registerEndpoint(
    app,
    getAccountStatement,
    async ({ query, request }) => {
      const statement = await reports.statement(requireSession(request).clientId, {
        ...datedQuery(query),
        type: query.type,
      });
      return statementWire(statement);
    },
    options,
  );

  registerEndpoint(
    app,
    getProfitLoss,
    async ({ query, request }) => {
      const report = await reports.profitLoss(requireSession(request).clientId, datedQuery(query));
      return {
        Status: true as const,
        Result: report.rows.map(profitLossEntryWire),
        count: report.total,
      };
    },
    options,
  );

  registerEndpoint(
    app,
    getBetHistory,
    async ({ query, request }) => {
      const report = await reports.betHistory(requireSession(request).clientId, {
        ...datedQuery(query),
        markets:
          query.marketType === 'FANCY'
            ? 'fancy'
            : query.marketType === 'MATCH_ODDS'
              ? 'nonFancy'
              : 'all',
        status:
          query.betStatus === 'Pending'
            ? 'pending'
            : query.betStatus === 'Settled'
              ? 'finished'
              : 'all',
      });
      return {
        Status: true as const,
        Result: report.rows.map(betHistoryEntryWire),
        count: report.total,
      };
    },
    options,
  );

  registerEndpoint(
    app,
    getMatchBet,
    async ({ query, request }) => {
      const clientId = requireSession(request).clientId;
      const rows = await reports.matchBets(clientId, query.marketId);
      return {
        Status: true as const,
        Result: rows.map((row) => matchBetEntryWire(row, query.marketId, clientId)),
      };
    },
    options,
  );

  registerEndpoint(
    app,
    getMarketBetsOfUser,
    async ({ query, request }) => ({
      Status: true as const,
      Result: (await reports.marketBets(requireSession(request).clientId, query.marketId)).map(
        betHistoryEntryWire,
      ),
    }),
    options,
  );

  registerEndpoint(
    app,
    getFancyBetsOfUser,
    async ({ query, request }) => {
      if (!query.selectionId.startsWith(`${query.marketId}-`)) {
        return { Status: false as const, Result: 'The session is not of this event' };
      }
      const rows = await reports.fancyBets(
        requireSession(request).clientId,
        query.marketId,
        query.selectionId,
      );
      return { Status: true as const, Result: rows.map(betHistoryEntryWire) };
    },
    options,
  );
}
