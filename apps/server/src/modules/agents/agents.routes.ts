import * as api from '@backlay/contract/agents';
import type { Endpoint } from '@backlay/contract/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireAgent, tooManyRequestsFor } from '../../http/authenticate.js';
import { registerEndpoint, type HandlerInput } from '../../http/endpoints.js';
import { idempotencyKeyOf } from '../../http/idempotency-key.js';
import { rupeesWire } from '../../money.js';
import type { AgentAuth } from './agent-auth.js';
import {
  bookUsersWire,
  bookWire,
  commissionWire,
  openBetWire,
  plFiguresWire,
  statementWire,
} from './agent-reports.wire.js';
import type { AgentsService } from './agents.service.js';
import { answerOf, bp, paise, percentWire, refusalOf } from './agents.wire.js';
import { signupRoutes } from './signup.routes.js';

/**
 * The agent network's back office (`/api/agent/…`, docs/agents.md): login and the session, the
 * downline and every action on it, each scoped by the service to the caller's subtree; and the
 * same actions as the admin under `/api/ops/agent/…` for the operator's CLI (one door: the same
 * service functions behind both).
 */
export async function agentsRoutes(
  app: FastifyInstance,
  deps: { agents: AgentsService; agentAuth: AgentAuth; moneyBodyLimit: number },
): Promise<void> {
  const { agents, agentAuth } = deps;
  const options = { moneyBodyLimit: deps.moneyBodyLimit };

  registerEndpoint(
    app,
    api.agentLogin,
    async ({ body, request }) => {
      const outcome = await agentAuth.login({ ...body, socketAddress: request.ip });
      if (outcome.kind === 'throttled') throw tooManyRequestsFor(outcome.retryAfterS);
      if (outcome.kind === 'refused') return { Status: false as const, Result: outcome.message };
      return {
        Status: true as const,
        Result: {
          token: outcome.token,
          username: outcome.agent.username,
          level: outcome.agent.level,
          needsTransactionPassword: outcome.needsTransactionPassword,
        },
      };
    },
    options,
  );

  registerEndpoint(
    app,
    api.agentMe,
    async ({ request }) => {
      const me = await agents.me(requireAgent(request).agentId);
      return {
        Status: true as const,
        Result: {
          username: me.username,
          level: me.level,
          balance: rupeesWire(me.balancePaise),
          partnership: percentWire(me.partnershipBp),
          matchCommission: percentWire(me.matchCommissionBp),
          sessionCommission: percentWire(me.sessionCommissionBp),
          needsTransactionPassword: me.needsTransactionPassword,
          referralCode: me.referralCode,
        },
      };
    },
    options,
  );

  // Sign-up through an agent: the visitor's request and the caller's decisions.
  await signupRoutes(app, { agents, moneyBodyLimit: deps.moneyBodyLimit });

  registerEndpoint(
    app,
    api.agentLogout,
    async ({ request }) => {
      await agentAuth.logout(requireAgent(request).sessionId);
      return { Status: true as const, Result: 'Logged out' };
    },
    options,
  );

  registerEndpoint(
    app,
    api.agentTransactionPassword,
    async ({ body, request }) =>
      answerOf(
        await agents.setTransactionPassword(requireAgent(request).agentId, {
          password: body.password,
          ...(body.current === undefined ? {} : { current: body.current }),
        }),
      ),
    options,
  );

  /** Registers `handle` for a user's own session and, as the admin, for the operator's token. */
  function both<E extends Endpoint, O extends Endpoint>(
    own: E,
    asAdmin: O,
    handle: (actorId: string, input: HandlerInput<E>) => Promise<z.input<E['response']>>,
  ): void {
    registerEndpoint(
      app,
      own,
      (input) => handle(requireAgent(input.request).agentId, input),
      options,
    );
    registerEndpoint(
      app,
      asAdmin,
      async (input) =>
        (await handle(await agents.adminId(), input as unknown as HandlerInput<E>)) as z.input<
          O['response']
        >,
      options,
    );
  }

  both(api.agentDownline, api.opsAgentDownline, async (actorId, { query }) => {
    const list = await agents.downline(actorId, {
      parentUsername: query.parent,
      search: query.search,
      skip: Number(query.skip ?? 0),
      take: Number(query.take ?? 25),
    });
    if (!list.ok) return refusalOf(list);
    return {
      Status: true as const,
      Result: {
        breadcrumb: list.breadcrumb.map((step) => ({ ...step })),
        total: list.total,
        users: list.users.map((user) => ({
          username: user.username,
          level: user.level,
          creditReference: rupeesWire(user.creditReferencePaise),
          balance: rupeesWire(user.balancePaise),
          exposure: rupeesWire(user.exposurePaise),
          freeBalance: rupeesWire(user.freeBalancePaise),
          referencePl: rupeesWire(user.referencePlPaise),
          partnership: user.partnershipBp === null ? null : percentWire(user.partnershipBp),
          matchCommission: percentWire(user.matchCommissionBp),
          sessionCommission: percentWire(user.sessionCommissionBp),
          exposureLimit:
            user.exposureLimitPaise === null ? null : rupeesWire(user.exposureLimitPaise),
          loginLocked: user.loginLocked,
          bettingLocked: user.bettingLocked,
          createdAt: user.createdAt.toISOString(),
        })),
      },
    };
  });

  both(api.agentCreateUser, api.opsAgentCreateUser, async (actorId, { body, request }) =>
    answerOf(
      await agents.createUser(actorId, {
        level: body.level,
        username: body.username,
        password: body.password,
        creditReferencePaise: paise(body.creditReference),
        partnershipBp: body.partnership === undefined ? undefined : bp(body.partnership),
        matchCommissionBp: bp(body.matchCommission),
        sessionCommissionBp: bp(body.sessionCommission),
        transactionPassword: body.transactionPassword,
        key: idempotencyKeyOf(request),
      }),
    ),
  );

  /** The target, the caller's proof and its key, as every action on a user takes them. */
  const target = (
    request: FastifyRequest,
    body: { username: string; transactionPassword: string },
  ) => ({
    username: body.username,
    transactionPassword: body.transactionPassword,
    key: idempotencyKeyOf(request),
  });

  both(api.agentDeposit, api.opsAgentDeposit, async (actorId, { body, request }) =>
    answerOf(
      await agents.deposit(actorId, {
        ...target(request, body),
        remark: body.remark,
        amountPaise: paise(body.amount),
      }),
    ),
  );
  both(api.agentWithdraw, api.opsAgentWithdraw, async (actorId, { body, request }) =>
    answerOf(
      await agents.withdraw(actorId, {
        ...target(request, body),
        remark: body.remark,
        amountPaise: paise(body.amount),
      }),
    ),
  );
  both(api.agentClearPl, api.opsAgentClearPl, async (actorId, { body, request }) =>
    answerOf(await agents.clearPl(actorId, { ...target(request, body), remark: body.remark })),
  );
  both(api.agentCreditReference, api.opsAgentCreditReference, async (actorId, { body, request }) =>
    answerOf(
      await agents.setCreditReference(actorId, {
        ...target(request, body),
        creditReferencePaise: paise(body.creditReference),
      }),
    ),
  );
  both(api.agentPartnership, api.opsAgentPartnership, async (actorId, { body, request }) =>
    answerOf(
      await agents.setPartnership(actorId, {
        ...target(request, body),
        partnershipBp: bp(body.partnership),
      }),
    ),
  );
  both(api.agentCommission, api.opsAgentCommission, async (actorId, { body, request }) =>
    answerOf(
      await agents.setCommission(actorId, {
        ...target(request, body),
        matchCommissionBp: bp(body.matchCommission),
        sessionCommissionBp: bp(body.sessionCommission),
      }),
    ),
  );
  both(api.agentExposureLimit, api.opsAgentExposureLimit, async (actorId, { body, request }) =>
    answerOf(
      await agents.setExposureLimit(actorId, {
        ...target(request, body),
        exposureLimitPaise: body.exposureLimit === null ? null : paise(body.exposureLimit),
      }),
    ),
  );
  both(api.agentLock, api.opsAgentLock, async (actorId, { body, request }) =>
    answerOf(
      await agents.setLock(actorId, {
        ...target(request, body),
        kind: body.kind,
        locked: body.locked,
      }),
    ),
  );
  both(api.agentResetPassword, api.opsAgentResetPassword, async (actorId, { body, request }) =>
    answerOf(
      await agents.resetPassword(actorId, { ...target(request, body), password: body.password }),
    ),
  );

  registerEndpoint(
    app,
    api.agentTotp,
    async ({ body, request }) => {
      const { agentId } = requireAgent(request);
      const checked = await agents.checkTransactionPassword(agentId, body.transactionPassword);
      if (!checked.ok) return refusalOf(checked);
      const set = await agentAuth.setTotp(agentId, body.enabled);
      return {
        Status: true as const,
        Result:
          'secret' in set
            ? { enabled: true, secret: set.secret, uri: set.uri }
            : { enabled: false },
      };
    },
    options,
  );

  // What a user reads of its subtree (docs/agents.md#reads): 404 for a user outside it.
  const pageOf = (query: { skip?: string | undefined; take?: string | undefined }) => ({
    skip: Number(query.skip ?? 0),
    take: Number(query.take ?? 25),
  });
  const ok = <T>(result: T) => ({ Status: true as const, Result: result });

  both(api.agentPl, api.opsAgentPl, async (actorId, { query }) => {
    const report = await agents.pl(actorId, { from: query.from, to: query.to, ...pageOf(query) });
    return ok({
      total: report.total,
      totals: plFiguresWire(report.totals),
      markets: report.rows.map((row) => ({
        eventId: Number(row.eventId),
        eventName: row.eventName,
        marketId: row.marketId,
        marketName: row.marketName,
        marketType: row.marketType,
        settledAt: row.settledAt.toISOString(),
        ...plFiguresWire(row),
      })),
    });
  });
  both(api.agentPlByUser, api.opsAgentPlByUser, async (actorId, { query }) => {
    const report = await agents.plByUser(actorId, {
      from: query.from,
      to: query.to,
      parent: query.parent,
      ...pageOf(query),
    });
    if (!report.ok) return refusalOf(report);
    return ok({
      total: report.total,
      totals: plFiguresWire(report.totals),
      users: report.rows.map((row) => ({
        username: row.username,
        level: row.level,
        ...plFiguresWire(row),
      })),
    });
  });
  both(api.agentBook, api.opsAgentBook, async (actorId) =>
    ok(bookWire(await agents.book(actorId))),
  );
  both(api.agentBookUsers, api.opsAgentBookUsers, async (actorId, { params, query }) => {
    const answer = await agents.bookUsers(actorId, {
      marketId: params.marketId,
      parent: query.parent,
    });
    return answer.ok ? ok(bookUsersWire(answer)) : refusalOf(answer);
  });
  both(api.agentBets, api.opsAgentBets, async (actorId, { query }) => {
    const list = await agents.bets(actorId, {
      username: query.username,
      eventId: query.eventId,
      marketType: query.marketType,
      ...pageOf(query),
    });
    if (!list.ok) return refusalOf(list);
    return ok({ total: list.total, bets: list.rows.map(openBetWire) });
  });
  both(api.agentStatement, api.opsAgentStatement, async (actorId, { query }) => {
    const statement = await agents.statement(actorId, {
      username: query.username,
      from: query.from,
      to: query.to,
      ...pageOf(query),
    });
    return statement.ok ? ok(statementWire(statement)) : refusalOf(statement);
  });
  both(api.agentCommissionReport, api.opsAgentCommissionReport, async (actorId, { query }) =>
    ok(
      commissionWire(
        await agents.commission(actorId, { from: query.from, to: query.to, ...pageOf(query) }),
      ),
    ),
  );

  // The admin's own settings, which only the operator sets.
  registerEndpoint(
    app,
    api.opsAdminPassword,
    async ({ body }) => {
      const set = await agentAuth.setAdminPassword(body.password);
      return set.ok
        ? { Status: true as const, Result: set.message }
        : { Status: false as const, Result: set.message };
    },
    options,
  );
  registerEndpoint(
    app,
    api.opsAdminCommission,
    async ({ body }) =>
      answerOf(
        await agents.setAdminCommission({
          matchCommissionBp: bp(body.matchCommission),
          sessionCommissionBp: bp(body.sessionCommission),
        }),
      ),
    options,
  );
}
