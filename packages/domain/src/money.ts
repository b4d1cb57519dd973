/**
 * Money is exact: integer paise everywhere on the server, rupees with at most two decimals on the
 * wire and on screen (DESIGN §5). The brand keeps paise from mixing with odds or plain numbers.
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
