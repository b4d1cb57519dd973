import { changePassword, getChips, updateChips } from '@backlay/contract/chips';
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../http/authenticate.js';
import { registerEndpoint } from '../../http/endpoints.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ChipsService } from './chips.service.js';

/** The user menu's chip settings and password change (docs/product.md#screens, #calls). */
export async function chipsRoutes(
  app: FastifyInstance,
  { moneyBodyLimit, ...deps }: { chips: ChipsService; auth: AuthService; moneyBodyLimit: number },
): Promise<void> {
  const options = { moneyBodyLimit };
  registerEndpoint(
    app,
    getChips,
    async ({ request }) => ({
      Status: true as const,
      Result: await deps.chips.read(requireSession(request).clientId),
    }),
    options,
  );
  registerEndpoint(
    app,
    updateChips,
    async ({ body, request }) => {
      const outcome = await deps.chips.update(requireSession(request).clientId, body);
      return outcome.ok
        ? { Status: true as const, Result: outcome.message }
        : { Status: false as const, Result: outcome.message };
    },
    options,
  );
  registerEndpoint(
    app,
    changePassword,
    async ({ body, request }) => {
      const outcome = await deps.auth.changePassword(
        requireSession(request),
        body.oldPassword,
        body.newPassword,
      );
      return outcome.ok
        ? { Status: true as const, Result: outcome.message }
        : { Status: false as const, Result: outcome.message };
    },
    options,
  );
}
