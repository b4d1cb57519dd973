import { assertNever } from './assert-never.js';
import type { FancyBetType, MatchBetType } from './bet-type.js';
import type { Paise } from './money.js';
import { divideRoundHalfAwayFromZero } from './rounding.js';
import { stakeToPaise, type Stake } from './stake.js';

/**
 * Decimal odds of a match odds or toss market in integer hundredths (docs/decisions.md#money): 1.90 → 190.
 * A safe integer from 101 (1.01) to {@link ODDS_HUNDREDTHS_MAX} (1000.00). Branded so that odds
 * never add to money.
 */
export type OddsHundredths = number & { readonly __brand: 'OddsHundredths' };

/** Bookmaker odds: an integer per 100 staked (docs/decisions.md#money), e.g. 45; from 1 to {@link PRICE_MAX}. */
export type BookmakerOdds = number & { readonly __brand: 'BookmakerOdds' };

/** A fancy rate (the row's size, docs/product.md#entities `Price`): an integer per 100 (110), 1 to {@link PRICE_MAX}. */
export type FancyRate = number & { readonly __brand: 'FancyRate' };

/**
 * A fancy line in runs (the row's price, docs/product.md#entities `Odds`): a safe integer ≥ 1. A line of 0 is no
 * session (Yes could not lose) and would put the ladder's first rung at −1 runs, which no innings
 * reaches, so it is refused.
 */
export type FancyLine = number & { readonly __brand: 'FancyLine' };

/** Highest decimal odds in hundredths (1000.00, the top of the exchange ladder). */
export const ODDS_HUNDREDTHS_MAX = 100_000;
/** Highest bookmaker odds or fancy rate accepted. */
export const PRICE_MAX = 100_000;

/** Brands an integer from 101 to 100000 as odds in hundredths; null otherwise. */
export function toOddsHundredths(hundredths: number): OddsHundredths | null {
  return Number.isSafeInteger(hundredths) && hundredths >= 101 && hundredths <= ODDS_HUNDREDTHS_MAX
    ? (hundredths as OddsHundredths)
    : null;
}

/**
 * Wire decimal odds (`1.9`, at most two decimals) to hundredths (190); null for more decimals or
 * odds outside 1.01–1000.
 */
export function oddsFromDecimal(decimal: number): OddsHundredths | null {
  if (!Number.isFinite(decimal)) return null;
  const scaled = Math.round(decimal * 100);
  if (Math.abs(scaled - decimal * 100) > 1e-6) return null;
  return toOddsHundredths(scaled);
}

/** Odds in hundredths as wire decimal odds (190 → 1.9). */
export function oddsToDecimal(odds: OddsHundredths): number {
  return odds / 100;
}

/** Brands an integer from 1 to {@link PRICE_MAX} as bookmaker odds; null otherwise. */
export function toBookmakerOdds(odds: number): BookmakerOdds | null {
  return Number.isSafeInteger(odds) && odds >= 1 && odds <= PRICE_MAX
    ? (odds as BookmakerOdds)
    : null;
}

/** Brands an integer from 1 to {@link PRICE_MAX} as a fancy rate; null otherwise. */
export function toFancyRate(rate: number): FancyRate | null {
  return Number.isSafeInteger(rate) && rate >= 1 && rate <= PRICE_MAX ? (rate as FancyRate) : null;
}

/** Brands a safe integer ≥ 1 as a fancy line (runs); null otherwise. */
export function toFancyLine(runs: number): FancyLine | null {
  return Number.isSafeInteger(runs) && runs >= 1 ? (runs as FancyLine) : null;
}

/**
 * What a bet can win (`profit`) and lose (`liability`), both ≥ 0 in integer paise. The slip shows
 * them as Est Profit and Liability; settlement pays exactly these figures (docs/decisions.md#money).
 */
export interface BetFigures {
  readonly profit: Paise;
  readonly liability: Paise;
}

/** Lay swaps profit and liability (docs/product.md#validation). */
function sided(isLay: boolean, computed: Paise, stake: Stake): BetFigures {
  const stakePaise = stakeToPaise(stake);
  return isLay
    ? { profit: stakePaise, liability: computed }
    : { profit: computed, liability: stakePaise };
}

/**
 * Match odds and toss figures (docs/product.md#validation): the computed amount is `round(odds·stake − stake)` in
 * whole rupees, rounded half away from zero (1.50 × ₹1 → ₹0.50 → ₹1; 1.01 × ₹50 → ₹0.50 → ₹1;
 * 1.01 × ₹49 → ₹0.49 → ₹0), then expressed in paise. Back: profit is that amount, liability the
 * stake. Lay: profit is the stake, liability that amount.
 */
export function matchOddsFigures(
  betType: MatchBetType,
  odds: OddsHundredths,
  stake: Stake,
): BetFigures {
  // (odds − 1)·stake in rupees = (hundredths − 100)·stake / 100, exact on integers.
  const rupees = divideRoundHalfAwayFromZero((odds - 100) * stake, 100);
  return sided(betType === 'Lay', (rupees * 100) as Paise, stake);
}

/**
 * Bookmaker figures (docs/product.md#validation): the computed amount is `odds·stake/100` rupees to the paisa, which
 * with integer odds and stake is exactly `odds·stake` paise (no rounding). Back: profit that
 * amount, liability the stake; Lay the swap.
 */
export function bookmakerFigures(
  betType: MatchBetType,
  odds: BookmakerOdds,
  stake: Stake,
): BetFigures {
  return sided(betType === 'Lay', (odds * stake) as Paise, stake);
}

/**
 * The fancy amount (docs/product.md#validation): `rate·stake/100` rupees to two decimals, which with an integer rate
 * and stake is exactly `rate·stake` paise (no rounding).
 */
export function fancyAmount(rate: FancyRate, stake: Stake): Paise {
  return (rate * stake) as Paise;
}

/**
 * Fancy figures (docs/product.md#validation, docs/decisions.md#money): No (lay, type 1) has profit {@link fancyAmount} and
 * liability the stake; Yes (back) has profit the stake and liability the amount. E.g. No at rate
 * 90 for ₹100: profit ₹90, liability ₹100; Yes at rate 110 for ₹100: profit ₹100, liability ₹110.
 */
export function fancyFigures(betType: FancyBetType, rate: FancyRate, stake: Stake): BetFigures {
  const amount = fancyAmount(rate, stake);
  const stakePaise = stakeToPaise(stake);
  return betType === 'No'
    ? { profit: amount, liability: stakePaise }
    : { profit: stakePaise, liability: amount };
}

/**
 * The price check and the price a Back or Lay is matched at (docs/decisions.md#money, "Price
 * improvement"): a Back asked at `asked` is taken when the best back is at least `asked`, a Lay
 * when the best lay is at most `asked`, and it is matched at that best price, which is never worse
 * for the bettor than the one asked (a Back's higher, a Lay's lower). Null when it is not taken:
 * no price on that side (`best` undefined) or a worse one. `asked` and `best` are in one unit
 * (match and toss odds in hundredths, bookmaker odds per 100); the caller decides whether a
 * market keeps the asked price instead (bookmaker, a cash out's plan).
 */
export function oddsMatched<Odds extends number>(
  betType: MatchBetType,
  asked: Odds,
  best: Odds | undefined,
): Odds | null {
  if (best === undefined) return null;
  const isTaken = betType === 'Back' ? best >= asked : best <= asked;
  return isTaken ? best : null;
}

/** A bet with its price, by market kind (the slip's draft reduced to what the figures need). */
export type PricedBet =
  | {
      readonly market: 'MATCH_ODDS' | 'TOSS';
      readonly betType: MatchBetType;
      readonly odds: OddsHundredths;
      readonly stake: Stake;
    }
  | {
      readonly market: 'BOOKMAKER';
      readonly betType: MatchBetType;
      readonly odds: BookmakerOdds;
      readonly stake: Stake;
    }
  | {
      readonly market: 'FANCY';
      readonly betType: FancyBetType;
      readonly rate: FancyRate;
      readonly stake: Stake;
    };

/** Profit and liability of any priced bet, by its market kind (docs/product.md#validation). */
export function betFigures(bet: PricedBet): BetFigures {
  switch (bet.market) {
    case 'MATCH_ODDS':
    case 'TOSS':
      return matchOddsFigures(bet.betType, bet.odds, bet.stake);
    case 'BOOKMAKER':
      return bookmakerFigures(bet.betType, bet.odds, bet.stake);
    case 'FANCY':
      return fancyFigures(bet.betType, bet.rate, bet.stake);
    default:
      return assertNever(bet, 'market kind');
  }
}
