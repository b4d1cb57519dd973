import { agentPartnership } from '@backlay/contract/agents/client';
import { callApi } from '../../../../lib/api';
import { idempotent, type BodyOf } from '../../api/types';

/** Sets an agent-level user's partnership, at most its parent's (docs/agents.md#partnership). */
export function setUserPartnership(body: BodyOf<typeof agentPartnership>, idempotencyKey: string) {
  return callApi(agentPartnership, { body, headers: idempotent(idempotencyKey) });
}
