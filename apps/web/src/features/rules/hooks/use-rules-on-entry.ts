import { useCallback, useState } from 'react';
import { readSession, SESSION_KEYS, writeSession } from '../../../lib/storage';

/** `ShowRules` holds this once the modal was accepted or closed in this browser session. */
export const RULES_DONE = 'false';

/**
 * docs/product.md#screens: the Rules and Terms modal shows on first entry until Accept is pressed or it is
 * closed; the choice is remembered for the session in sessionStorage's `ShowRules`.
 */
export function useRulesOnEntry(): { isShown: boolean; dismiss: () => void } {
  const [isShown, setShown] = useState(() => readSession(SESSION_KEYS.ShowRules) !== RULES_DONE);
  const dismiss = useCallback(() => {
    writeSession(SESSION_KEYS.ShowRules, RULES_DONE);
    setShown(false);
  }, []);
  return { isShown, dismiss };
}
