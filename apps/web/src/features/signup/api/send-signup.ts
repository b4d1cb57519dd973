import type { SignupBody } from '@backlay/contract/agents';
import { signupRequest } from '@backlay/contract/agents/client';
import { callApi } from '../../../lib/api';

/**
 * Sends a visitor's sign-up request to the agent whose referral code it gives
 * (docs/agents.md#sign-up): done, or refused with the field to fix when there is one.
 */
export function sendSignup(body: SignupBody) {
  return callApi(signupRequest, { body });
}
