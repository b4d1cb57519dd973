import type { Paise } from './money.js';

/**
 * A stake in whole rupees: a safe integer from 1 to {@link STAKE_MAX} (docs/product.md#validation: the stake input is
 * an integer and the total stake must be greater than 0). Branded so that it never mixes with
 * paise or odds.
 */
export type Stake = number & { readonly __brand: 'Stake' };

/**
 * Largest stake the domain accepts, in rupees (₹100 crore). It keeps every odds × stake product
 * far inside the safe-integer range; real limits come from the market's min and max.
 */
export const STAKE_MAX = 1_000_000_000;

/** House rules (docs/product.md#validation, #constants): minimum stake 500 on a match market, 100 on a session (fancy). */
export const MATCH_MIN_STAKE = 500;
/** House rules (docs/product.md#validation, #constants): minimum stake 100 on a session (fancy) market. */
export const SESSION_MIN_STAKE = 100;

/** docs/product.md#validation and #errors: the bet slip's message for a zero total stake. */
export const STAKE_NOT_POSITIVE_MESSAGE = 'Total stack must be greater than 0';

/** Our message for a stake with a fraction of a rupee (the spec's stakes are integers). */
export const STAKE_NOT_WHOLE_MESSAGE = 'Stake must be a whole number';

/** Brands a whole number of rupees from 1 to {@link STAKE_MAX} as a stake; null otherwise. */
export function toStake(rupees: number): Stake | null {
  return Number.isSafeInteger(rupees) && rupees >= 1 && rupees <= STAKE_MAX
    ? (rupees as Stake)
    : null;
}

/** A stake in paise (rupees × 100); exact. */
export function stakeToPaise(stake: Stake): Paise {
  return (stake * 100) as Paise;
}

/**
 * Parses the stake input as an integer (docs/product.md#validation): like `parseInt(input, 10)` — leading white
 * space, an optional sign, then the leading decimal digits (`'12.7'` → 12, `'50abc'` → 50,
 * `'-5'` → −5). Anything without leading digits (`''`, `'abc'`, `'.5'`) becomes 0, and so does a
 * value beyond a safe integer. The result is a plain integer in rupees, never −0; whether it is a
 * valid stake is {@link stakeCheck}'s business.
 */
export function stakeParse(input: string): number {
  const match = /^\s*([+-]?)(\d+)/.exec(input);
  if (match === null) return 0;
  const [, sign, digits = ''] = match;
  const magnitude = Number(digits);
  if (!Number.isSafeInteger(magnitude) || magnitude === 0) return 0;
  return sign === '-' ? -magnitude : magnitude;
}

/** A chip adds its value to the current stake (docs/product.md#states); rupees in, rupees out. */
export function stakeAddChip(stake: number, chipValue: number): number {
  return stake + chipValue;
}

/** Optional stake limits of a market or session, in whole rupees (inclusive). */
export interface StakeLimits {
  readonly min: number;
  readonly max: number;
}

/** Result of {@link stakeCheck}: a valid stake, or why not with the message to show. */
export type StakeCheck =
  | { readonly ok: true; readonly stake: Stake }
  | {
      readonly ok: false;
      readonly reason: 'not-positive' | 'not-whole' | 'below-min' | 'above-max';
      readonly message: string;
    };

/**
 * Checks a parsed stake (rupees), in this order. Not greater than 0 →
 * `'Total stack must be greater than 0'` (docs/product.md#validation); a fraction → `'Stake must be a whole number'`
 * (stakes are whole rupees); with limits, below `min` → `'Minimum stake is {min}'` and above `max`
 * → `'Maximum stake is {max}'` (the spec shows the limits but not their messages; these are
 * ours). A stake above {@link STAKE_MAX} is always refused as above the maximum.
 */
export function stakeCheck(stake: number, limits?: StakeLimits): StakeCheck {
  if (!(stake > 0)) {
    return { ok: false, reason: 'not-positive', message: STAKE_NOT_POSITIVE_MESSAGE };
  }
  if (!Number.isInteger(stake)) {
    return { ok: false, reason: 'not-whole', message: STAKE_NOT_WHOLE_MESSAGE };
  }
  if (limits !== undefined && stake < limits.min) {
    return { ok: false, reason: 'below-min', message: `Minimum stake is ${limits.min}` };
  }
  const max = Math.min(limits?.max ?? STAKE_MAX, STAKE_MAX);
  const branded = toStake(stake);
  if (stake > max || branded === null) {
    return { ok: false, reason: 'above-max', message: `Maximum stake is ${max}` };
  }
  return { ok: true, stake: branded };
}
