import type { AgentLevel as AnyLevel } from '@backlay/domain';
import type { OperatorRole } from '@backlay/contract/backoffice';
import { useSyncExternalStore } from 'react';
import { setStaffAuth } from '../../lib/api';
import { readSession, removeSession, writeSession } from '../../lib/storage';

/**
 * The back office's login — a house operator's or an agent's (a user above the clients,
 * docs/agents.md#levels): this tab's session storage under its own key, never the client's login
 * (`loginUserDetails` in local storage), so one browser can hold a client's and a back-office
 * session without either seeing the other's token. Closing the tab ends it on this device.
 */
export const OPERATOR_SESSION_KEY = 'backlay.operator';

export interface OperatorLogin {
  readonly kind?: 'operator';
  readonly token: string;
  readonly username: string;
  readonly role: OperatorRole;
}

/** A level above the clients: the levels that log in to the back office. */
export type AgentLevel = Exclude<AnyLevel, 'client'>;

export interface AgentLogin {
  readonly kind: 'agent';
  readonly token: string;
  readonly username: string;
  readonly level: AgentLevel;
}

export type BackofficeLogin = OperatorLogin | AgentLogin;

const ROLES: readonly string[] = ['admin', 'risk', 'support'] satisfies OperatorRole[];
const LEVELS: readonly string[] = [
  'admin',
  'supermaster',
  'master',
  'agent',
] satisfies AgentLevel[];

const listeners = new Set<() => void>();
let current: BackofficeLogin | null = load();

function load(): BackofficeLogin | null {
  try {
    const raw = readSession(OPERATOR_SESSION_KEY);
    const stored = raw === null ? null : (JSON.parse(raw) as Record<string, unknown>);
    if (!stored || typeof stored.token !== 'string' || stored.token.length === 0) return null;
    if (typeof stored.username !== 'string') return null;
    const { token, username } = stored;
    if (stored.kind === 'agent')
      return typeof stored.level === 'string' && LEVELS.includes(stored.level)
        ? { kind: 'agent', token, username, level: stored.level as AgentLevel }
        : null;
    return typeof stored.role === 'string' && ROLES.includes(stored.role)
      ? { token, username, role: stored.role as OperatorRole }
      : null;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export const isAgentLogin = (login: BackofficeLogin | null): login is AgentLogin =>
  login?.kind === 'agent';

export function getBackofficeLogin(): BackofficeLogin | null {
  return current;
}

/** The operator's login, or null (none, or an agent's). */
export function getOperatorLogin(): OperatorLogin | null {
  return current === null || isAgentLogin(current) ? null : current;
}

/** The agent's login, or null (none, or an operator's). */
export function getAgentLogin(): AgentLogin | null {
  return isAgentLogin(current) ? current : null;
}

export function storeBackofficeLogin(login: BackofficeLogin): void {
  writeSession(OPERATOR_SESSION_KEY, JSON.stringify(login));
  current = login;
  emit();
}

export const storeOperatorLogin: (login: OperatorLogin) => void = storeBackofficeLogin;

export function clearBackofficeLogin(): void {
  removeSession(OPERATOR_SESSION_KEY);
  if (current !== null) {
    current = null;
    emit();
  }
}

export const clearOperatorLogin = clearBackofficeLogin;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBackofficeLogin(): BackofficeLogin | null {
  return useSyncExternalStore(subscribe, getBackofficeLogin, getBackofficeLogin);
}

export function useOperatorLogin(): OperatorLogin | null {
  return useSyncExternalStore(subscribe, getOperatorLogin, getOperatorLogin);
}

export function useAgentLogin(): AgentLogin | null {
  return useSyncExternalStore(subscribe, getAgentLogin, getAgentLogin);
}

// `callApi` learns the back office's tokens here, when its chunk loads: a 401 from an operator or
// agent route clears this login, and the back office's guard then shows its login page.
setStaffAuth('operator', {
  token: () => getOperatorLogin()?.token ?? null,
  onUnauthorized: clearBackofficeLogin,
});
setStaffAuth('agent', {
  token: () => getAgentLogin()?.token ?? null,
  onUnauthorized: clearBackofficeLogin,
});
