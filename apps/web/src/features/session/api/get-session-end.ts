import { getSessionEnd } from '@backlay/contract/auth/client';
import type { SessionEndReason } from '@backlay/contract/auth';
import { callApi } from '../../../lib/api';

/**
 * Why the session of `token` ended, or null when the server will not say (still live, unknown,
 * no answer). Asked with the ended token itself, after the stored login is gone.
 */
export async function fetchSessionEnd(token: string): Promise<SessionEndReason | null> {
  const answer = await callApi(getSessionEnd, { headers: { authorization: `Bearer ${token}` } });
  return answer.Status ? answer.Result : null;
}
