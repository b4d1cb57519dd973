import { agentTransactionPassword } from '@backlay/contract/agents/client';
import { callApi } from '../../../../lib/api';
import type { BodyOf } from '../../api/types';

/**
 * Sets the agent's transaction password: the first time with the new one alone, after that with
 * the current one too (docs/agents.md#controls).
 */
export function setTransactionPassword(body: BodyOf<typeof agentTransactionPassword>) {
  return callApi(agentTransactionPassword, { body });
}
