import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, tooManyRequests, unauthorized } from '../errors.js';
import type { Clock } from '../seams.js';
import { callerKey, type RateLimiter } from './rate-limit.js';
import type { AuthService, SessionContext } from '../modules/auth/auth.service.js';
import type { OperatorContext, OperatorsService } from '../modules/operators/operators.service.js';
import type { AgentAuth, AgentContext } from '../modules/agents/agent-auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionContext | null;
    operator: OperatorContext | null;
    agent: AgentContext | null;
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

/** The operator of an authenticated back-office route; the hook has guaranteed it. */
export function requireOperator(request: FastifyRequest): OperatorContext {
  if (!request.operator) throw unauthorized('Operator login required');
  return request.operator;
}

/** The user above the clients of an authenticated `agent` route; the hook has guaranteed it. */
export function requireAgent(request: FastifyRequest): AgentContext {
  if (!request.agent) throw unauthorized('Login required');
  return request.agent;
}

/** The session of an authenticated route; the hook has guaranteed it. */
export function requireSession(request: FastifyRequest): SessionContext {
  if (!request.session) throw unauthorized();
  return request.session;
}

/**
 * Authentication by the route's audience (docs/decisions.md#api): `client` routes need a live session's
 * bearer token, `ops` routes the operator token (never a client's), `operator` routes a live
 * back-office session whose role the route admits (`admin` always; 403 for another role, 401 for
 * a client's token or none), `agent` routes a live session of a user above the clients (docs/agents.md;
 * 401 for any other credential), `provider` routes the casino
 * secret (the provider's server-to-server calls; never a client's), `public` routes nothing.
 * A `uid`/`userId` in the query must be the caller's own, `0` or absent; anything else → 403.
 *
 * Every request is counted first (http/rate-limit.ts): for its session when its token names one,
 * else for its address. A token whose session this instance does not hold costs a read of
 * PostgreSQL, so from an address over its limit it is refused before that read.
 */
export function registerAuthentication(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    operators: OperatorsService;
    agentAuth: Pick<AgentAuth, 'authenticate'>;
    opsToken: string;
    casinoSecret: string;
    limiter: RateLimiter;
    clock: Clock;
  },
): void {
  const { auth, limiter, clock } = deps;
  app.decorateRequest('session', null);
  app.decorateRequest('operator', null);
  app.decorateRequest('agent', null);
  app.addHook('onRequest', async (request) => {
    const audience = request.routeOptions.config.audience;
    const token = bearer(request);
    const now = clock.now().getTime();
    const address = callerKey(undefined, request.ip);
    let session: SessionContext | null = null;
    if (audience === 'client' && token) {
      session = auth.authenticateInMemory(token) ?? null;
      if (!session) {
        if (!auth.holds(token) && limiter.isOver(address, now)) refuse(limiter.take(address, now));
        session = await auth.authenticate(token);
      }
    }
    refuse(limiter.take(session ? callerKey(session.sessionId, request.ip) : address, now));
    if (audience === undefined || audience === 'public') return;
    if (audience === 'ops') {
      if (!token || !sameSecret(token, deps.opsToken))
        throw unauthorized('Operator token required');
      return;
    }
    if (audience === 'operator') {
      const operator = token ? await deps.operators.authenticate(token) : null;
      if (!operator) throw unauthorized('Operator login required');
      const roles = request.routeOptions.config.roles ?? [];
      if (operator.role !== 'admin' && !roles.includes(operator.role))
        throw forbidden(`The ${operator.role} role may not do this`);
      request.operator = operator;
      return;
    }
    if (audience === 'agent') {
      const agent = token ? await deps.agentAuth.authenticate(token) : undefined;
      if (!agent) throw unauthorized('Login required');
      request.agent = agent;
      return;
    }
    if (audience === 'provider') {
      if (!token || !sameSecret(token, deps.casinoSecret))
        throw unauthorized('Casino provider secret required');
      return;
    }
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

/** The answer to a caller over the limit (nothing when it is within it). */
function refuse(limit: ReturnType<RateLimiter['take']>): void {
  if (!limit.allowed) throw tooManyRequestsFor(limit.retryAfterS);
}

export const tooManyRequestsFor = (retryAfterS: number) =>
  tooManyRequests(`Too many requests. Try again in ${retryAfterS} seconds.`, retryAfterS);
