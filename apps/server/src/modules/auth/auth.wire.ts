import type { LoginData } from '@backlay/contract/auth';
import type { LoginOutcome } from './auth.service.js';

export function loginDataWire(outcome: Extract<LoginOutcome, { kind: 'success' }>): LoginData {
  return {
    Token: outcome.token,
    uid: Number(outcome.clientId),
    UserName: outcome.username,
    IsValidToken: outcome.validityValue,
  };
}
