import {
  DEFAULT_HOUSE_MARGINS,
  isExchangeMarket,
  runnersBreaches,
  type HouseMargins,
} from '@backlay/domain';
import type { FeedUpdate, PriceSize, RunnerQuote } from '../types.js';
import { SECOND } from './context.js';
import { ladderStep, LADDER_MAX } from './ladder.js';
import { marketOpen, simulatedMarketIdParse } from './markets.js';
import { rngBetween, rngChance, rngInt, rngPick, type Rng } from './rng.js';
import type { LiveBook } from './state.js';

/**
 * The ladder between model prices (README, "Live markets"): a real exchange's book never stands
 * still. Each ladder beat (about one real second) re-sizes some levels of every open exchange
 * market (match odds, tied match, over/under, set winner) and toss book, and now and then tilts an
 * exchange book by one rung — one runner drifts while another firms — always within one rung of the
 * model's prices and keeping the house's margins. The model's next price (a ball, a goal, a
 * point) resets the book to the model.
 */

/** Chance a best level's size changes at a beat; deeper levels a little less often. */
export const BEST_SIZE_CHANGE = 0.4;
export const DEEP_SIZE_CHANGE = 0.25;
/** Chance a match odds book tilts (or comes back to the model) at a beat. */
export const PRICE_TICK_CHANCE = 0.06;
/** Sizes stay in whole rupees within these bounds. */
const MIN_SIZE = 50;
const MAX_SIZE = 2_000_000;

/** Simulated ms between ladder beats: one real second whatever the speed (at least 1 s). */
export function ladderBeatSimMs(speed: number): number {
  return Math.max(SECOND, Math.round(speed * SECOND));
}

/** 'EXCHANGE' for an exchange market (match odds, tied match, over/under …), 'TOSS', or null. */
function isLiveMarket(marketId: string): 'EXCHANGE' | 'TOSS' | null {
  const kind = simulatedMarketIdParse(marketId)?.kind;
  if (kind === undefined) return null;
  return isExchangeMarket(kind) ? 'EXCHANGE' : kind === 'TOSS' ? 'TOSS' : null;
}

/** Follows the model: records (or forgets) the books that an event step quoted. */
export function booksFollow(books: Record<string, LiveBook>, updates: readonly FeedUpdate[]): void {
  for (const update of updates) {
    if (update.kind !== 'market' || isLiveMarket(update.marketId) === null) continue;
    const eventId = simulatedMarketIdParse(update.marketId)?.eventId ?? 0;
    if (update.status === 'CLOSED') {
      delete books[update.marketId];
    } else if (update.status === 'ACTIVE') {
      books[update.marketId] = {
        eventId,
        status: 'ACTIVE',
        anchors: update.runners.map((runner) => runner.back[0]?.price ?? 0),
        layAnchors: update.runners.map((runner) => runner.lay[0]?.price ?? 0),
        runners: update.runners,
      };
    } else {
      books[update.marketId] = { eventId, status: update.status, anchors: [], runners: [] };
    }
  }
}

/** Level prices from a best price, away from it (`direction` −1 for backs, +1 for lays). */
function reprice(levels: readonly PriceSize[], best: number, direction: 1 | -1): PriceSize[] {
  return levels.map((level, index) => ({ ...level, price: ladderStep(best, direction * index) }));
}

/**
 * A tilt of the book: runner `i` one rung from its model prices in `direction` (0 back to the
 * model), a partner the other way, each runner's back and lay moving together; null when it
 * would break the ladder or the house's margins (the domain's `house-quotes`).
 */
function tilt(
  book: LiveBook,
  i: number,
  partner: number,
  direction: -1 | 0 | 1,
  margins: HouseMargins,
): RunnerQuote[] | null {
  const shift = (k: number) => (k === i ? direction : k === partner ? -direction : 0);
  const backs = book.anchors.map((anchor, k) => ladderStep(anchor, shift(k)));
  const lays = book.anchors.map((anchor, k) =>
    ladderStep(book.layAnchors?.[k] ?? ladderStep(anchor, 1), shift(k)),
  );
  if (backs.some((back) => back >= LADDER_MAX)) return null;
  const prices = backs.map((back, k) => ({ selectionId: String(k), back, lay: lays[k] ?? null }));
  if (runnersBreaches(prices, margins).length > 0) return null;
  return book.runners.map((runner, k) => {
    const back = backs[k] ?? runner.back[0]?.price ?? 0;
    const lay = lays[k] ?? runner.lay[0]?.price ?? 0;
    if (runner.back[0]?.price === back && runner.lay[0]?.price === lay) return runner;
    return { ...runner, back: reprice(runner.back, back, -1), lay: reprice(runner.lay, lay, 1) };
  });
}

/** The levels with some sizes changed, or the very same array when none did (no garbage). */
function resize(rng: Rng, levels: readonly PriceSize[]): readonly PriceSize[] {
  let out: PriceSize[] | undefined;
  levels.forEach((level, index) => {
    if (!rngChance(rng, index === 0 ? BEST_SIZE_CHANGE : DEEP_SIZE_CHANGE)) return;
    const size = Math.min(
      MAX_SIZE,
      Math.max(MIN_SIZE, Math.round(level.size * rngBetween(rng, 0.55, 1.6))),
    );
    if (size === level.size) return;
    out ??= [...levels];
    out[index] = { ...level, size };
  });
  return out ?? levels;
}

/** One ladder beat over every open book, in market id order; the updates of the books it moved. */
export function ladderBeat(
  books: Record<string, LiveBook>,
  rng: Rng,
  margins: HouseMargins = DEFAULT_HOUSE_MARGINS,
): FeedUpdate[] {
  const out: FeedUpdate[] = [];
  for (const marketId of Object.keys(books).sort()) {
    const book = books[marketId];
    if (book === undefined || book.status !== 'ACTIVE' || book.runners.length === 0) continue;
    let runners: readonly RunnerQuote[] = book.runners;
    if (isLiveMarket(marketId) === 'EXCHANGE' && rngChance(rng, PRICE_TICK_CHANCE)) {
      const i = rngInt(rng, 0, runners.length - 1);
      const others = runners.map((_, k) => k).filter((k) => k !== i);
      const partner = rngPick(rng, others);
      const direction = rngPick(rng, [-1, 0, 1] as const);
      runners = tilt(book, i, partner, direction, margins) ?? runners;
    }
    runners = runners.map((runner) => {
      const back = resize(rng, runner.back);
      const lay = resize(rng, runner.lay);
      return back === runner.back && lay === runner.lay ? runner : { ...runner, back, lay };
    });
    const isChanged = runners.some((runner, i) => runner !== book.runners[i]);
    if (!isChanged) continue;
    books[marketId] = { ...book, runners };
    out.push(marketOpen(marketId, runners));
  }
  return out;
}
