import {
  createClient,
  createOperator,
  credit,
  liftExclusion,
  limitCeiling,
  postNews,
} from '@backlay/contract/ops';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../http/endpoints.js';
import type { OperatorsService } from '../modules/operators/operators.service.js';
import type { ClientsService } from '../modules/clients/clients.service.js';
import { OPS_TOKEN_ACTOR, type OperatorActions } from '../modules/operators/operator-actions.js';
import type { OperatorCommands } from './operator-commands.js';
import { registerCommand } from './register-command.js';

export interface OpsDeps {
  readonly operators: OperatorsService;
  readonly act: OperatorActions;
  readonly commands: OperatorCommands;
  readonly clients: ClientsService;
}

/**
 * The operator API (docs/decisions.md#product): one route per CLI command, operator token only. Each runs the
 * back office's command as an action of {@link OPS_TOKEN_ACTOR}: audited, Idempotency-Key honoured.
 */
export async function opsRoutes(
  app: FastifyInstance,
  { moneyBodyLimit, ...deps }: OpsDeps & { moneyBodyLimit: number },
): Promise<void> {
  const { commands } = deps;
  const setup = { act: deps.act, actor: () => OPS_TOKEN_ACTOR, moneyBodyLimit };
  registerCommand(app, createClient, {
    ...setup,
    target: (body) => body.username,
    prepare: async (body) => ({
      username: body.username,
      passwordHash: await deps.clients.hashPassword(body.password),
      creditLimit: body.creditLimit,
    }),
    run: commands.createClient,
  });
  registerCommand(app, credit, {
    ...setup,
    target: (body) => body.username,
    run: commands.credit,
  });
  registerCommand(app, postNews, { ...setup, target: () => 'news', run: commands.news });
  registerCommand(app, limitCeiling, {
    ...setup,
    target: (body) => body.username,
    run: commands.limitCeiling,
  });
  registerCommand(app, liftExclusion, {
    ...setup,
    target: (body) => body.username,
    run: commands.liftExclusion,
  });
  registerEndpoint(
    app,
    createOperator,
    async ({ body }) => {
      const created = await deps.operators.create(body);
      if (!created.ok) return { Status: false as const, Result: created.message };
      // The secret is answered, never logged: the audit row names the operator and role only.
      await deps.act(
        {
          actor: OPS_TOKEN_ACTOR,
          action: createOperator.path,
          target: body.username,
          key: undefined,
          body: {},
        },
        async () => ({
          answer: { Status: true as const, Result: `Operator ${body.username} created` },
          after: { username: body.username, role: body.role },
        }),
      );
      return {
        Status: true as const,
        Result: {
          username: body.username,
          role: body.role,
          totpSecret: created.totpSecret,
          totpUri: created.totpUri,
        },
      };
    },
    { moneyBodyLimit },
  );
}
