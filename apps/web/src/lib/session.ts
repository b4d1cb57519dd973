import { useSyncExternalStore } from 'react';
import { getStoredLogin, subscribeStoredLogin, type StoredLogin } from './stored-login';

// The store is React-free (stored-login.ts); the screens take it and its hook from here.
export {
  clearStoredLogin,
  getStoredLogin,
  storeLogin,
  subscribeStoredLogin,
  type StoredLogin,
} from './stored-login';

/** The stored login, re-rendering when it changes (a login, a logout, another tab's). */
export function useStoredLogin(): StoredLogin | null {
  return useSyncExternalStore(subscribeStoredLogin, getStoredLogin, getStoredLogin);
}
