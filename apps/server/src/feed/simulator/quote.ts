import {
  bookmakerHundredths,
  DEFAULT_HOUSE_MARGINS,
  fancyBreaches,
  runnersBreaches,
  type HouseMargins,
  type RunnerPrices,
} from '@backlay/domain';
import type { FancyQuote, FeedStatus, PriceSize, RunnerQuote } from '../types.js';
import { ladderCeil, ladderFloor, ladderStep, LADDER_MAX, LADDER_MIN } from './ladder.js';
import { rngFork, rngInt, type Rng } from './rng.js';
import { clamp, normalAtLeast } from './stats.js';

/**
 * Quotes: fair probabilities in, prices out (docs/decisions.md#money price units, #feed overround and ladder).
 * Every market the simulator quotes keeps the house's margins (the domain's `house-quotes`):
 * backing every runner and laying every runner both lose, a back is below its lay, and the
 * bookmaker never offers a better price than the exchange beside it.
 */

/** The back book's overround: Σ 1/back ≥ 103 % before the ladder rounds prices down further. */
export const MATCH_OVERROUND = 1.03;
/** Fancy rate-variant margin: No at fair × 0.9, Yes at fair × 1.1 (docs/decisions.md#money rate convention). */
export const FANCY_RATE_MARGIN = 0.1;
/**
 * Toss prices in hundredths, the same on each side (a coin): backs 2 × 1/1.95 = 102.6 %, lays
 * 2 × 1/2.06 = 97.1 %, so backing or laying both sides loses whichever wins.
 */
export const TOSS_BACK = 195;
export const TOSS_LAY = 206;
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

/** Each runner's best back and lay (hundredths) as the domain's rules read them. */
export function bestOf(runners: readonly RunnerQuote[]): RunnerPrices[] {
  return runners.map((runner) => ({
    selectionId: String(runner.selectionId),
    back: runner.back[0]?.price ?? null,
    lay: runner.lay[0]?.price ?? null,
  }));
}

const hasBreach = (prices: readonly RunnerPrices[], margins: HouseMargins, rule: string) =>
  runnersBreaches(prices, margins).some((breach) => breach.rule === rule);

/**
 * Exchange (match odds) quotes: the back price is the ladder rung at or below
 * 1 / (p · overround), the overround 103 % or the house's back margin if larger; the lay price
 * the rung at or above 1 / (p · (1 − lay margin)), at least a rung above the back. Near certainty
 * the favourite sits at 1.01 whatever its fair price, so the longest backs are shortened until
 * the back book keeps its margin, and the shortest lays lengthened until the lay book keeps its
 * own: the house never offers a set of backs, or of lays, that wins whatever happens. Three levels
 * a side, sizes in whole rupees drawn from `rng`. Prices are integer hundredths (docs/architecture.md, "Money").
 */
export function exchangeQuotes(
  rng: Rng,
  runners: readonly RunnerChance[],
  margins: HouseMargins = DEFAULT_HOUSE_MARGINS,
): RunnerQuote[] {
  const overround = Math.max(MATCH_OVERROUND, 1 + margins.backBp / 10_000);
  const chances = runners.map(({ probability }) => clamp(probability, 1e-6, 1));
  const backs = chances.map((p) =>
    Math.min(ladderFloor(100 / (p * overround)), ladderStep(LADDER_MAX, -1)),
  );
  const lays = chances.map((p, i) =>
    Math.max(
      ladderStep(backs[i] ?? LADDER_MIN, 1),
      ladderCeil(100 / (p * (1 - margins.layBp / 10_000))),
    ),
  );
  const prices = (): RunnerPrices[] =>
    runners.map((runner, i) => ({
      selectionId: String(runner.selectionId),
      back: backs[i] ?? LADDER_MIN,
      lay: lays[i] ?? LADDER_MAX,
    }));
  for (
    let guard = 0;
    hasBreach(prices(), margins, 'back-book') && guard < LADDER_STEPS_GUARD;
    guard += 1
  ) {
    const longest = backs.indexOf(Math.max(...backs));
    backs[longest] = ladderStep(backs[longest] ?? LADDER_MIN, -1);
  }
  for (
    let guard = 0;
    hasBreach(prices(), margins, 'lay-book') && guard < LADDER_STEPS_GUARD;
    guard += 1
  ) {
    const shortest = lays.indexOf(Math.min(...lays));
    lays[shortest] = ladderStep(lays[shortest] ?? LADDER_MAX, 1);
  }
  return runners.map(({ selectionId }, i) => ({
    selectionId,
    status: 'ACTIVE',
    back: levels(rng, backs[i] ?? LADDER_MIN, -1, 100),
    lay: levels(rng, lays[i] ?? LADDER_MAX, 1, 100),
  }));
}

/**
 * Quotes of a further exchange market (tied match, over/under, a set's winner — docs/architecture.md
 * identifiers), priced as {@link exchangeQuotes}, their sizes drawn from a fork of `rng` salted
 * with the market's first runner id, so `rng` itself draws nothing.
 */
export function sideMarketQuotes(
  rng: Rng,
  runners: readonly RunnerChance[],
  margins: HouseMargins = DEFAULT_HOUSE_MARGINS,
): RunnerQuote[] {
  return exchangeQuotes(rngFork(rng, runners[0]?.selectionId ?? 0), runners, margins);
}

/**
 * Bookmaker quotes, odds per 100 (the khai/lagai convention, docs/decisions.md#money: back wins O·S/100): from
 * the fair decimal price 1/p, back = ⌊100·(1/(p·(1 + back margin)) − 1)⌋ and
 * lay = ⌈100·(1/(p·(1 − lay margin)) − 1)⌉, back < lay. Beside the exchange's
 * quotes of the same runners (in the same order) the bookmaker sits outside its spread, a rung
 * clear of it so that the ladder's tilt of one rung keeps it there: its back at most the rung
 * below the exchange's back, its lay at least the rung above the exchange's lay. Then no price of
 * the two markets together beats the exchange's own, which keep the margins; a back that would be
 * below 1 (the exchange's at 1.01 or 1.02) is not offered. One level a side, sizes in whole
 * rupees.
 */
export function bookmakerQuotes(
  rng: Rng,
  runners: readonly RunnerChance[],
  margins: HouseMargins = DEFAULT_HOUSE_MARGINS,
  exchange: readonly RunnerQuote[] = [],
): RunnerQuote[] {
  return runners.map(({ selectionId, probability }, i) => {
    const p = clamp(probability, 0.001, 0.999);
    let back = Math.floor(100 * (1 / (p * (1 + margins.backBp / 10_000)) - 1));
    let lay = Math.ceil(100 * (1 / (p * (1 - margins.layBp / 10_000)) - 1));
    const exBack = exchange[i]?.back[0]?.price;
    const exLay = exchange[i]?.lay[0]?.price;
    if (exBack !== undefined)
      back = Math.min(back, exBack <= LADDER_MIN ? 0 : ladderStep(exBack, -1) - 100);
    // At the ladder's top (1000) a bookmaker's odds per 100 can still go one above it.
    if (exLay !== undefined) lay = Math.max(lay, ladderStep(exLay, 1) - 100, exLay - 99);
    // Below 1 (the exchange's back at 1.01, or its next rung) the bookmaker offers no back.
    const backSize = rngInt(rng, 10, 100) * 1000;
    const laySize = rngInt(rng, 10, 100) * 1000;
    back = Math.min(back, 99000);
    lay = Math.max(back + 1, lay, 2);
    return {
      selectionId,
      status: 'ACTIVE',
      back: back >= 1 ? [{ price: back, size: backSize }] : [],
      lay: [{ price: lay, size: laySize }],
    };
  });
}

/** A bookmaker's quotes as decimal hundredths for the domain's rules. */
export function bookmakerBest(runners: readonly RunnerQuote[]): RunnerPrices[] {
  return bestOf(runners).map(({ selectionId, back, lay }) => ({
    selectionId,
    back: back === null ? null : bookmakerHundredths(back),
    lay: lay === null ? null : bookmakerHundredths(lay),
  }));
}

/**
 * Toss quotes: 1.95 back / 2.06 lay on each side (hundredths), wider where the house's margins ask
 * more of a coin: each back at most 2/(1 + back margin), each lay at least 2/(1 − lay margin).
 */
export function tossQuotes(
  rng: Rng,
  selectionIds: readonly number[],
  margins: HouseMargins = DEFAULT_HOUSE_MARGINS,
): RunnerQuote[] {
  const back = Math.min(TOSS_BACK, ladderFloor(200 / (1 + margins.backBp / 10_000)));
  const lay = Math.max(TOSS_LAY, ladderCeil(200 / (1 - margins.layBp / 10_000)));
  return selectionIds.map((selectionId) => ({
    selectionId,
    status: 'ACTIVE',
    back: [{ price: back, size: rngInt(rng, 5, 50) * 1000 }],
    lay: [{ price: lay, size: rngInt(rng, 5, 50) * 1000 }],
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
 * A session row with one line for both sides priced by rates (docs/decisions.md#money): with p = P(runs ≥ line)
 * the fair rate of either side is 100·p/(1 − p); the row quotes No at fair·0.9 rounded down to 5
 * and Yes at fair·1.1 rounded up to 5, so at an even line No 90 / Yes 110 (a book of 105 %), and
 * wider where that book would be below the house's fancy margin.
 */
export function fancyRateQuote(
  selectionId: string,
  gameStatus: string,
  line: number,
  pAtLeast: number,
  margins: Pick<HouseMargins, 'fancyBp'> = DEFAULT_HOUSE_MARGINS,
): FancyQuote {
  const p = clamp(pAtLeast, 0.05, 0.95);
  const fair = (100 * p) / (1 - p);
  let noRate = Math.max(5, floorTo5(fair * (1 - FANCY_RATE_MARGIN)));
  let yesRate = Math.max(noRate + 5, ceilTo5(fair * (1 + FANCY_RATE_MARGIN)));
  const at = Math.max(1, line);
  // Far from even the rates' ±10 % is less than the line's margin: widen by 5 a side until kept.
  const thin = () =>
    fancyBreaches([{ no: { line: at, rate: noRate }, yes: { line: at, rate: yesRate } }], margins)
      .length > 0;
  for (let guard = 0; thin() && guard < LADDER_STEPS_GUARD; guard += 1) {
    if (noRate > 5) noRate -= 5;
    yesRate += 5;
  }
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
  margins: Pick<HouseMargins, 'fancyBp'> = DEFAULT_HOUSE_MARGINS,
): FancyQuote {
  if (isNear) {
    const line = Math.max(1, Math.round(forecast.mean + 0.5));
    return fancyRateQuote(
      selectionId,
      gameStatus,
      line,
      normalAtLeast(line, forecast.mean, forecast.sd),
      margins,
    );
  }
  const line = Math.max(1, Math.floor(forecast.mean));
  return { selectionId, gameStatus, noLine: line, noRate: 100, yesLine: line + 1, yesRate: 100 };
}
