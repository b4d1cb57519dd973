import { agentHubTicket } from '@backlay/contract/agents/client';
import { callApi } from '../../../../lib/api';

/**
 * The agent's own single-use hub ticket (docs/agents.md#reads "Pushes"), never its bearer token:
 * the console hears `RiskChanged` as the operators' risk screen does.
 */
export async function fetchAgentHubTicket(): Promise<string> {
  const answer = await callApi(agentHubTicket);
  if (!answer.Status) throw new Error(answer.Result);
  return answer.Result.ticket;
}
