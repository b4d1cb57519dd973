import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addPaise, toPaise, type Paise } from './money.js';
import {
  betFigures,
  bookmakerFigures,
  fancyAmount,
  fancyFigures,
  matchOddsFigures,
  oddsFromDecimal,
  oddsMatched,
  oddsToDecimal,
  toBookmakerOdds,
  toFancyLine,
  toFancyRate,
  toOddsHundredths,
  type BookmakerOdds,
  type FancyRate,
  type OddsHundredths,
  type PricedBet,
} from './odds.js';
import { toStake, type Stake } from './stake.js';

const odds = (decimal: number) => oddsFromDecimal(decimal)!;
const stake = (rupees: number) => toStake(rupees)!;
const bm = (value: number) => toBookmakerOdds(value)!;
const rate = (value: number) => toFancyRate(value)!;

describe('odds brands', () => {
  it('reads wire decimal odds into hundredths and back', () => {
    expect(oddsFromDecimal(1.9)).toBe(190);
    expect(oddsFromDecimal(2.02)).toBe(202);
    expect(oddsFromDecimal(1.01)).toBe(101);
    expect(oddsFromDecimal(1000)).toBe(100000);
    expect(oddsToDecimal(odds(1.9))).toBe(1.9);
  });

  it('refuses odds of 1 or less, above 1000, with more than two decimals, or not finite', () => {
    for (const value of [1, 0.5, 1000.01, 1.555, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(oddsFromDecimal(value)).toBeNull();
    }
    expect(toOddsHundredths(100)).toBeNull();
    expect(toOddsHundredths(190.5)).toBeNull();
  });

  it('brands bookmaker odds, fancy rates and lines only as the integers they are', () => {
    expect(toBookmakerOdds(45)).toBe(45);
    expect(toBookmakerOdds(0)).toBeNull();
    expect(toBookmakerOdds(4.5)).toBeNull();
    expect(toFancyRate(110)).toBe(110);
    expect(toFancyRate(0)).toBeNull();
    expect(toFancyLine(1)).toBe(1);
    expect(toFancyLine(0)).toBeNull();
    expect(toFancyLine(-1)).toBeNull();
    expect(toFancyLine(45.5)).toBeNull();
  });

  it('keeps odds and stakes out of money at compile time', () => {
    const price: OddsHundredths = odds(1.9);
    const money: Paise = toPaise(100)!;
    // @ts-expect-error odds are not paise
    const wrong: Paise = price;
    // @ts-expect-error the sum of odds and money is no amount of money
    const sum: Paise = price + money;
    // @ts-expect-error a stake in rupees is not paise
    addPaise(stake(5));
    // @ts-expect-error a bookmaker price is not decimal odds
    matchOddsFigures('Back', bm(45), stake(100));
    // @ts-expect-error a plain number is not a stake
    fancyAmount(rate(110), 100);
    expect([wrong, sum]).toHaveLength(2);
  });
});

describe('match odds and toss figures', () => {
  it('gives a back bet profit round(odds·stake − stake) in whole rupees and liability the stake', () => {
    expect(matchOddsFigures('Back', odds(1.9), stake(100))).toEqual({
      profit: 9000,
      liability: 10000,
    });
    expect(matchOddsFigures('Back', odds(2.5), stake(500))).toEqual({
      profit: 75000,
      liability: 50000,
    });
    expect(matchOddsFigures('Back', odds(1.33), stake(333))).toEqual({
      profit: 11000, // 109.89 → 110
      liability: 33300,
    });
  });

  it('swaps profit and liability for a lay bet', () => {
    expect(matchOddsFigures('Lay', odds(1.9), stake(100))).toEqual({
      profit: 10000,
      liability: 9000,
    });
  });

  it('rounds exact halves of a rupee up, away from zero', () => {
    expect(matchOddsFigures('Back', odds(1.5), stake(1)).profit).toBe(100); // 0.50 → 1
    expect(matchOddsFigures('Back', odds(1.01), stake(50)).profit).toBe(100); // 0.50 → 1
    expect(matchOddsFigures('Back', odds(1.01), stake(150)).profit).toBe(200); // 1.50 → 2
    expect(matchOddsFigures('Lay', odds(1.25), stake(2)).liability).toBe(100); // 0.50 → 1
    expect(matchOddsFigures('Back', odds(3.5), stake(3)).profit).toBe(800); // 7.50 → 8
  });

  it('rounds just under a half down and just over it up', () => {
    expect(matchOddsFigures('Back', odds(1.01), stake(49)).profit).toBe(0); // 0.49 → 0
    expect(matchOddsFigures('Back', odds(1.01), stake(51)).profit).toBe(100); // 0.51 → 1
  });

  it('always gives whole rupees', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 101, max: 100000 }),
        fc.integer({ min: 1, max: 1_000_000_000 }),
        (hundredths, rupees) => {
          const figures = matchOddsFigures('Back', toOddsHundredths(hundredths)!, stake(rupees));
          expect(figures.profit % 100).toBe(0);
          const exact = ((hundredths - 100) * rupees) / 100;
          expect(Math.abs(figures.profit / 100 - exact)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });
});

describe('bookmaker figures', () => {
  it('gives a back bet profit odds·stake/100 to the paisa and liability the stake', () => {
    expect(bookmakerFigures('Back', bm(45), stake(1000))).toEqual({
      profit: 45000,
      liability: 100000,
    });
    expect(bookmakerFigures('Back', bm(45), stake(1))).toEqual({ profit: 45, liability: 100 });
  });

  it('swaps them for a lay bet', () => {
    expect(bookmakerFigures('Lay', bm(47), stake(101))).toEqual({
      profit: 10100,
      liability: 4747, // ₹47.47
    });
  });
});

describe('fancy figures', () => {
  it('computes the amount as rate·stake/100 to the paisa', () => {
    expect(fancyAmount(rate(110), stake(100))).toBe(11000);
    expect(fancyAmount(rate(90), stake(333))).toBe(29970); // ₹299.70
    expect(fancyAmount(rate(85), stake(1))).toBe(85); // ₹0.85
  });

  it('gives No (lay, type 1) profit the amount and liability the stake', () => {
    expect(fancyFigures('No', rate(90), stake(100))).toEqual({ profit: 9000, liability: 10000 });
  });

  it('gives Yes (back) profit the stake and liability the amount', () => {
    expect(fancyFigures('Yes', rate(110), stake(100))).toEqual({ profit: 10000, liability: 11000 });
  });
});

describe('betFigures', () => {
  const s: Stake = stake(200);

  it('dispatches on the market kind', () => {
    const o: OddsHundredths = odds(2);
    const b: BookmakerOdds = bm(50);
    const r: FancyRate = rate(100);
    expect(betFigures({ market: 'MATCH_ODDS', betType: 'Back', odds: o, stake: s })).toEqual(
      matchOddsFigures('Back', o, s),
    );
    expect(betFigures({ market: 'TOSS', betType: 'Lay', odds: o, stake: s })).toEqual(
      matchOddsFigures('Lay', o, s),
    );
    expect(betFigures({ market: 'BOOKMAKER', betType: 'Lay', odds: b, stake: s })).toEqual(
      bookmakerFigures('Lay', b, s),
    );
    expect(betFigures({ market: 'FANCY', betType: 'Yes', rate: r, stake: s })).toEqual(
      fancyFigures('Yes', r, s),
    );
  });

  it('throws on a market kind outside the union', () => {
    const casino = { market: 'CASINO', betType: 'Back', stake: s } as unknown as PricedBet;
    expect(() => betFigures(casino)).toThrow('Unexpected market kind');
  });
});

describe('oddsMatched: the price check and price improvement', () => {
  it('matches a Back at the best back when it is at least the asked odds: 1.80 asked, 1.85 best', () => {
    expect(oddsMatched('Back', odds(1.8), odds(1.85))).toBe(185);
    expect(oddsMatched('Back', odds(1.8), odds(1.8))).toBe(180);
    expect(oddsMatched('Back', odds(1.8), odds(1.79))).toBeNull();
  });

  it('matches a Lay at the best lay when it is at most the asked odds: 2.10 asked, 2.02 best', () => {
    expect(oddsMatched('Lay', odds(2.1), odds(2.02))).toBe(202);
    expect(oddsMatched('Lay', odds(2.1), odds(2.1))).toBe(210);
    expect(oddsMatched('Lay', odds(2.1), odds(2.12))).toBeNull();
  });

  it('takes nothing without a price on that side, and works per 100 for bookmaker odds', () => {
    expect(oddsMatched('Back', odds(1.8), undefined)).toBeNull();
    expect(oddsMatched('Back', bm(45), bm(48))).toBe(48);
    expect(oddsMatched('Lay', bm(50), bm(47))).toBe(47);
  });

  it('never matches at a price worse for the bettor than the one asked', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Back' as const, 'Lay' as const),
        fc.integer({ min: 101, max: 100_000 }),
        fc.integer({ min: 101, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (betType, asked, best, stakeRupees) => {
          const matched = oddsMatched(betType, asked as OddsHundredths, best as OddsHundredths);
          if (matched === null) return;
          const got = matchOddsFigures(betType, matched, stake(stakeRupees));
          const wanted = matchOddsFigures(betType, asked as OddsHundredths, stake(stakeRupees));
          // A Back wins at least what was asked; a Lay risks at most that.
          expect(got.profit).toBeGreaterThanOrEqual(wanted.profit);
          expect(got.liability).toBeLessThanOrEqual(wanted.liability);
        },
      ),
    );
  });
});
