/** Every key the client keeps in the browser (SPEC §3), in one place. */
export const STORAGE_KEYS = {
  /** The login answer: Token, uid, UserName, IsValidToken. */
  loginUserDetails: 'loginUserDetails',
  isLoggedIn: 'isLoggedIn',
  /** The remembered username, kept apart from the session (SPEC §3). */
  rememberedUsername: 'rememberedUsername',
  /** The Bet Sound preference; survives logout. */
  betsound: 'betsound',
  /** The bet slip's 'Confirm bet before placing' switch. */
  confirmBet: 'confirmBet',
} as const;

/** Session storage: remembered for the browser session only. */
export const SESSION_KEYS = {
  /** The rules modal was accepted or closed (SPEC §2). */
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
