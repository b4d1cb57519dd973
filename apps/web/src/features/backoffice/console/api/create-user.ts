import { agentCreateUser } from '@backlay/contract/agents/client';
import { callApi } from '../../../../lib/api';
import { idempotent, type BodyOf } from '../../api/types';

/** Creates a user at a level below the agent's (docs/agents.md#levels). */
export function createUser(body: BodyOf<typeof agentCreateUser>, idempotencyKey: string) {
  return callApi(agentCreateUser, { body, headers: idempotent(idempotencyKey) });
}
