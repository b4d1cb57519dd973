import { agentSignupApprove } from '@backlay/contract/agents/client';
import { callApi } from '../../../../lib/api';
import { idempotent, type BodyOf } from '../../api/types';

/**
 * Approves a sign-up request with the agent's transaction password: its client is created under
 * the agent (docs/agents.md#sign-up), once per submission's key.
 */
export function approveSignup(body: BodyOf<typeof agentSignupApprove>, idempotencyKey: string) {
  return callApi(agentSignupApprove, { body, headers: idempotent(idempotencyKey) });
}
