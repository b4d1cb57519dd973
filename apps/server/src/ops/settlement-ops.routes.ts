import { declareResult, rollbackResult, setCommission, voidMarket } from '@backlay/contract/ops';
import type { FastifyInstance } from 'fastify';
import { OPS_TOKEN_ACTOR, type OperatorActions } from '../modules/operators/operator-actions.js';
import type { OperatorCommands } from './operator-commands.js';
import { registerCommand } from './register-command.js';

/** Operator commands over results (docs/decisions.md#money), as audited actions of the operator token. */
export async function settlementOpsRoutes(
  app: FastifyInstance,
  {
    moneyBodyLimit,
    ...deps
  }: { act: OperatorActions; commands: OperatorCommands; moneyBodyLimit: number },
): Promise<void> {
  const { commands } = deps;
  const setup = { act: deps.act, actor: () => OPS_TOKEN_ACTOR, moneyBodyLimit };
  registerCommand(app, declareResult, {
    ...setup,
    target: (body) => ('marketId' in body ? body.marketId : body.selectionId),
    run: commands.declareResult,
  });
  registerCommand(app, voidMarket, {
    ...setup,
    target: (body) => body.target,
    run: commands.voidTarget,
  });
  registerCommand(app, rollbackResult, {
    ...setup,
    target: (body) => body.target,
    run: commands.rollback,
  });
  registerCommand(app, setCommission, {
    ...setup,
    target: (body) => body.username,
    run: commands.setCommission,
  });
}
