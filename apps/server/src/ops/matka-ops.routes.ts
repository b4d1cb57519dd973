import { matkaGame, matkaResult } from '@backlay/contract/ops';
import type { FastifyInstance } from 'fastify';
import { OPS_TOKEN_ACTOR, type OperatorActions } from '../modules/operators/operator-actions.js';
import type { OperatorCommands } from './operator-commands.js';
import { registerCommand } from './register-command.js';

/**
 * The operator's matka result (the first result of a market wins, docs/architecture.md) and a new
 * game on the daily schedule.
 */
export async function matkaOpsRoutes(
  app: FastifyInstance,
  {
    moneyBodyLimit,
    ...deps
  }: { act: OperatorActions; commands: OperatorCommands; moneyBodyLimit: number },
): Promise<void> {
  registerCommand(app, matkaResult, {
    act: deps.act,
    actor: () => OPS_TOKEN_ACTOR,
    moneyBodyLimit,
    target: (body) => `matka ${body.mid}`,
    run: deps.commands.matkaDeclare,
  });
  registerCommand(app, matkaGame, {
    act: deps.act,
    actor: () => OPS_TOKEN_ACTOR,
    moneyBodyLimit,
    target: (body) => `matka game ${body.name}`,
    run: deps.commands.matkaAddGame,
  });
}
