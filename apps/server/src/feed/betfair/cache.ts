import {
  isLevelEntry,
  isPriceEntry,
  marketChangeProblem,
  type LevelEntry,
  type MarketChangeMessage,
  type MarketDefinition,
  type PriceSizeEntry,
  type RunnerChange,
} from './messages.js';

/**
 * The market cache of Betfair's Exchange Stream API, by Betfair's own rules (docs/feeds.md, "The
 * stream's rules"): an image (`img`) replaces a market; full ladders (`atb`, `atl`, `trd`) are
 * keyed by price and best-offer ladders (`batb`, `batl`) by level, a size of 0 removing the entry;
 * a delta carries only what changed; `ltp`, `tv` and the market definition replace what was there.
 */
export interface RunnerCache {
  readonly id: number;
  readonly hc: number;
  /** Price → size. */
  readonly atb: Map<number, number>;
  readonly atl: Map<number, number>;
  readonly trd: Map<number, number>;
  /** Level → [price, size]. */
  readonly batb: Map<number, readonly [number, number]>;
  readonly batl: Map<number, readonly [number, number]>;
  ltp: number | undefined;
  tv: number | undefined;
  /**
   * The full ladders' best {@link BEST_DEPTH} offers, kept through changes (see `keepBest`);
   * null: to be found again.
   */
  bestBack: [number, number][] | null;
  bestLay: [number, number][] | null;
}

/** How deep the cache keeps each side's best offers: the three the event screen shows. */
export const BEST_DEPTH = 3;

export interface MarketCache {
  readonly id: string;
  definition: MarketDefinition | undefined;
  /** `<selectionId>:<handicap>` → runner. */
  readonly runners: Map<string, RunnerCache>;
  tv: number | undefined;
  /** Publish time of the last change applied, epoch ms. */
  pt: number;
  /**
   * Not to be shown until a fresh image: a change could not be applied, or the connection broke
   * before the market was whole again.
   */
  broken: string | null;
}

export interface StreamCache {
  /**
   * Applies one mcm message; returns the ids of the markets it changed (those a market change
   * named, an unknown market's delta excepted: counted in `unknown`).
   */
  apply(message: MarketChangeMessage): string[];
  market(id: string): MarketCache | undefined;
  markets(): IterableIterator<MarketCache>;
  /** Marks every open market not to be shown until its next image (a bad line); returns their ids. */
  breakAll(reason: string): string[];
  /** Deltas for markets the cache had no image of (live stream only). */
  readonly unknown: number;
  /** Market changes that could not be applied (the market broke until its next image). */
  readonly malformed: number;
}

const runnerKey = (id: number, hc: number | undefined) => `${id}:${hc ?? 0}`;

function emptyRunner(id: number, hc: number): RunnerCache {
  return {
    id,
    hc,
    atb: new Map(),
    atl: new Map(),
    trd: new Map(),
    batb: new Map(),
    batl: new Map(),
    ltp: undefined,
    tv: undefined,
    bestBack: null,
    bestLay: null,
  };
}

/** A change that cannot be applied: its market breaks until its next image. */
class Malformed extends Error {}

function applyPriceLadder(ladder: Map<number, number>, entries: readonly PriceSizeEntry[]) {
  for (const entry of entries) {
    if (!isPriceEntry(entry)) throw new Malformed('a ladder entry is not [price, size]');
    if (entry[1] === 0) ladder.delete(entry[0]);
    else ladder.set(entry[0], entry[1]);
  }
}

/**
 * Keeps a side's best offers through a change of its full ladder: a size at one of them is
 * replaced, a new price better than the worst of them goes in; only the removal of one of them
 * leaves a gap the ladder must fill again (null: found again when asked).
 */
function keepBest(
  best: [number, number][] | null,
  entries: readonly PriceSizeEntry[],
  back: boolean,
): [number, number][] | null {
  if (best === null) return null;
  for (const [price, size] of entries) {
    let at = -1;
    for (let index = 0; index < best.length; index += 1) if (best[index]![0] === price) at = index;
    if (size === 0) {
      if (at >= 0) return null;
      continue;
    }
    if (at >= 0) {
      best[at] = [price, size];
      continue;
    }
    if (best.length === BEST_DEPTH) {
      const worst = best[BEST_DEPTH - 1]![0];
      if (back ? price <= worst : price >= worst) continue;
    }
    let place = best.length;
    while (place > 0 && (back ? price > best[place - 1]![0] : price < best[place - 1]![0]))
      place -= 1;
    best.splice(place, 0, [price, size]);
    if (best.length > BEST_DEPTH) best.pop();
  }
  return best;
}

function applyLevelLadder(
  ladder: Map<number, readonly [number, number]>,
  entries: readonly LevelEntry[],
) {
  for (const entry of entries) {
    if (!isLevelEntry(entry)) throw new Malformed('a ladder entry is not [level, price, size]');
    const [level, price, size] = entry;
    if (size === 0) ladder.delete(level);
    else ladder.set(level, [price, size]);
  }
}

function applyRunner(market: MarketCache, change: RunnerChange) {
  const key = runnerKey(change.id, change.hc);
  let runner = market.runners.get(key);
  if (!runner) {
    runner = emptyRunner(change.id, change.hc ?? 0);
    market.runners.set(key, runner);
  }
  if (change.atb) {
    applyPriceLadder(runner.atb, change.atb);
    runner.bestBack = keepBest(runner.bestBack, change.atb, true);
  }
  if (change.atl) {
    applyPriceLadder(runner.atl, change.atl);
    runner.bestLay = keepBest(runner.bestLay, change.atl, false);
  }
  if (change.trd) applyPriceLadder(runner.trd, change.trd);
  if (change.batb) applyLevelLadder(runner.batb, change.batb);
  if (change.batl) applyLevelLadder(runner.batl, change.batl);
  if (change.ltp !== undefined && typeof change.ltp !== 'number')
    throw new Malformed('ltp is not a number');
  if (change.ltp !== undefined) runner.ltp = change.ltp;
  if (change.tv !== undefined) runner.tv = change.tv;
}

/**
 * A cache of the stream. `firstIsImage`: a market's first message is its image whatever its `img`
 * says — Betfair's historic files have no `ct` and may mark their first line `img:false`; the live
 * stream always sends an image first, so a delta for an unknown market there is counted, not taken.
 */
export function createStreamCache(options: { firstIsImage: boolean }): StreamCache {
  const markets = new Map<string, MarketCache>();
  let unknown = 0;
  let malformed = 0;
  return {
    apply(message) {
      const changed: string[] = [];
      for (const change of message.mc ?? []) {
        let market = markets.get(change.id);
        const image = change.img === true || (market === undefined && options.firstIsImage);
        if (!market && !image) {
          unknown += 1;
          continue;
        }
        const problem = marketChangeProblem(change);
        if (problem !== null) {
          malformed += 1;
          if (market) {
            market.broken = problem;
            market.pt = message.pt;
            changed.push(change.id);
          }
          continue;
        }
        if (image || !market) {
          market = {
            id: change.id,
            definition: market?.definition,
            runners: new Map(),
            tv: undefined,
            pt: message.pt,
            broken: null,
          };
          markets.set(change.id, market);
        } else if (market.broken !== null) {
          // Only an image makes a broken market whole again.
          market.pt = message.pt;
          continue;
        }
        market.pt = message.pt;
        if (change.marketDefinition) market.definition = change.marketDefinition;
        if (change.tv !== undefined) market.tv = change.tv;
        try {
          for (const runner of change.rc ?? []) applyRunner(market, runner);
        } catch (error) {
          if (!(error instanceof Malformed)) throw error;
          // Half applied: the market shows nothing until its next image makes it whole.
          malformed += 1;
          market.broken = error.message;
        }
        changed.push(change.id);
      }
      return changed;
    },
    market: (id) => markets.get(id),
    markets: () => markets.values(),
    breakAll(reason) {
      const broken: string[] = [];
      for (const market of markets.values()) {
        if (market.definition?.status === 'CLOSED') continue;
        market.broken = reason;
        broken.push(market.id);
      }
      return broken;
    },
    get unknown() {
      return unknown;
    },
    get malformed() {
      return malformed;
    },
  };
}

/** A runner's best offers, best first: `batb`/`batl` by level when the stream sends them, else the full ladder. */
export function bestOffers(
  runner: RunnerCache,
  side: 'back' | 'lay',
  depth: number,
): [price: number, size: number][] {
  const levels = side === 'back' ? runner.batb : runner.batl;
  if (levels.size > 0) {
    return [...levels]
      .sort((a, b) => a[0] - b[0])
      .slice(0, depth)
      .map(([, [price, size]]) => [price, size]);
  }
  if (depth !== BEST_DEPTH) return scanBest(side === 'back' ? runner.atb : runner.atl, side, depth);
  if (side === 'back') return (runner.bestBack ??= scanBest(runner.atb, 'back', BEST_DEPTH));
  return (runner.bestLay ??= scanBest(runner.atl, 'lay', BEST_DEPTH));
}

/** One pass over a full ladder (it holds hundreds of prices), keeping the best `depth`. */
function scanBest(
  ladder: ReadonlyMap<number, number>,
  side: 'back' | 'lay',
  depth: number,
): [number, number][] {
  const back = side === 'back';
  const best: [number, number][] = [];
  for (const [price, size] of ladder) {
    if (best.length === depth) {
      const worst = best[depth - 1]![0];
      if (back ? price <= worst : price >= worst) continue;
    }
    let at = best.length;
    while (at > 0 && (back ? price > best[at - 1]![0] : price < best[at - 1]![0])) at -= 1;
    best.splice(at, 0, [price, size]);
    if (best.length > depth) best.pop();
  }
  return best;
}
