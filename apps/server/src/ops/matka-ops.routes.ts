import { matkaResult } from '@backlay/contract/ops';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../http/endpoints.js';
import type { MatkaService } from '../modules/matka/matka.service.js';

/** The operator's matka result (issue matka §3): the first result of a market wins. */
export function matkaOpsRoutes(
  app: FastifyInstance,
  matka: MatkaService,
  moneyBodyLimit: number,
): void {
  registerEndpoint(
    app,
    matkaResult,
    async ({ body }) => {
      const outcome = await matka.declare(String(body.mid), body.result);
      return outcome.ok
        ? { Status: true as const, Result: outcome.message }
        : { Status: false as const, Result: outcome.message };
    },
    { moneyBodyLimit },
  );
}
