import { agentLock } from '@backlay/contract/agents/client';
import { callApi } from '../../../../lib/api';
import { idempotent, type BodyOf } from '../../api/types';

/** Locks or unlocks a user's login or betting, for its whole downline (docs/agents.md#controls). */
export function setUserLock(body: BodyOf<typeof agentLock>, idempotencyKey: string) {
  return callApi(agentLock, { body, headers: idempotent(idempotencyKey) });
}
