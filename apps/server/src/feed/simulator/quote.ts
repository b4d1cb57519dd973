import type { FancyQuote, FeedStatus, PriceSize, RunnerQuote } from '../types.js';
import { ladderFloor, ladderStep, LADDER_MAX, LADDER_MIN } from './ladder.js';
import { rngFork, rngInt, type Rng } from './rng.js';
import { clamp, normalAtLeast } from './stats.js';

/**
 * Quotes: fair probabilities in, prices out (DESIGN §5 price units, §6 overround and ladder).
 */

/** The back book's overround: Σ 1/back ≥ 103 % before the ladder rounds prices down further. */
export const MATCH_OVERROUND = 1.03;
/** The bookmaker's margin on each side of the fair price (1 %). */
export const BOOKMAKER_MARGIN = 1.01;
/** Fancy rate-variant margin: No at fair × 0.9, Yes at fair × 1.1 (DESIGN §5 rate convention). */
export const FANCY_RATE_MARGIN = 0.1;
/** Toss prices in hundredths, the same on each side (a coin, priced like the real toss books). */
export const TOSS_BACK = 195;
export const TOSS_LAY = 198;
/** How many price levels each side of an exchange runner shows. */
const DEPTH = 3;
/** At most this many one-rung shortenings while balancing a book (the ladder has 350 rungs). */
const LADDER_STEPS_GUARD = 1000;

/** A runner and its fair probability of winning (all of a market's sum to 1). */
export interface RunnerChance {
  readonly selectionId: number;
  readonly probability: number;
}

function sizeDraw(rng: Rng, level: number, scale: number): number {
  return rngInt(rng, 2, 60) * scale * (level + 1);
}

function levels(rng: Rng, best: number, direction: 1 | -1, scale: number): PriceSize[] {
  const out: PriceSize[] = [];
  for (let level = 0; level < DEPTH; level += 1) {
    const price = ladderStep(best, direction * level);
    if (out.some((entry) => entry.price === price)) break;
    out.push({ price, size: sizeDraw(rng, level, scale) });
  }
  return out;
}

/**
 * Exchange (match odds) quotes: the back price is the ladder rung at or below 1 / (p · 1.03), the
 * lay price the next rung up, so back < lay; three levels a side, sizes in whole rupees drawn from
 * `rng`. Prices are integer hundredths (DESIGN §5). Near certainty the favourite sits at 1.01
 * whatever its fair price, so the longest prices are shortened until the back book is ≥ 100 %:
 * the house never offers a set of backs that wins whatever happens.
 */
export function exchangeQuotes(rng: Rng, runners: readonly RunnerChance[]): RunnerQuote[] {
  const backs = runners.map(({ probability }) =>
    Math.min(
      ladderFloor(100 / (clamp(probability, 1e-6, 1) * MATCH_OVERROUND)),
      ladderStep(LADDER_MAX, -1),
    ),
  );
  const book = (): number => backs.reduce((sum, back) => sum + 100 / back, 0);
  for (let guard = 0; book() < 1 && guard < LADDER_STEPS_GUARD; guard += 1) {
    const longest = backs.indexOf(Math.max(...backs));
    backs[longest] = ladderStep(backs[longest] ?? LADDER_MIN, -1);
  }
  return runners.map(({ selectionId }, i) => {
    const back = backs[i] ?? LADDER_MIN;
    return {
      selectionId,
      status: 'ACTIVE',
      back: levels(rng, back, -1, 100),
      lay: levels(rng, ladderStep(back, 1), 1, 100),
    };
  });
}

/**
 * Quotes of a further exchange market (tied match, over/under, a set's winner — docs/architecture.md
 * identifiers), priced as {@link exchangeQuotes}, their sizes drawn from a fork of `rng` salted
 * with the market's first runner id, so `rng` itself draws nothing.
 */
export function sideMarketQuotes(rng: Rng, runners: readonly RunnerChance[]): RunnerQuote[] {
  return exchangeQuotes(rngFork(rng, runners[0]?.selectionId ?? 0), runners);
}

/**
 * Bookmaker quotes, odds per 100 (the khai/lagai convention, DESIGN §5: back wins O·S/100): from
 * the fair price 100·(1 − p)/p, back = ⌊100·(1/(p·1.01) − 1)⌋ and lay = ⌈100·(1.01/p − 1)⌉,
 * clamped so 1 ≤ back < lay. One level a side, sizes in whole rupees.
 */
export function bookmakerQuotes(rng: Rng, runners: readonly RunnerChance[]): RunnerQuote[] {
  return runners.map(({ selectionId, probability }) => {
    const p = clamp(probability, 0.001, 0.999);
    const back = clamp(Math.floor(100 * (1 / (p * BOOKMAKER_MARGIN) - 1)), 1, 99000);
    const lay = Math.max(back + 1, Math.ceil(100 * (BOOKMAKER_MARGIN / p - 1)));
    return {
      selectionId,
      status: 'ACTIVE',
      back: [{ price: back, size: rngInt(rng, 10, 100) * 1000 }],
      lay: [{ price: lay, size: rngInt(rng, 10, 100) * 1000 }],
    };
  });
}

/** Toss quotes: 1.95 back / 1.98 lay on each side (hundredths). */
export function tossQuotes(rng: Rng, selectionIds: readonly number[]): RunnerQuote[] {
  return selectionIds.map((selectionId) => ({
    selectionId,
    status: 'ACTIVE',
    back: [{ price: TOSS_BACK, size: rngInt(rng, 5, 50) * 1000 }],
    lay: [{ price: TOSS_LAY, size: rngInt(rng, 5, 50) * 1000 }],
  }));
}

/** Runners of a suspended or closed market: that status and no prices. */
export function quietQuotes(status: FeedStatus, selectionIds: readonly number[]): RunnerQuote[] {
  return selectionIds.map((selectionId) => ({ selectionId, status, back: [], lay: [] }));
}

/** A forecast of a session's final runs: a mean and a standard deviation, in runs. */
export interface RunsForecast {
  readonly mean: number;
  readonly sd: number;
}

function floorTo5(x: number): number {
  return Math.floor(x / 5 + 1e-9) * 5;
}

function ceilTo5(x: number): number {
  return Math.ceil(x / 5 - 1e-9) * 5;
}

/**
 * A session row with one line for both sides priced by rates (DESIGN §5): with p = P(runs ≥ line)
 * the fair rate of either side is 100·p/(1 − p); the row quotes No at fair·0.9 rounded down to 5
 * and Yes at fair·1.1 rounded up to 5, so at an even line No 90 / Yes 110.
 */
export function fancyRateQuote(
  selectionId: string,
  gameStatus: string,
  line: number,
  pAtLeast: number,
): FancyQuote {
  const p = clamp(pAtLeast, 0.05, 0.95);
  const fair = (100 * p) / (1 - p);
  const noRate = Math.max(5, floorTo5(fair * (1 - FANCY_RATE_MARGIN)));
  const yesRate = Math.max(noRate + 5, ceilTo5(fair * (1 + FANCY_RATE_MARGIN)));
  const at = Math.max(1, line);
  return { selectionId, gameStatus, noLine: at, noRate, yesLine: at, yesRate };
}

/**
 * A session row from a runs forecast. Far from settling (`isNear` false) it is the classic row
 * "No L / Yes L+1" at 100/100 with L = ⌊mean⌋: the one-run gap is the house's margin. Near settling
 * (the last over) it is one line at the even point with rates ({@link fancyRateQuote}). Lines are
 * whole runs ≥ 1 (domain `toFancyLine`).
 */
export function fancyQuote(
  selectionId: string,
  gameStatus: string,
  forecast: RunsForecast,
  isNear: boolean,
): FancyQuote {
  if (isNear) {
    const line = Math.max(1, Math.round(forecast.mean + 0.5));
    return fancyRateQuote(
      selectionId,
      gameStatus,
      line,
      normalAtLeast(line, forecast.mean, forecast.sd),
    );
  }
  const line = Math.max(1, Math.floor(forecast.mean));
  return { selectionId, gameStatus, noLine: line, noRate: 100, yesLine: line + 1, yesRate: 100 };
}
