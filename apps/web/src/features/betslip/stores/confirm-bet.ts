import { createSignal, useSignal } from '../../../lib/signal';
import { STORAGE_KEYS } from '../../../lib/storage';

/**
 * The slip's 'Confirm bet before placing' switch (docs/product.md#screens): client-only, remembered in local
 * storage like Bet Sound, off until the client turns it on.
 */
const confirmBet = createSignal(() => localStorage.getItem(STORAGE_KEYS.confirmBet) === 'true');

export function setConfirmBet(on: boolean): void {
  localStorage.setItem(STORAGE_KEYS.confirmBet, String(on));
  confirmBet.notify();
}

export function useConfirmBet(): boolean {
  return useSignal(confirmBet);
}
