/** Every key the client keeps in the browser (docs/product.md#entities), in one place. */
export const STORAGE_KEYS = {
  /** The login answer: Token, uid, UserName, IsValidToken. */
  loginUserDetails: 'loginUserDetails',
  isLoggedIn: 'isLoggedIn',
  /** The remembered username, kept apart from the session (docs/product.md#entities). */
  rememberedUsername: 'rememberedUsername',
  /** The Bet Sound preference; survives logout. */
  betsound: 'betsound',
  /** The data saver switch (lib/data-saver.ts); survives logout. */
  dataSaver: 'dataSaver',
  /** The bet slip's 'Confirm bet before placing' switch. */
  confirmBet: 'confirmBet',
  /** The back office's last "Log in as" (agent or house staff); survives logout. */
  backofficeLoginAs: 'backlay.backoffice.as',
} as const;

/** Session storage: remembered for the browser session only. */
export const SESSION_KEYS = {
  /** The rules modal was accepted or closed since this tab's last login (docs/product.md#screens). */
  ShowRules: 'ShowRules',
} as const;

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

/** Reads a session-storage value; `null` when absent or when the browser refuses storage. */
export function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes a session-storage value; a browser that refuses storage simply forgets it. */
export function writeSession(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Private modes may refuse storage: the modal then shows again on the next load.
  }
}

export function removeSession(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing was stored where storage is refused.
  }
}
