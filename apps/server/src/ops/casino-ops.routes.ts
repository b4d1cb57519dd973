import { setWinningLimit } from '@backlay/contract/casino';
import type { FastifyInstance } from 'fastify';
import { OPS_TOKEN_ACTOR, type OperatorActions } from '../modules/operators/operator-actions.js';
import type { OperatorCommands } from './operator-commands.js';
import { registerCommand } from './register-command.js';

/** The operator's per-client casino winning limit (docs/decisions.md#silent-rules "Casino"; docs/product.md#constants house rules). */
export async function casinoOpsRoutes(
  app: FastifyInstance,
  {
    moneyBodyLimit,
    ...deps
  }: { act: OperatorActions; commands: OperatorCommands; moneyBodyLimit: number },
): Promise<void> {
  registerCommand(app, setWinningLimit, {
    act: deps.act,
    actor: () => OPS_TOKEN_ACTOR,
    moneyBodyLimit,
    target: (body) => body.username,
    run: deps.commands.setWinLimit,
  });
}
