import {
  exclude,
  getSafer,
  getSessionSummary,
  setLimit,
  setRealityCheck,
} from '@backlay/contract/safer';
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../http/authenticate.js';
import { registerEndpoint } from '../../http/endpoints.js';
import type { SaferService } from './safer.service.js';

/** The Safer betting page's routes (docs/safer-gambling.md). */
export async function saferRoutes(
  app: FastifyInstance,
  { moneyBodyLimit, ...deps }: { safer: SaferService; moneyBodyLimit: number },
): Promise<void> {
  const options = { moneyBodyLimit };
  registerEndpoint(
    app,
    getSafer,
    async ({ request }) => {
      const session = requireSession(request);
      return {
        Status: true as const,
        Result: await deps.safer.settings(session.clientId, session.sessionId),
      };
    },
    options,
  );
  registerEndpoint(
    app,
    setLimit,
    async ({ body, request }) => {
      const outcome = await deps.safer.setLimit(requireSession(request), body.kind, body.value);
      return outcome.ok && outcome.settings
        ? {
            Status: true as const,
            Result: { message: outcome.message, settings: outcome.settings },
          }
        : { Status: false as const, Result: outcome.message };
    },
    options,
  );
  registerEndpoint(
    app,
    setRealityCheck,
    async ({ body, request }) => {
      const session = requireSession(request);
      await deps.safer.setRealityCheck(session.clientId, body.minutes);
      return {
        Status: true as const,
        Result: await deps.safer.settings(session.clientId, session.sessionId),
      };
    },
    options,
  );
  registerEndpoint(
    app,
    getSessionSummary,
    async ({ request }) => {
      const session = requireSession(request);
      return {
        Status: true as const,
        Result: await deps.safer.sessionSummary(session.clientId, session.sessionId),
      };
    },
    options,
  );
  registerEndpoint(
    app,
    exclude,
    async ({ body, request }) => ({
      Status: true as const,
      Result: await deps.safer.exclude(requireSession(request).clientId, body.period),
    }),
    options,
  );
}
