import { assertNever } from '@backlay/domain';
import { checkIsValid, getSessionEnd, logout, validLogin } from '@backlay/contract/auth';
import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../../errors.js';
import { registerEndpoint } from '../../http/endpoints.js';
import { requireSession } from '../../http/authenticate.js';
import type { AuthService } from './auth.service.js';
import { loginDataWire, sessionEndWire } from './auth.wire.js';

export async function authRoutes(
  app: FastifyInstance,
  { auth, moneyBodyLimit }: { auth: AuthService; moneyBodyLimit: number },
): Promise<void> {
  const options = { moneyBodyLimit };

  registerEndpoint(
    app,
    validLogin,
    async ({ body, query, request }) => {
      const outcome = await auth.login({
        username: body.username,
        password: body.password,
        latLong: body.LatLong,
        socketAddress: request.ip,
        claimedAddress: query.ipAddress ?? null,
      });
      switch (outcome.kind) {
        case 'success':
          return {
            Status: true as const,
            Result: 'Login successful',
            data: loginDataWire(outcome),
          };
        case 'refused':
          return { Status: false as const, Result: outcome.message };
        case 'throttled':
          request.server.log.warn({ username: body.username }, 'login throttled');
          throw tooManyRequests(
            `Too many failed logins. Try again in ${outcome.retryAfterS} seconds.`,
            outcome.retryAfterS,
          );
        default: {
          return assertNever(outcome, 'login outcome');
        }
      }
    },
    options,
  );

  registerEndpoint(
    app,
    checkIsValid,
    async ({ request }) => ({
      Status: true as const,
      Result: requireSession(request).validityValue,
    }),
    options,
  );

  registerEndpoint(
    app,
    getSessionEnd,
    async ({ request }) => {
      // Public, so the authentication hook lets an ended session's token through to here.
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const end = token === undefined ? null : await auth.sessionEnd(token);
      return end === null
        ? { Status: false as const, Result: 'No ended session for this token' }
        : { Status: true as const, Result: sessionEndWire(end) };
    },
    options,
  );

  registerEndpoint(
    app,
    logout,
    async ({ request }) => {
      await auth.logout(requireSession(request).sessionId);
      return { Status: true as const, Result: 'Logged out' };
    },
    options,
  );
}
