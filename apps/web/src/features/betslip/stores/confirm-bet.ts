import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../../lib/storage';

/**
 * The slip's 'Confirm bet before placing' switch (SPEC §2): client-only, remembered in local
 * storage like Bet Sound, off until the client turns it on.
 */
const listeners = new Set<() => void>();

const read = (): boolean => localStorage.getItem(STORAGE_KEYS.confirmBet) === 'true';

export function setConfirmBet(on: boolean): void {
  localStorage.setItem(STORAGE_KEYS.confirmBet, String(on));
  for (const listener of listeners) listener();
}

export function useConfirmBet(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    read,
  );
}
