/**
 * Why a session ended, as `sessions.revoked_reason` holds it (the texts predate the wire names
 * of `sessionEndReason`; `auth.wire.ts` maps one to the other).
 */
export const SESSION_END = {
  newLogin: 'replaced by a new login',
  passwordChanged: 'password changed',
  expired: 'expired',
  loggedOut: 'logged out',
  /** docs/safer-gambling.md: the client's session limit ran out, or they chose an exclusion. */
  sessionLimit: 'session limit reached',
  timeOut: 'time-out',
  selfExcluded: 'self-excluded',
  /** docs/agents.md#controls: the client's login, or an ancestor's, was locked. */
  accountLocked: 'account locked',
} as const;
export type SessionEnd = (typeof SESSION_END)[keyof typeof SESSION_END];
