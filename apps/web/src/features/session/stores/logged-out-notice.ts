import type { SessionEndReason } from '@backlay/contract/auth';
import { createSignal, useSignal } from '../../../lib/signal';
import { readSession, removeSession, writeSession } from '../../../lib/storage';

/** Ours (docs/product.md#states: the logout itself is silent): what /login says about a session ended elsewhere. */
export const LOGGED_OUT_MESSAGES = {
  new_login: 'You were logged out because your account signed in on another device',
  password_changed: 'You were logged out because your password was changed on another device',
  expired: 'Your session expired. Please log in again.',
  // Safer betting (docs/safer-gambling.md): the client's own session limit, time-out or exclusion.
  session_limit: 'Your session time limit was reached. Please log in again.',
  time_out: 'You are on a time-out: login is refused until it ends.',
  self_excluded: 'You have excluded yourself: login is refused.',
  // The agent network (docs/agents.md#controls): the client's agent, or one above it, locked it.
  account_locked: 'Your account is locked. Please contact your agent.',
} as const satisfies Record<Exclude<SessionEndReason, 'logged_out'>, string>;

/**
 * A one-shot notice for /login, in session storage so that a reload of /login keeps it; the next
 * login attempt clears it. A logout of one's own (`logged_out`) needs no explaining. The reason
 * is kept beside it, so that the server's later answer of the same reason (asked after every
 * session end) leaves a notice in the server's own words in place.
 */
const KEY = 'loggedOutNotice';
const REASON_KEY = 'loggedOutReason';
const notice = createSignal((): string | null => readSession(KEY));

/**
 * Notes why the session ended: the reason's text, or `message` when there are better words (the
 * server's answer to a time-out the client has just taken, naming its end).
 */
export function noteSessionEnd(reason: SessionEndReason, message?: string): void {
  if (reason === 'logged_out') return;
  if (message === undefined && readSession(REASON_KEY) === reason && readSession(KEY) !== null)
    return;
  writeSession(KEY, message || LOGGED_OUT_MESSAGES[reason]);
  writeSession(REASON_KEY, reason);
  notice.notify();
}

export function clearLoggedOutNotice(): void {
  if (readSession(KEY) === null) return;
  removeSession(KEY);
  removeSession(REASON_KEY);
  notice.notify();
}

export function useLoggedOutNotice(): string | null {
  return useSignal(notice);
}
