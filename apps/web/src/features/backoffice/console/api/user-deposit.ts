import { agentDeposit } from '@backlay/contract/agents/client';
import { callApi } from '../../../../lib/api';
import { idempotent, type BodyOf } from '../../api/types';

/** Moves chips from the agent's balance to a direct child's (docs/agents.md#chips): moves money. */
export function depositToUser(body: BodyOf<typeof agentDeposit>, idempotencyKey: string) {
  return callApi(agentDeposit, { body, headers: idempotent(idempotencyKey) });
}
