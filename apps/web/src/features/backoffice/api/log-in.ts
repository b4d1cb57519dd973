import { operatorLogin } from '@backlay/contract/backoffice/client';
import { agentLogin } from '@backlay/contract/agents/client';
import { callApi } from '../../../lib/api';
import type { BodyOf } from './types';

/** Logs an operator in with password and six-digit code; the answer carries the token and role. */
export function logInOperator(body: BodyOf<typeof operatorLogin>) {
  return callApi(operatorLogin, { body });
}

/** Logs a user above the clients in (the code only when it has an authenticator set). */
export function logInAgent(body: BodyOf<typeof agentLogin>) {
  return callApi(agentLogin, { body });
}
