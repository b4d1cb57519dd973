import { declareResult, rollbackResult, setCommission, voidMarket } from '@backlay/contract/ops';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../http/endpoints.js';
import type {
  SettlementOutcome,
  SettlementService,
} from '../modules/settlement/settlement.service.js';

const answer = (outcome: SettlementOutcome) =>
  outcome.ok
    ? { Status: true as const, Result: outcome.message }
    : { Status: false as const, Result: outcome.message };

/** Operator commands over results (issue settlement-reports §2). */
export function settlementOpsRoutes(
  app: FastifyInstance,
  settlement: SettlementService,
  moneyBodyLimit: number,
): void {
  const options = { moneyBodyLimit };
  registerEndpoint(
    app,
    declareResult,
    async ({ body }) => {
      if ('marketId' in body) {
        return answer(
          await settlement.declare({
            kind: 'winner',
            marketId: body.marketId,
            selectionId: String(body.winnerSelectionId),
          }),
        );
      }
      if (!body.selectionId.startsWith(`${body.eventId}-`)) {
        return {
          Status: false as const,
          Result: `Session ${body.selectionId} is not of event ${body.eventId}`,
        };
      }
      return answer(
        await settlement.declare({ kind: 'runs', selectionId: body.selectionId, runs: body.runs }),
      );
    },
    options,
  );
  registerEndpoint(
    app,
    voidMarket,
    async ({ body }) =>
      answer(await settlement.declare({ kind: 'void', target: body.target, reason: body.reason })),
    options,
  );
  registerEndpoint(
    app,
    rollbackResult,
    async ({ body }) => answer(await settlement.rollback(body.target, body.reason)),
    options,
  );
  registerEndpoint(
    app,
    setCommission,
    async ({ body }) => answer(await settlement.setCommission(body.username, body.percent)),
    options,
  );
}
