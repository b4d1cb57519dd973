import { createSignal, useSignal } from './signal';
import { STORAGE_KEYS } from './storage';

/** The Bet Sound preference (docs/product.md#states): persisted, and kept after logout. */
const betSound = createSignal(() => localStorage.getItem(STORAGE_KEYS.betsound) === 'true');

/** The preference now, for code outside React (a bet's answer arriving after the slip closed). */
export function getBetSound(): boolean {
  return betSound.read();
}

export function setBetSound(on: boolean): void {
  localStorage.setItem(STORAGE_KEYS.betsound, String(on));
  betSound.notify();
}

export function useBetSound(): boolean {
  return useSignal(betSound);
}
