import { setWinningLimit } from '@backlay/contract/casino';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../http/endpoints.js';
import type { CasinoService } from '../modules/casino/casino.service.js';

/** The operator's per-client casino winning limit (DESIGN §8 "Casino"; SPEC §9 house rules). */
export function casinoOpsRoutes(
  app: FastifyInstance,
  casino: CasinoService,
  moneyBodyLimit: number,
): void {
  registerEndpoint(
    app,
    setWinningLimit,
    async ({ body }) => {
      const outcome = await casino.setWinLimit(body.username, body.rupees);
      return outcome.ok
        ? { Status: true as const, Result: outcome.message }
        : { Status: false as const, Result: outcome.message };
    },
    { moneyBodyLimit },
  );
}
