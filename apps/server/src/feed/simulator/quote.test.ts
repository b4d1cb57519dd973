import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ladderHas } from './ladder.js';
import { bookmakerQuotes, exchangeQuotes, fancyQuote, fancyRateQuote } from './quote.js';
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
        const book = quotes.reduce((sum, q) => sum + 100 / (q.back[0]?.price ?? 1), 0);
        expect(book).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('shortens the favourite', () => {
    const [fav, dog] = exchangeQuotes(rngCreate(1), [
      { selectionId: 1, probability: 0.7 },
      { selectionId: 2, probability: 0.3 },
    ]);
    expect(fav?.back[0]?.price).toBe(138);
    expect(fav?.lay[0]?.price).toBe(139);
    expect(dog?.back[0]?.price).toBe(320);
  });
});

describe('bookmakerQuotes', () => {
  it('quotes integer odds per 100 with 1 ≤ back < lay around 100·(1 − p)/p', () => {
    fc.assert(
      fc.property(fc.integer(), fc.double({ min: 0.001, max: 0.999, noNaN: true }), (seed, p) => {
        const [quote] = bookmakerQuotes(rngCreate(seed), [{ selectionId: 1, probability: p }]);
        const back = quote?.back[0]?.price ?? 0;
        const lay = quote?.lay[0]?.price ?? 0;
        expect(Number.isInteger(back) && Number.isInteger(lay)).toBe(true);
        expect(back).toBeGreaterThanOrEqual(1);
        expect(back).toBeLessThan(lay);
      }),
    );
    const [favourite] = bookmakerQuotes(rngCreate(1), [{ selectionId: 1, probability: 100 / 145 }]);
    expect(favourite?.back[0]?.price).toBe(43);
    expect(favourite?.lay[0]?.price).toBe(47);
  });
});

describe('fancy quotes', () => {
  it('quotes an even line at No 90 / Yes 110 (DESIGN §5 rate convention)', () => {
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
        },
      ),
    );
  });
});
