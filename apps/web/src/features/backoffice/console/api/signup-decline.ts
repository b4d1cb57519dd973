import { agentSignupDecline } from '@backlay/contract/agents/client';
import { callApi } from '../../../../lib/api';
import { idempotent, type BodyOf } from '../../api/types';

/** Declines a sign-up request (docs/agents.md#sign-up): nothing is created. */
export function declineSignup(body: BodyOf<typeof agentSignupDecline>, idempotencyKey: string) {
  return callApi(agentSignupDecline, { body, headers: idempotent(idempotencyKey) });
}
