import {
  casinoLaunch,
  casinoProviderBalance,
  casinoProviderCredit,
  casinoProviderDebit,
  casinoProviderSession,
} from '@backlay/contract/casino';
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../http/authenticate.js';
import { registerEndpoint } from '../../http/endpoints.js';
import { casinoFrameUrl } from './casino-url.js';
import type { CasinoService } from './casino.service.js';

export interface CasinoRouteSettings {
  readonly moneyBodyLimit: number;
  /** CASINO_URL, or unset for the built-in provider on `port` of the visitor's host. */
  readonly url: string | undefined;
  /** The built-in provider's bound port. */
  readonly port: number;
  readonly company: string;
}

/**
 * The lobby's launch (audience client) and the provider's wallet API (audience provider: the
 * casino secret, server-to-server). docs/decisions.md#silent-rules "Casino".
 */
export async function casinoRoutes(
  app: FastifyInstance,
  { casino, ...settings }: { casino: CasinoService } & CasinoRouteSettings,
): Promise<void> {
  const options = { moneyBodyLimit: settings.moneyBodyLimit };

  registerEndpoint(
    app,
    casinoLaunch,
    async ({ body, request }) => {
      const session = requireSession(request);
      const launched = await casino.launch({
        clientId: session.clientId,
        sessionId: session.sessionId,
        gameId: body.gameId,
      });
      return {
        Status: true as const,
        Result: {
          // The launch token, never the bearer token: the frame is another origin.
          Url: casinoFrameUrl(settings, {
            gameId: body.gameId,
            token: launched.token,
            hostname: request.hostname,
          }),
          ExpiresAt: launched.expiresAt.toISOString(),
        },
      };
    },
    options,
  );

  registerEndpoint(
    app,
    casinoProviderSession,
    async ({ body }) => casino.openSession(body.token),
    options,
  );
  registerEndpoint(app, casinoProviderDebit, async ({ body }) => casino.debit(body), options);
  registerEndpoint(app, casinoProviderCredit, async ({ body }) => casino.credit(body), options);
  registerEndpoint(
    app,
    casinoProviderBalance,
    async ({ body }) => casino.balance(body.session),
    options,
  );
}
