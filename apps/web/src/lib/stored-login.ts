import type { LoginData } from '@backlay/contract/auth';
import { readJson, removeSession, SESSION_KEYS, STORAGE_KEYS } from './storage';

/**
 * The stored login (docs/product.md#entities: `loginUserDetails` and `isLoggedIn` in local storage), with a tiny
 * subscription so guards and the header re-render when it changes. Another tab's login or logout
 * arrives through the `storage` event. React-free, so `callApi` and the landing page's script
 * (app/landing-page.ts) read it without loading React; screens follow it with `useStoredLogin`
 * (lib/session.ts).
 */
export type StoredLogin = LoginData;

const listeners = new Set<() => void>();

/** The login local storage holds now, or null: none, or not a whole one. */
function readStoredLogin(): StoredLogin | null {
  if (localStorage.getItem(STORAGE_KEYS.isLoggedIn) !== 'true') return null;
  const stored = readJson<StoredLogin>(STORAGE_KEYS.loginUserDetails);
  return stored && typeof stored.Token === 'string' && stored.Token.length > 0 ? stored : null;
}

let current: StoredLogin | null = readStoredLogin();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getStoredLogin(): StoredLogin | null {
  return current;
}

export function storeLogin(login: StoredLogin): void {
  localStorage.setItem(STORAGE_KEYS.loginUserDetails, JSON.stringify(login));
  localStorage.setItem(STORAGE_KEYS.isLoggedIn, 'true');
  current = login;
  emit();
}

export function clearStoredLogin(): void {
  localStorage.removeItem(STORAGE_KEYS.loginUserDetails);
  localStorage.removeItem(STORAGE_KEYS.isLoggedIn);
  // The next login is a first entry again: the rules modal shows once more (docs/product.md#screens).
  removeSession(SESSION_KEYS.ShowRules);
  if (current !== null) {
    current = null;
    emit();
  }
}

export function subscribeStoredLogin(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (
      event.key === STORAGE_KEYS.loginUserDetails ||
      event.key === STORAGE_KEYS.isLoggedIn ||
      event.key === null
    ) {
      current = readStoredLogin();
      emit();
    }
  });
}
