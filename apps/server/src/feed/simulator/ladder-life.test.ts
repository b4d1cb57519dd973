import { DEFAULT_HOUSE_MARGINS, runnersBreaches } from '@backlay/domain';
import { describe, expect, it } from 'vitest';
import type { FeedUpdate, RunnerQuote } from '../types.js';
import { ladderHas, ladderStep } from './ladder.js';
import { booksFollow, ladderBeat, ladderBeatSimMs, PRICE_TICK_CHANCE } from './ladder-life.js';
import { bestOf, exchangeQuotes, TOSS_BACK, TOSS_LAY, tossQuotes } from './quote.js';
import { rngCreate } from './rng.js';
import type { LiveBook } from './state.js';

const MARKET = '1.30000001';
const TOSS = '30000001T';

function modelQuote(probabilities: readonly number[], seed = 1): FeedUpdate {
  return {
    kind: 'market',
    marketId: MARKET,
    status: 'ACTIVE',
    runners: exchangeQuotes(
      rngCreate(seed),
      probabilities.map((probability, i) => ({ selectionId: 300000011 + i, probability })),
    ),
  };
}

/** `beats` ladder beats after the model's quote; every book each beat left. */
function live(model: FeedUpdate, beats: number, seed = 7): RunnerQuote[][] {
  const books: Record<string, LiveBook> = {};
  booksFollow(books, [model]);
  const rng = rngCreate(seed);
  const seen: RunnerQuote[][] = [];
  for (let beat = 0; beat < beats; beat += 1) {
    for (const update of ladderBeat(books, rng)) {
      if (update.kind === 'market' && update.marketId === MARKET) seen.push([...update.runners]);
    }
  }
  return seen;
}

describe('the ladder between model prices', () => {
  it('beats once a real second whatever the speed', () => {
    expect(ladderBeatSimMs(1)).toBe(1000);
    expect(ladderBeatSimMs(60)).toBe(60_000);
    expect(ladderBeatSimMs(0.5)).toBe(1000);
  });

  it('changes some size of a book at almost every beat, so sizes move every second or two', () => {
    const seen = live(modelQuote([0.55, 0.45]), 600);
    expect(seen.length).toBeGreaterThan(0.9 * 600);
    const bests = seen.map((runners) =>
      JSON.stringify(runners.map((r) => [r.back[0]?.size, r.lay[0]?.size])),
    );
    const bestChanges = bests.filter((best, i) => i > 0 && best !== bests[i - 1]).length;
    // A best size changes at least every other beat on average.
    expect(bestChanges).toBeGreaterThan(300);
  });

  it('ticks best prices now and then, one rung from the model at most, back below lay, the house margins kept', () => {
    for (const probabilities of [
      [0.5, 0.5],
      [0.8, 0.2],
      [0.45, 0.3, 0.25],
      [0.985, 0.015],
    ]) {
      const model = modelQuote(probabilities);
      if (model.kind !== 'market') throw new Error('not a market');
      const anchors = model.runners.map((r) => r.back[0]?.price ?? 0);
      const layAnchors = model.runners.map((r) => r.lay[0]?.price ?? 0);
      const seen = live(model, 2000);
      let ticked = 0;
      for (const runners of seen) {
        runners.forEach((runner, i) => {
          const back = runner.back[0]?.price ?? 0;
          const anchor = anchors[i] ?? 0;
          expect([ladderStep(anchor, -1), anchor, ladderStep(anchor, 1)]).toContain(back);
          // Back and lay move together: the lay as many rungs from its model price.
          const shifts = [-1, 0, 1].filter((k) => ladderStep(anchor, k) === back);
          const layAnchor = layAnchors[i] ?? 0;
          expect(shifts.map((k) => ladderStep(layAnchor, k))).toContain(runner.lay[0]?.price);
          for (const level of [...runner.back, ...runner.lay]) {
            expect(ladderHas(level.price)).toBe(true);
            expect(Number.isInteger(level.size) && level.size >= 50).toBe(true);
          }
        });
        expect(runnersBreaches(bestOf(runners), DEFAULT_HOUSE_MARGINS)).toEqual([]);
        if (runners.some((r, i) => r.back[0]?.price !== anchors[i])) ticked += 1;
      }
      // Tilted for a while now and then, not all the time; a near-certain book (its favourite at
      // 1.01, its outsider at the longest price the overround allows) has no room to tilt.
      if (Math.max(...probabilities) < 0.95) expect(ticked).toBeGreaterThan(seen.length / 100);
      expect(ticked).toBeLessThan(seen.length);
    }
    expect(PRICE_TICK_CHANCE).toBeLessThan(0.1);
  });

  it('never moves toss prices, only their sizes', () => {
    const books: Record<string, LiveBook> = {};
    booksFollow(books, [
      {
        kind: 'market',
        marketId: TOSS,
        status: 'ACTIVE',
        runners: tossQuotes(rngCreate(3), [1, 2]),
      },
    ]);
    const rng = rngCreate(4);
    let changes = 0;
    for (let beat = 0; beat < 300; beat += 1) {
      for (const update of ladderBeat(books, rng)) {
        if (update.kind !== 'market') continue;
        changes += 1;
        for (const runner of update.runners) {
          expect(runner.back[0]?.price).toBe(TOSS_BACK);
          expect(runner.lay[0]?.price).toBe(TOSS_LAY);
        }
      }
    }
    expect(changes).toBeGreaterThan(100);
  });

  it('leaves suspended books alone, forgets closed ones and starts again from each model quote', () => {
    const books: Record<string, LiveBook> = {};
    const rng = rngCreate(5);
    booksFollow(books, [modelQuote([0.6, 0.4])]);
    expect(ladderBeat(books, rng).length).toBe(1);
    booksFollow(books, [{ kind: 'market', marketId: MARKET, status: 'SUSPENDED', runners: [] }]);
    for (let beat = 0; beat < 50; beat += 1) expect(ladderBeat(books, rng)).toEqual([]);
    const next = modelQuote([0.3, 0.7], 9);
    booksFollow(books, [next]);
    expect(books[MARKET]?.runners).toEqual(next.kind === 'market' ? next.runners : []);
    booksFollow(books, [{ kind: 'market', marketId: MARKET, status: 'CLOSED', runners: [] }]);
    expect(books[MARKET]).toBeUndefined();
  });
});
