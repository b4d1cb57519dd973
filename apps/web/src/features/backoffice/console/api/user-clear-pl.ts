import { agentClearPl } from '@backlay/contract/agents/client';
import { callApi } from '../../../../lib/api';
import { idempotent, type BodyOf } from '../../api/types';

/** Records cash settled outside: a direct child's reference P/L goes to zero (docs/agents.md#clearing): moves money. */
export function clearUserPl(body: BodyOf<typeof agentClearPl>, idempotencyKey: string) {
  return callApi(agentClearPl, { body, headers: idempotent(idempotencyKey) });
}
