import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors.js';
import type { AuthService, SessionContext } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionContext | null;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The session of an authenticated route; the hook has guaranteed it. */
export function requireSession(request: FastifyRequest): SessionContext {
  if (!request.session) throw unauthorized();
  return request.session;
}

/**
 * Authentication by the route's audience (DESIGN §4): `client` routes need a live session's
 * bearer token, `ops` routes the operator token (never a client's), `provider` routes the casino
 * secret (the provider's server-to-server calls; never a client's), `public` routes nothing.
 * A `uid`/`userId` in the query must be the caller's own, `0` or absent; anything else → 403.
 */
export function registerAuthentication(
  app: FastifyInstance,
  deps: { auth: AuthService; opsToken: string; casinoSecret: string },
): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const audience = request.routeOptions.config.audience;
    if (audience === undefined || audience === 'public') return;
    const token = bearer(request);
    if (audience === 'ops') {
      if (!token || !sameSecret(token, deps.opsToken))
        throw unauthorized('Operator token required');
      return;
    }
    if (audience === 'provider') {
      if (!token || !sameSecret(token, deps.casinoSecret))
        throw unauthorized('Casino provider secret required');
      return;
    }
    if (!token) throw unauthorized();
    const session = await deps.auth.authenticate(token);
    if (!session) throw unauthorized();
    request.session = session;
    const query = request.query as Record<string, unknown>;
    for (const key of ['uid', 'userId', 'UserId']) {
      const value = query[key];
      if (value === undefined || value === '' || value === '0') continue;
      if (value !== session.clientId) throw forbidden('You may only read your own data');
    }
  });
}
