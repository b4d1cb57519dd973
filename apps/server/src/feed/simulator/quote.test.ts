import {
  bestPrices,
  DEFAULT_HOUSE_MARGINS,
  fancyBreaches,
  NO_MARGIN,
  runnersBreaches,
} from '@backlay/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ladderHas } from './ladder.js';
import {
  bestOf,
  bookmakerBest,
  bookmakerQuotes,
  exchangeQuotes,
  fancyQuote,
  fancyRateQuote,
  tossQuotes,
} from './quote.js';
import { rngCreate } from './rng.js';

const probabilities = fc
  .array(fc.double({ min: 0.001, max: 1, noNaN: true }), { minLength: 2, maxLength: 3 })
  .map((weights) => {
    const total = weights.reduce((sum, w) => sum + w, 0);
    return weights.map((w) => w / total);
  });

describe('exchangeQuotes', () => {
  it('prices every runner on the ladder with back below lay, positive whole sizes and a book over 100 %', () => {
    fc.assert(
      fc.property(fc.integer(), probabilities, (seed, ps) => {
        const quotes = exchangeQuotes(
          rngCreate(seed),
          ps.map((probability, i) => ({ selectionId: i + 1, probability })),
        );
        for (const quote of quotes) {
          const [back] = quote.back;
          const [lay] = quote.lay;
          expect(back !== undefined && lay !== undefined).toBe(true);
          if (back === undefined || lay === undefined) return;
          expect(back.price).toBeLessThan(lay.price);
          for (const level of [...quote.back, ...quote.lay]) {
            expect(ladderHas(level.price)).toBe(true);
            expect(Number.isInteger(level.size) && level.size > 0).toBe(true);
          }
          // Best first: backs descend, lays ascend.
          expect(quote.back.map((l) => l.price)).toEqual(
            [...quote.back.map((l) => l.price)].sort((a, b) => b - a),
          );
          expect(quote.lay.map((l) => l.price)).toEqual(
            [...quote.lay.map((l) => l.price)].sort((a, b) => a - b),
          );
        }
        // Backing every runner and laying every runner both lose, with the house's margins.
        expect(runnersBreaches(bestOf(quotes), DEFAULT_HOUSE_MARGINS)).toEqual([]);
      }),
    );
  });

  it('shortens the favourite, and lays it where laying both sides loses', () => {
    const [fav, dog] = exchangeQuotes(rngCreate(1), [
      { selectionId: 1, probability: 0.7 },
      { selectionId: 2, probability: 0.3 },
    ]);
    expect(fav?.back[0]?.price).toBe(138);
    // 1 / (0.7 · 0.99) = 1.443 → 1.45; 1 / (0.3 · 0.99) = 3.367 → 3.40: lays of 98.4 %.
    expect(fav?.lay[0]?.price).toBe(145);
    expect(dog?.back[0]?.price).toBe(320);
    expect(dog?.lay[0]?.price).toBe(340);
  });
});

describe('bookmakerQuotes', () => {
  it('quotes integer odds per 100 with 1 ≤ back < lay around 100·(1 − p)/p', () => {
    fc.assert(
      fc.property(fc.integer(), fc.double({ min: 0.001, max: 0.999, noNaN: true }), (seed, p) => {
        const [quote] = bookmakerQuotes(rngCreate(seed), [{ selectionId: 1, probability: p }]);
        const back = quote?.back[0]?.price;
        const lay = quote?.lay[0]?.price ?? 0;
        expect(Number.isInteger(lay)).toBe(true);
        // A near-certain runner leaves no back above 1.00 with the margin: none is offered.
        if (back === undefined) {
          expect(p).toBeGreaterThan(0.98);
        } else {
          expect(Number.isInteger(back)).toBe(true);
          expect(back).toBeGreaterThanOrEqual(1);
          expect(back).toBeLessThan(lay);
        }
      }),
    );
    const [favourite] = bookmakerQuotes(rngCreate(1), [{ selectionId: 1, probability: 100 / 145 }]);
    // 1.45 fair: 1/(0.6897 · 1.01) = 1.4356 → 43; 1/(0.6897 · 0.99) = 1.4646 → 47.
    expect(favourite?.back[0]?.price).toBe(43);
    expect(favourite?.lay[0]?.price).toBe(47);
  });

  it('keeps the margins alone and sits outside the exchange spread beside it, a rung clear', () => {
    fc.assert(
      fc.property(fc.integer(), probabilities, (seed, ps) => {
        const runners = ps.map((probability, i) => ({ selectionId: i + 1, probability }));
        const exchange = exchangeQuotes(rngCreate(seed), runners);
        const bookmaker = bookmakerQuotes(
          rngCreate(seed),
          runners,
          DEFAULT_HOUSE_MARGINS,
          exchange,
        );
        expect(runnersBreaches(bookmakerBest(bookmaker), DEFAULT_HOUSE_MARGINS)).toEqual([]);
        // Together: no back of one above a lay of the other, no book of the best prices won.
        expect(
          runnersBreaches(bestPrices([bestOf(exchange), bookmakerBest(bookmaker)]), NO_MARGIN),
        ).toEqual([]);
        bookmaker.forEach((quote, i) => {
          const ex = exchange[i]!;
          const back = quote.back[0]?.price;
          if (back !== undefined) expect(100 + back).toBeLessThan(ex.back[0]!.price);
          else expect(ex.back[0]!.price).toBeLessThanOrEqual(102);
          expect(100 + quote.lay[0]!.price).toBeGreaterThan(ex.lay[0]!.price);
        });
      }),
    );
  });
});

describe('tossQuotes', () => {
  it('quotes 1.95 / 2.06 on both sides: laying both at 2.06 loses whichever wins', () => {
    const toss = tossQuotes(rngCreate(1), [1, 2]);
    expect(toss.map((q) => [q.back[0]?.price, q.lay[0]?.price])).toEqual([
      [195, 206],
      [195, 206],
    ]);
    expect(runnersBreaches(bestOf(toss), DEFAULT_HOUSE_MARGINS)).toEqual([]);
  });
});

describe('fancy quotes', () => {
  it('quotes an even line at No 90 / Yes 110 (docs/decisions.md#money rate convention)', () => {
    expect(fancyRateQuote('1-1', '', 55, 0.5)).toEqual({
      selectionId: '1-1',
      gameStatus: '',
      noLine: 55,
      noRate: 90,
      yesLine: 55,
      yesRate: 110,
    });
  });

  it('quotes a far session as No L / Yes L+1 at 100 and a near one on one line with No below Yes', () => {
    expect(fancyQuote('1-1', '', { mean: 54.6, sd: 12 }, false)).toMatchObject({
      noLine: 54,
      noRate: 100,
      yesLine: 55,
      yesRate: 100,
    });
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 300, noNaN: true }),
        fc.double({ min: 0.1, max: 40, noNaN: true }),
        fc.boolean(),
        (mean, sd, isNear) => {
          const row = fancyQuote('1-1', '', { mean, sd }, isNear);
          for (const value of [row.noLine, row.yesLine, row.noRate, row.yesRate]) {
            expect(Number.isInteger(value) && value >= 1).toBe(true);
          }
          expect(row.noLine).toBeLessThanOrEqual(row.yesLine);
          expect(row.noRate).toBeLessThanOrEqual(row.yesRate);
          const quote = {
            no: { line: row.noLine, rate: row.noRate },
            yes: { line: row.yesLine, rate: row.yesRate },
          };
          expect(fancyBreaches([quote], DEFAULT_HOUSE_MARGINS)).toEqual([]);
        },
      ),
    );
  });
});
