import { agentExposureLimit } from '@backlay/contract/agents/client';
import { callApi } from '../../../../lib/api';
import { idempotent, type BodyOf } from '../../api/types';

/** Sets a client's exposure limit (null: none) (docs/agents.md#controls). */
export function setUserExposureLimit(
  body: BodyOf<typeof agentExposureLimit>,
  idempotencyKey: string,
) {
  return callApi(agentExposureLimit, { body, headers: idempotent(idempotencyKey) });
}
