/**
 * Integer division rounded half away from zero (docs/decisions.md#money: `round` is half away from zero on
 * integers): 5/2 → 3, −5/2 → −3, 7/3 → 2, 3/4 → 1, 1/4 → 0.
 *
 * Invariants: `numerator` is a safe integer and `divisor` a positive safe integer; the result is
 * the exact integer nearest to numerator/divisor, ties going away from zero. Never returns −0.
 */
export function divideRoundHalfAwayFromZero(numerator: number, divisor: number): number {
  const magnitude = Math.abs(numerator);
  // For safe integers a < 2^53 and b ≥ 1 the correctly rounded a/b never crosses an integer, so
  // its floor is the exact quotient and the remainder is exact (checked against BigInt in tests).
  const quotient = Math.floor(magnitude / divisor);
  const remainder = magnitude - quotient * divisor;
  const rounded = 2 * remainder >= divisor ? quotient + 1 : quotient;
  return numerator < 0 && rounded !== 0 ? -rounded : rounded;
}
