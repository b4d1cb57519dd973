/**
 * Money is exact: integer paise everywhere on the server, rupees with at most two decimals on the
 * wire and on screen (docs/decisions.md#money). The brand keeps paise from mixing with odds or plain numbers.
 */
export type Paise = number & { readonly __brand: 'Paise' };

/** Brands a safe integer as paise; returns null for anything else. */
export function toPaise(value: number): Paise | null {
  return Number.isSafeInteger(value) ? (value as Paise) : null;
}

/**
 * Converts a wire amount in rupees (at most two decimals) to paise.
 * Returns null for NaN, infinities, more than two decimals or values beyond a safe integer.
 */
export function rupeesToPaise(rupees: number): Paise | null {
  if (!Number.isFinite(rupees)) return null;
  const scaled = Math.round(rupees * 100);
  // A value with more than two decimals does not survive the round trip.
  if (Math.abs(scaled - rupees * 100) > 1e-6 * Math.max(1, Math.abs(rupees))) return null;
  if (scaled / 100 !== rupees) return null;
  return toPaise(scaled === 0 ? 0 : scaled);
}

/** Paise as a wire amount in rupees: the nearest double to the two-decimal value. */
export function paiseToRupees(paise: Paise): number {
  return paise / 100;
}

/** Sum of paise amounts; stays an integer. */
export function addPaise(...amounts: readonly Paise[]): Paise {
  let total = 0;
  for (const amount of amounts) total += amount;
  return total as Paise;
}

/**
 * A wallet's running totals in paise (docs/decisions.md#money): the credit given, the realised profit and loss
 * after commission, and the exposure held by open positions. Bigints, as the server keeps them.
 */
export interface WalletTotals {
  readonly credit: bigint;
  readonly pl: bigint;
  readonly exposure: bigint;
}

/** `MainBalance = CreditLimit + PL − Exposure`: the header's `W:` figure. */
export function mainBalance(wallet: WalletTotals): bigint {
  return wallet.credit + wallet.pl - wallet.exposure;
}

/**
 * The main-balance rule (docs/decisions.md#money): a change that adds `addedExposure` paise of exposure (or
 * takes that much credit) is allowed when the main balance after it stays ≥ 0; one that adds
 * nothing (≤ 0) always is, so a client below zero can still reduce their risk. Its SQL twin,
 * `wallet_can_hold` (migration 0009), is proven equal on generated wallets.
 */
export function canHold(wallet: WalletTotals, addedExposure: bigint): boolean {
  return addedExposure <= 0n || mainBalance(wallet) - addedExposure >= 0n;
}
