import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from './storage';

/** The Bet Sound preference (SPEC §4): persisted, and kept after logout. */
const listeners = new Set<() => void>();

function read(): boolean {
  return localStorage.getItem(STORAGE_KEYS.betsound) === 'true';
}

/** The preference now, for code outside React (a bet's answer arriving after the slip closed). */
export function getBetSound(): boolean {
  return read();
}

export function setBetSound(on: boolean): void {
  localStorage.setItem(STORAGE_KEYS.betsound, String(on));
  for (const listener of listeners) listener();
}

export function useBetSound(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    read,
  );
}
