import * as bo from '@backlay/contract/backoffice';
import type { FastifyInstance } from 'fastify';
import { requireOperator } from '../http/authenticate.js';
import { tooManyRequestsFor } from '../http/authenticate.js';
import { registerEndpoint } from '../http/endpoints.js';
import { rupeesWire } from '../money.js';
import type { CasinoService } from '../modules/casino/casino.service.js';
import type { ClientsAdmin } from '../modules/clients/clients-admin.js';
import type { ClientsService } from '../modules/clients/clients.service.js';
import type { MatkaService } from '../modules/matka/matka.service.js';
import type { OperatorActions } from '../modules/operators/operator-actions.js';
import type { OperatorAudit } from '../modules/operators/operator-audit.js';
import type { OperatorsService } from '../modules/operators/operators.service.js';
import type { RiskService } from '../modules/risk/risk.service.js';
import type { OperatorCommands } from './operator-commands.js';
import { registerCommand } from './register-command.js';

export interface BackofficeDeps {
  readonly operators: OperatorsService;
  readonly act: OperatorActions;
  readonly audit: OperatorAudit;
  readonly commands: OperatorCommands;
  readonly clients: ClientsService;
  readonly clientsAdmin: ClientsAdmin;
  readonly risk: RiskService;
  readonly matka: MatkaService;
  readonly casino: CasinoService;
  /** An operator's session ends after this many idle seconds. */
  readonly idleS: number;
}

const pageOf = (query: { skip?: string | undefined; take?: string | undefined }) => ({
  skip: Number(query.skip ?? 0),
  take: Number(query.take ?? 25),
});

/**
 * The back office's API (docs/backoffice.md): an operator's login with TOTP, the reads of its
 * screens and its commands. The role each route admits is in the contract; authentication checks
 * it (http/authenticate.ts). Every command runs as an audited operator action.
 */
export async function backofficeRoutes(
  app: FastifyInstance,
  { moneyBodyLimit, ...deps }: BackofficeDeps & { moneyBodyLimit: number },
): Promise<void> {
  const options = { moneyBodyLimit };
  const { commands, act } = deps;
  const actor = (request: Parameters<typeof requireOperator>[0]) =>
    requireOperator(request).username;
  const setup = { act, actor, moneyBodyLimit };

  registerEndpoint(
    app,
    bo.operatorLogin,
    async ({ body, request }) => {
      const outcome = await deps.operators.login({ ...body, socketAddress: request.ip });
      if (outcome.kind === 'throttled') throw tooManyRequestsFor(outcome.retryAfterS);
      if (outcome.kind === 'refused') return { Status: false as const, Result: outcome.message };
      const { operator } = outcome;
      await act(
        {
          actor: operator.username,
          action: bo.operatorLogin.path,
          target: operator.username,
          key: undefined,
          body: {},
        },
        async () => ({ answer: { Status: true as const, Result: `Logged in from ${request.ip}` } }),
      );
      return {
        Status: true as const,
        Result: {
          token: outcome.token,
          username: operator.username,
          role: operator.role,
          idleS: deps.idleS,
        },
      };
    },
    options,
  );
  registerEndpoint(
    app,
    bo.operatorMe,
    async ({ request }) => {
      const operator = requireOperator(request);
      return {
        Status: true as const,
        Result: { username: operator.username, role: operator.role },
      };
    },
    options,
  );
  registerEndpoint(
    app,
    bo.operatorLogout,
    async ({ request }) => {
      const operator = requireOperator(request);
      await deps.operators.logout(operator.sessionId);
      return { Status: true as const, Result: 'Logged out' };
    },
    options,
  );

  // ---- Reads ----
  registerEndpoint(
    app,
    bo.riskBook,
    async () => ({ Status: true as const, Result: await deps.risk.book() }),
    options,
  );
  registerEndpoint(
    app,
    bo.boEvents,
    async () => ({ Status: true as const, Result: await deps.risk.events() }),
    options,
  );
  registerEndpoint(
    app,
    bo.boClients,
    async ({ query }) => ({
      Status: true as const,
      Result: await deps.clientsAdmin.list({ search: query.search, ...pageOf(query) }),
    }),
    options,
  );
  registerEndpoint(
    app,
    bo.boClientDetail,
    async ({ params }) => {
      const detail = await deps.clientsAdmin.detail(params.clientId);
      return detail
        ? { Status: true as const, Result: detail }
        : { Status: false as const, Result: `No client ${params.clientId}` };
    },
    options,
  );
  registerEndpoint(
    app,
    bo.boMatkaMarkets,
    async () => ({
      Status: true as const,
      Result: (await deps.matka.recentMarkets()).map((market) => ({
        mid: Number(market.mid),
        game: market.game,
        openAt: market.openAt.toISOString(),
        closeAt: market.closeAt.toISOString(),
        status: market.status,
        result: market.result,
        bets: market.bets,
        staked: rupeesWire(market.stakedPaise),
      })),
    }),
    options,
  );
  registerEndpoint(
    app,
    bo.boCasinoRounds,
    async () => ({
      Status: true as const,
      Result: (await deps.casino.openRounds()).map((round) => ({
        roundId: round.roundId,
        username: round.username,
        gameId: round.gameId,
        stake: rupeesWire(round.stakePaise),
        openedAt: round.openedAt.toISOString(),
      })),
    }),
    options,
  );
  registerEndpoint(
    app,
    bo.boAudit,
    async ({ query }) => ({
      Status: true as const,
      Result: await deps.audit.list({ actor: query.operator, ...pageOf(query) }),
    }),
    options,
  );

  // ---- Commands ----
  registerCommand(app, bo.boLockEvent, {
    ...setup,
    target: (body) => `event ${body.eventId}`,
    run: commands.lockEvent,
  });
  registerCommand(app, bo.boSuspendMarket, {
    ...setup,
    target: (body) => body.marketId,
    run: commands.suspendMarket,
  });
  registerCommand(app, bo.boCustomFancy, {
    ...setup,
    target: (body) => body.selectionId,
    run: commands.customFancy,
  });
  registerCommand(app, bo.boCustomBookmaker, {
    ...setup,
    target: (body) => `${body.marketId}/${body.selectionId}`,
    run: commands.customBookmaker,
  });
  registerCommand(app, bo.boDeclareResult, {
    ...setup,
    target: (body) => ('marketId' in body ? body.marketId : body.selectionId),
    run: commands.declareResult,
  });
  registerCommand(app, bo.boVoid, {
    ...setup,
    target: (body) => body.target,
    run: commands.voidTarget,
  });
  registerCommand(app, bo.boRollback, {
    ...setup,
    target: (body) => body.target,
    run: commands.rollback,
  });
  registerCommand(app, bo.boCreateClient, {
    ...setup,
    target: (body) => body.username,
    prepare: async (body) => ({
      username: body.username,
      passwordHash: await deps.clients.hashPassword(body.password),
      creditLimit: body.creditLimit,
    }),
    run: commands.createClient,
  });
  registerCommand(app, bo.boCredit, {
    ...setup,
    target: (body) => body.username,
    run: commands.credit,
  });
  registerCommand(app, bo.boLockBetting, {
    ...setup,
    target: (body) => body.username,
    run: commands.lockBetting,
  });
  registerCommand(app, bo.boLimitCeiling, {
    ...setup,
    target: (body) => body.username,
    run: commands.limitCeiling,
  });
  registerCommand(app, bo.boLiftExclusion, {
    ...setup,
    target: (body) => body.username,
    run: commands.liftExclusion,
  });
  registerCommand(app, bo.boResetPassword, {
    ...setup,
    target: (body) => body.username,
    prepare: async (body) => ({
      username: body.username,
      passwordHash: await deps.clients.hashPassword(body.password),
    }),
    run: commands.resetPassword,
  });
  registerCommand(app, bo.boMatkaDeclare, {
    ...setup,
    target: (body) => `matka ${body.mid}`,
    run: commands.matkaDeclare,
  });
  registerCommand(app, bo.boMatkaVoid, {
    ...setup,
    target: (body) => `matka ${body.mid}`,
    run: commands.matkaVoid,
  });
  registerCommand(app, bo.boMatkaRollback, {
    ...setup,
    target: (body) => `matka ${body.mid}`,
    run: commands.matkaRollback,
  });
  registerCommand(app, bo.boCasinoVoid, {
    ...setup,
    target: (body) => `casino ${body.roundId}`,
    run: commands.casinoVoid,
  });
  registerCommand(app, bo.boNews, {
    ...setup,
    target: () => 'news',
    run: commands.news,
  });
}
