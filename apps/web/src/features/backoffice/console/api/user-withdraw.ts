import { agentWithdraw } from '@backlay/contract/agents/client';
import { callApi } from '../../../../lib/api';
import { idempotent, type BodyOf } from '../../api/types';

/** Moves chips from a direct child's free balance back to the agent (docs/agents.md#chips): moves money. */
export function withdrawFromUser(body: BodyOf<typeof agentWithdraw>, idempotencyKey: string) {
  return callApi(agentWithdraw, { body, headers: idempotent(idempotencyKey) });
}
