import { agentLogout } from '@backlay/contract/agents/client';
import { callApi } from '../../../../lib/api';

/** Ends the agent's session on the server. */
export function logOutAgent() {
  return callApi(agentLogout);
}
