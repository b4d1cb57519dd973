import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FancyBetType, MatchBetType } from './bet-type.js';
import type { Paise } from './money.js';
import {
  toBookmakerOdds,
  toFancyLine,
  toFancyRate,
  toOddsHundredths,
  type PricedBet,
} from './odds.js';
import { fancyLadder, marketBook, type ExchangeBet, type RunnerPosition } from './positions.js';
import { toStake } from './stake.js';
import {
  exchangeBetOf,
  fancyBetFromList,
  fancyBetOf,
  fancyWorst,
  whatIfBook,
  whatIfFancyWorst,
} from './what-if.js';

const p = (value: number) => value as Paise;

const book = (entries: Record<string, number>): RunnerPosition[] =>
  Object.entries(entries).map(([selectionId, pl]) => ({ selectionId, pl: p(pl) }));

/** A match odds back or lay at decimal odds (hundredths) for whole rupees. */
const odds = (selectionId: string, betType: MatchBetType, hundredths: number, rupees: number) =>
  exchangeBetOf(selectionId, {
    market: 'MATCH_ODDS',
    betType,
    odds: toOddsHundredths(hundredths)!,
    stake: toStake(rupees)!,
  });

/** A bookmaker back or lay at odds per 100 for whole rupees. */
const bookmaker = (selectionId: string, betType: MatchBetType, per100: number, rupees: number) =>
  exchangeBetOf(selectionId, {
    market: 'BOOKMAKER',
    betType,
    odds: toBookmakerOdds(per100)!,
    stake: toStake(rupees)!,
  });

/** A fancy Yes or No on a line at a rate for whole rupees. */
const fancy = (line: number, betType: FancyBetType, rate: number, rupees: number) =>
  fancyBetOf(toFancyLine(line)!, {
    market: 'FANCY',
    betType,
    rate: toFancyRate(rate)!,
    stake: toStake(rupees)!,
  });

describe('the bet a price and stake make', () => {
  it('carries the match odds figures, rounded to whole rupees half away from zero', () => {
    expect(odds('A', 'Back', 210, 500)).toEqual({
      selectionId: 'A',
      betType: 'Back',
      profit: 55000,
      liability: 50000,
    });
    // 1.01 × ₹50: ₹0.50 rounds to ₹1; lay 1.01 × ₹49: ₹0.49 rounds to nothing.
    expect(odds('A', 'Back', 101, 50)).toMatchObject({ profit: 100, liability: 5000 });
    expect(odds('A', 'Lay', 101, 49)).toMatchObject({ profit: 4900, liability: 0 });
  });

  it('carries the toss figures as match odds', () => {
    const toss = exchangeBetOf('A', {
      market: 'TOSS',
      betType: 'Lay',
      odds: toOddsHundredths(198)!,
      stake: toStake(1000)!,
    });
    expect(toss).toEqual({ selectionId: 'A', betType: 'Lay', profit: 100000, liability: 98000 });
  });

  it('carries bookmaker figures per 100 to the paisa', () => {
    expect(bookmaker('A', 'Lay', 50, 333)).toEqual({
      selectionId: 'A',
      betType: 'Lay',
      profit: 33300,
      liability: 16650,
    });
  });

  it('reads an open fancy bet of the bets list with the figures it was booked at', () => {
    expect(fancyBetFromList({ line: 48, rate: 90, stake: 100, betType: 'No' })).toEqual({
      line: 48,
      betType: 'No',
      profit: 9000,
      liability: 10000,
    });
    expect(fancyBetFromList({ line: 48, rate: 110, stake: 100, betType: 'Yes' })).toEqual({
      line: 48,
      betType: 'Yes',
      profit: 10000,
      liability: 11000,
    });
  });

  it.each([
    ['a match side', { line: 48, rate: 90, stake: 100, betType: 'Back' }],
    ['a line of 0', { line: 0, rate: 90, stake: 100, betType: 'No' }],
    ['a rate of 0', { line: 48, rate: 0, stake: 100, betType: 'No' }],
    ['a stake of 0', { line: 48, rate: 90, stake: 0, betType: 'Yes' }],
    ['a stake with paise', { line: 48, rate: 90, stake: 100.5, betType: 'Yes' }],
  ])('reads no fancy bet from a row with %s', (_name, row) => {
    expect(fancyBetFromList(row)).toBeNull();
  });
});

describe('what-if book', () => {
  const current = book({ A: 90000, B: -100000 });

  it('adds a back to each runner: its profit where it wins, its stake lost elsewhere', () => {
    expect(whatIfBook(current, odds('B', 'Back', 210, 500))).toEqual(
      book({ A: 90000 - 50000, B: -100000 + 55000 }),
    );
  });

  it('adds a lay: its liability where its runner wins, its stake won elsewhere', () => {
    // Lay 1.92 × ₹1,000: liability ₹920.
    expect(whatIfBook(current, odds('A', 'Lay', 192, 1000))).toEqual(
      book({ A: 90000 - 92000, B: -100000 + 100000 }),
    );
  });

  it('adds a bookmaker bet at odds per 100, exact to the paisa', () => {
    // Back 45 × ₹1,000 wins ₹450; lay 50 × ₹333 risks ₹166.50.
    expect(whatIfBook(current, bookmaker('A', 'Back', 45, 1000))).toEqual(
      book({ A: 90000 + 45000, B: -100000 - 100000 }),
    );
    expect(whatIfBook(current, bookmaker('B', 'Lay', 50, 333))).toEqual(
      book({ A: 90000 + 33300, B: -100000 - 16650 }),
    );
  });

  it('moves every runner of a three-runner market', () => {
    const three = book({ A: 10000, B: -5000, Draw: 2500 });
    // Back the draw 3.35 × ₹777: 2.35 × 777 = ₹1,825.95, rounded to ₹1,826.
    expect(whatIfBook(three, odds('Draw', 'Back', 335, 777))).toEqual(
      book({ A: 10000 - 77700, B: -5000 - 77700, Draw: 2500 + 182600 }),
    );
    // Lay B 2.50 × ₹300: liability ₹450.
    expect(whatIfBook(three, odds('B', 'Lay', 250, 300))).toEqual(
      book({ A: 10000 + 30000, B: -5000 - 45000, Draw: 2500 + 30000 }),
    );
  });

  it('starts from an empty book as the bet alone', () => {
    expect(whatIfBook(book({ A: 0, B: 0 }), odds('A', 'Back', 190, 1000))).toEqual(
      book({ A: 90000, B: -100000 }),
    );
  });

  it("equals the server's book over the open bets and the new one", () => {
    const selections = ['A', 'B', 'C'];
    const bet = fc
      .record({
        selectionId: fc.constantFrom(...selections),
        betType: fc.constantFrom<MatchBetType>('Back', 'Lay'),
        isBookmaker: fc.boolean(),
        price: fc.integer({ min: 101, max: 5000 }),
        stake: fc.integer({ min: 1, max: 1_000_000 }),
      })
      .map(({ selectionId, betType, isBookmaker, price, stake }): ExchangeBet => {
        const priced: PricedBet = isBookmaker
          ? { market: 'BOOKMAKER', betType, odds: toBookmakerOdds(price)!, stake: toStake(stake)! }
          : {
              market: 'MATCH_ODDS',
              betType,
              odds: toOddsHundredths(price)!,
              stake: toStake(stake)!,
            };
        return exchangeBetOf(selectionId, priced);
      });
    fc.assert(
      fc.property(fc.array(bet, { maxLength: 10 }), bet, (open, next) => {
        expect(whatIfBook(marketBook(selections, open), next)).toEqual(
          marketBook(selections, [...open, next]),
        );
      }),
    );
  });
});

describe('what-if fancy worst case', () => {
  it('is 0 with no bets, never −0', () => {
    expect(Object.is(fancyWorst([]), 0)).toBe(true);
  });

  it("is the ladder's lowest rung, as GetFancyPosition answers", () => {
    expect(fancyWorst([fancy(50, 'No', 90, 100)])).toBe(-10000);
  });

  it('offsets a No with a Yes on the same line', () => {
    // Below 50 the No wins ₹90 and the Yes loses ₹110; from 50 the No loses ₹100, the Yes wins ₹100.
    expect(whatIfFancyWorst([fancy(50, 'No', 90, 100)], fancy(50, 'Yes', 110, 100))).toBe(-2000);
  });

  it('offsets lines apart to nothing lost when every total wins one and loses the other evenly', () => {
    const open = [fancy(45, 'Yes', 100, 200)];
    expect(fancyWorst(open)).toBe(-20000);
    expect(whatIfFancyWorst(open, fancy(48, 'No', 100, 200))).toBe(0);
  });

  it('takes the worst of either end when the lines cross, at rates other than 100', () => {
    // No 52 at 80 × ₹150: wins ₹120, risks ₹150. Yes 48 at 120 × ₹125: wins ₹125, risks ₹150.
    const open = [fancy(52, 'No', 80, 150)];
    const next = fancy(48, 'Yes', 120, 125);
    expect(fancyLadder([...open, next]).map((rung) => [rung.RunValue, rung.Pl])).toEqual([
      [47, 12000 - 15000],
      [48, 12000 + 12500],
      [49, 12000 + 12500],
      [50, 12000 + 12500],
      [51, 12000 + 12500],
      [52, -15000 + 12500],
      [53, -15000 + 12500],
    ]);
    expect(whatIfFancyWorst(open, next)).toBe(-3000);
  });

  it('is the new bet alone on a session with no open bets: its liability', () => {
    expect(whatIfFancyWorst([], fancy(30, 'Yes', 110, 100))).toBe(-11000);
  });
});
