import type { SessionEndReason } from '@backlay/contract/auth';
import { createSignal, useSignal } from '../../../lib/signal';
import { readSession, removeSession, writeSession } from '../../../lib/storage';

/** Ours (the SPEC's logout is silent): what /login says about a session ended elsewhere. */
export const LOGGED_OUT_MESSAGES = {
  new_login: 'You were logged out because your account signed in on another device',
  password_changed: 'You were logged out because your password was changed on another device',
  expired: 'Your session expired. Please log in again.',
} as const satisfies Partial<Record<SessionEndReason, string>>;

/**
 * A one-shot notice for /login, in session storage so that a reload of /login keeps it; the next
 * login attempt clears it. A logout of one's own (`logged_out`) needs no explaining.
 */
const KEY = 'loggedOutNotice';
const notice = createSignal((): string | null => readSession(KEY));

export function noteSessionEnd(reason: SessionEndReason): void {
  if (reason === 'logged_out') return;
  writeSession(KEY, LOGGED_OUT_MESSAGES[reason]);
  notice.notify();
}

export function clearLoggedOutNotice(): void {
  if (readSession(KEY) === null) return;
  removeSession(KEY);
  notice.notify();
}

export function useLoggedOutNotice(): string | null {
  return useSignal(notice);
}
