import { agentResetPassword } from '@backlay/contract/agents/client';
import { callApi } from '../../../../lib/api';
import { idempotent, type BodyOf } from '../../api/types';

/** Sets a user's login password; its sessions end (docs/agents.md#controls). */
export function resetUserPassword(body: BodyOf<typeof agentResetPassword>, idempotencyKey: string) {
  return callApi(agentResetPassword, { body, headers: idempotent(idempotencyKey) });
}
