import type { OperatorRole } from '@backlay/contract/backoffice';
import { useSyncExternalStore } from 'react';
import { setOperatorAuth } from '../../lib/api';
import { readSession, removeSession, writeSession } from '../../lib/storage';

/**
 * The operator's login: this tab's session storage under its own key, never the client's login
 * (`loginUserDetails` in local storage), so one browser can hold a client's and an operator's
 * session without either seeing the other's token. Closing the tab ends it on this device.
 */
export const OPERATOR_SESSION_KEY = 'backlay.operator';

export interface OperatorLogin {
  readonly token: string;
  readonly username: string;
  readonly role: OperatorRole;
}

const listeners = new Set<() => void>();
let current: OperatorLogin | null = load();

function load(): OperatorLogin | null {
  try {
    const raw = readSession(OPERATOR_SESSION_KEY);
    const stored = raw === null ? null : (JSON.parse(raw) as Partial<OperatorLogin>);
    return stored &&
      typeof stored.token === 'string' &&
      stored.token.length > 0 &&
      typeof stored.username === 'string' &&
      (stored.role === 'admin' || stored.role === 'risk' || stored.role === 'support')
      ? { token: stored.token, username: stored.username, role: stored.role }
      : null;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getOperatorLogin(): OperatorLogin | null {
  return current;
}

export function storeOperatorLogin(login: OperatorLogin): void {
  writeSession(OPERATOR_SESSION_KEY, JSON.stringify(login));
  current = login;
  emit();
}

export function clearOperatorLogin(): void {
  removeSession(OPERATOR_SESSION_KEY);
  if (current !== null) {
    current = null;
    emit();
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOperatorLogin(): OperatorLogin | null {
  return useSyncExternalStore(subscribe, getOperatorLogin, getOperatorLogin);
}

// `callApi` learns the operator's token here, when the back office's chunk loads: a 401 from an
// operator route clears this login, and the back office's guard then shows its login page.
setOperatorAuth({
  token: () => current?.token ?? null,
  onUnauthorized: clearOperatorLogin,
});
