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

/** The windows of a back-office session (operators and the agent network): idle and whole. */
export interface SessionWindows {
  readonly idleS: number;
  readonly maxS: number;
}

/** Whether a back-office session has ended by time: idle past `idleS`, or older than `maxS`. */
export function isPastWindows(
  session: { readonly createdAt: Date; readonly lastSeenAt: Date },
  now: Date,
  windows: SessionWindows,
): boolean {
  return (
    now.getTime() - session.lastSeenAt.getTime() >= windows.idleS * 1000 ||
    now.getTime() - session.createdAt.getTime() >= windows.maxS * 1000
  );
}
