import { agentCommission } from '@backlay/contract/agents/client';
import { callApi } from '../../../../lib/api';
import { idempotent, type BodyOf } from '../../api/types';

/** Sets a user's match and session commission, each at most its parent's (docs/agents.md#commission). */
export function setUserCommission(body: BodyOf<typeof agentCommission>, idempotencyKey: string) {
  return callApi(agentCommission, { body, headers: idempotent(idempotencyKey) });
}
