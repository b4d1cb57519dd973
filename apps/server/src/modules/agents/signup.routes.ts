import * as api from '@backlay/contract/agents';
import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../../errors.js';
import { requireAgent } from '../../http/authenticate.js';
import { registerEndpoint } from '../../http/endpoints.js';
import { idempotencyKeyOf } from '../../http/idempotency-key.js';
import type { AgentsService } from './agents.service.js';
import { answerOf } from './agents.wire.js';

/**
 * Sign-up through an agent (docs/agents.md#sign-up): the visitor's public request, and the
 * caller's own requests — listed, approved, declined — under `/api/agent/`; another user's
 * request is a 404, as one that does not exist. Registered by agents.routes.ts.
 */
export async function signupRoutes(
  app: FastifyInstance,
  deps: { agents: AgentsService; moneyBodyLimit: number },
): Promise<void> {
  const { agents } = deps;
  const options = { moneyBodyLimit: deps.moneyBodyLimit };

  registerEndpoint(
    app,
    api.signupRequest,
    async ({ body, request }) => {
      const answer = await agents.requestSignup({
        username: body.username,
        password: body.password,
        name: body.name,
        mobile: body.mobile,
        referralCode: body.referralCode,
        socketAddress: request.ip,
      });
      if (answer.ok) return { Status: true as const, Result: answer.message };
      if (answer.kind === 'throttled')
        throw tooManyRequests(
          `Too many refused sign-ups. Try again in ${answer.retryAfterS} seconds.`,
          answer.retryAfterS,
        );
      return {
        Status: false as const,
        Result: answer.message,
        ...(answer.field === undefined ? {} : { field: answer.field }),
      };
    },
    options,
  );

  registerEndpoint(
    app,
    api.agentSignupRequests,
    async ({ query, request }) => {
      const list = await agents.signupRequests(requireAgent(request).agentId, {
        skip: Number(query.skip ?? 0),
        take: Number(query.take ?? 25),
      });
      return {
        Status: true as const,
        Result: {
          total: list.total,
          requests: list.requests.map((row) => ({
            id: Number(row.id),
            username: row.username,
            name: row.name,
            mobile: row.mobile,
            createdAt: row.createdAt.toISOString(),
          })),
        },
      };
    },
    options,
  );

  registerEndpoint(
    app,
    api.agentSignupApprove,
    async ({ body, request }) =>
      answerOf(
        await agents.approveSignup(requireAgent(request).agentId, {
          id: String(body.id),
          transactionPassword: body.transactionPassword,
          key: idempotencyKeyOf(request),
        }),
      ),
    options,
  );

  registerEndpoint(
    app,
    api.agentSignupDecline,
    async ({ body, request }) =>
      answerOf(
        await agents.declineSignup(requireAgent(request).agentId, {
          id: String(body.id),
          key: idempotencyKeyOf(request),
        }),
      ),
    options,
  );
}
