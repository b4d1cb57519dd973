import { assertNever } from '@backlay/domain';
import type { LoginData, SessionEndReason } from '@backlay/contract/auth';
import type { LoginOutcome } from './auth.service.js';
import { SESSION_END, type SessionEnd } from './session-end.js';

export function loginDataWire(outcome: Extract<LoginOutcome, { kind: 'success' }>): LoginData {
  return {
    Token: outcome.token,
    uid: Number(outcome.clientId),
    UserName: outcome.username,
    IsValidToken: outcome.validityValue,
  };
}

export function sessionEndWire(end: SessionEnd): SessionEndReason {
  switch (end) {
    case SESSION_END.newLogin:
      return 'new_login';
    case SESSION_END.passwordChanged:
      return 'password_changed';
    case SESSION_END.expired:
      return 'expired';
    case SESSION_END.loggedOut:
      return 'logged_out';
    case SESSION_END.sessionLimit:
      return 'session_limit';
    case SESSION_END.timeOut:
      return 'time_out';
    case SESSION_END.selfExcluded:
      return 'self_excluded';
    case SESSION_END.accountLocked:
      return 'account_locked';
    default:
      return assertNever(end, 'session end');
  }
}
