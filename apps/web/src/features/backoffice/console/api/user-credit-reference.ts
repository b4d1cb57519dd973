import { agentCreditReference } from '@backlay/contract/agents/client';
import { callApi } from '../../../../lib/api';
import { idempotent, type BodyOf } from '../../api/types';

/** Sets what the agent has lent a user (docs/agents.md#credit-reference); moves no chips. */
export function setUserCreditReference(
  body: BodyOf<typeof agentCreditReference>,
  idempotencyKey: string,
) {
  return callApi(agentCreditReference, { body, headers: idempotent(idempotencyKey) });
}
