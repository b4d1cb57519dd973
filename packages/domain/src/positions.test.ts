import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FancyBetType, MatchBetType } from './bet-type.js';
import type { Paise } from './money.js';
import {
  bookmakerFigures,
  fancyFigures,
  matchOddsFigures,
  toBookmakerOdds,
  toFancyLine,
  toFancyRate,
  toOddsHundredths,
} from './odds.js';
import {
  clientExposure,
  exchangeBetOutcome,
  fancyBetOutcome,
  fancyLadder,
  marketBook,
  marketExposure,
  type ExchangeBet,
  type ExchangeResult,
  type FancyBet,
  type FancyResult,
} from './positions.js';
import { toStake } from './stake.js';

const p = (value: number) => value as Paise;
const line = (runs: number) => toFancyLine(runs)!;

function matchBet(
  selectionId: string,
  betType: MatchBetType,
  decimal: number,
  rupees: number,
): ExchangeBet {
  const figures = matchOddsFigures(
    betType,
    toOddsHundredths(Math.round(decimal * 100))!,
    toStake(rupees)!,
  );
  return { selectionId, betType, ...figures };
}

function fancyBet(runs: number, betType: FancyBetType, rate: number, rupees: number): FancyBet {
  return {
    line: line(runs),
    betType,
    ...fancyFigures(betType, toFancyRate(rate)!, toStake(rupees)!),
  };
}

const exchangeBetArbitrary = (selections: readonly string[]) =>
  fc
    .record({
      selectionId: fc.constantFrom(...selections, 'unlisted'),
      betType: fc.constantFrom<MatchBetType>('Back', 'Lay'),
      kind: fc.constantFrom('odds', 'bookmaker'),
      price: fc.integer({ min: 101, max: 5000 }),
      stake: fc.integer({ min: 1, max: 100000 }),
    })
    .map(({ selectionId, betType, kind, price, stake }): ExchangeBet => {
      const figures =
        kind === 'odds'
          ? matchOddsFigures(betType, toOddsHundredths(price)!, toStake(stake)!)
          : bookmakerFigures(betType, toBookmakerOdds(price)!, toStake(stake)!);
      return { selectionId, betType, ...figures };
    });

const fancyBetArbitrary = fc
  .record({
    line: fc.integer({ min: 1, max: 300 }),
    betType: fc.constantFrom<FancyBetType>('Yes', 'No'),
    rate: fc.integer({ min: 50, max: 200 }),
    stake: fc.integer({ min: 1, max: 100000 }),
  })
  .map(({ line: runs, betType, rate, stake }) => fancyBet(runs, betType, rate, stake));

describe('bet outcomes', () => {
  it('pays a back bet its profit when its selection wins and takes its liability otherwise', () => {
    const bet = matchBet('A', 'Back', 1.9, 100);
    expect(exchangeBetOutcome(bet, { kind: 'winner', selectionId: 'A' })).toBe(9000);
    expect(exchangeBetOutcome(bet, { kind: 'winner', selectionId: 'B' })).toBe(-10000);
  });

  it('pays a lay bet its profit when its selection loses and takes its liability when it wins', () => {
    const bet = matchBet('A', 'Lay', 1.9, 100);
    expect(exchangeBetOutcome(bet, { kind: 'winner', selectionId: 'A' })).toBe(-9000);
    expect(exchangeBetOutcome(bet, { kind: 'winner', selectionId: 'B' })).toBe(10000);
  });

  it('gives zero for a void market', () => {
    expect(exchangeBetOutcome(matchBet('A', 'Back', 3, 100), { kind: 'void' })).toBe(0);
    expect(fancyBetOutcome(fancyBet(45, 'Yes', 110, 100), { kind: 'void' })).toBe(0);
  });

  it('throws on a result kind outside the union', () => {
    const draw = { kind: 'draw' } as unknown as ExchangeResult;
    const abandoned = { kind: 'abandoned' } as unknown as FancyResult;
    expect(() => exchangeBetOutcome(matchBet('A', 'Back', 2, 1), draw)).toThrow(
      'Unexpected result',
    );
    expect(() => fancyBetOutcome(fancyBet(45, 'Yes', 100, 1), abandoned)).toThrow(
      'Unexpected result',
    );
  });

  it('never gives negative zero for a bet that can lose nothing', () => {
    const bet = matchBet('A', 'Lay', 1.01, 1); // liability round(0.01) = 0
    expect(Object.is(exchangeBetOutcome(bet, { kind: 'winner', selectionId: 'A' }), 0)).toBe(true);
  });

  it('settles Yes as a win when the final runs reach the line and No when they stay below', () => {
    const yes = fancyBet(45, 'Yes', 110, 100);
    const no = fancyBet(45, 'No', 90, 100);
    expect(fancyBetOutcome(yes, { kind: 'runs', runs: 45 })).toBe(10000);
    expect(fancyBetOutcome(yes, { kind: 'runs', runs: 44 })).toBe(-11000);
    expect(fancyBetOutcome(no, { kind: 'runs', runs: 44 })).toBe(9000);
    expect(fancyBetOutcome(no, { kind: 'runs', runs: 45 })).toBe(-10000);
  });
});

describe('market book', () => {
  it("gives each runner the client's net result if that runner wins", () => {
    const bets = [matchBet('A', 'Back', 2, 100), matchBet('B', 'Lay', 3, 100)];
    expect(marketBook(['A', 'B', 'Draw'], bets)).toEqual([
      { selectionId: 'A', pl: 10000 + 10000 },
      { selectionId: 'B', pl: -10000 - 20000 },
      { selectionId: 'Draw', pl: -10000 + 10000 },
    ]);
  });

  it('is all zeros with no bets', () => {
    expect(marketBook(['A', 'B'], [])).toEqual([
      { selectionId: 'A', pl: 0 },
      { selectionId: 'B', pl: 0 },
    ]);
  });

  it('nets a back and a lay of the same stake at the same odds to zero on every runner', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 101, max: 100000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.boolean(),
        fc.constantFrom('A', 'B', 'C'),
        (price, rupees, bookmaker, selectionId) => {
          const bets = (['Back', 'Lay'] as const).map((betType): ExchangeBet => {
            const figures = bookmaker
              ? bookmakerFigures(betType, toBookmakerOdds(price)!, toStake(rupees)!)
              : matchOddsFigures(betType, toOddsHundredths(price)!, toStake(rupees)!);
            return { selectionId, betType, ...figures };
          });
          for (const { pl } of marketBook(['A', 'B', 'C'], bets)) expect(pl).toBe(0);
        },
      ),
    );
  });

  it('has an exposure equal to the worst outcome found by trying every winner', () => {
    const selections = ['A', 'B', 'C'];
    fc.assert(
      fc.property(fc.array(exchangeBetArbitrary(selections), { maxLength: 12 }), (bets) => {
        let worst = 0;
        for (const selectionId of selections) {
          let total = 0;
          for (const bet of bets) total += exchangeBetOutcome(bet, { kind: 'winner', selectionId });
          worst = Math.min(worst, total);
        }
        const book = marketBook(selections, bets);
        expect(marketExposure(book.map((row) => row.pl))).toBe(0 - worst);
      }),
    );
  });
});

describe('fancy ladder', () => {
  it('runs from the lowest line minus one to the highest line plus one', () => {
    const ladder = fancyLadder([fancyBet(45, 'Yes', 110, 100), fancyBet(47, 'No', 90, 100)]);
    expect(ladder).toEqual([
      { RunValue: 44, Pl: -11000 + 9000 },
      { RunValue: 45, Pl: 10000 + 9000 },
      { RunValue: 46, Pl: 10000 + 9000 },
      { RunValue: 47, Pl: 10000 - 10000 },
      { RunValue: 48, Pl: 10000 - 10000 },
    ]);
    expect(marketExposure(ladder.map((row) => row.Pl))).toBe(2000);
  });

  it('is empty without bets', () => {
    expect(fancyLadder([])).toEqual([]);
  });

  it('nets a Yes and a No at the same line and stake to stake minus amount on each side', () => {
    const ladder = fancyLadder([fancyBet(30, 'Yes', 100, 100), fancyBet(30, 'No', 100, 100)]);
    expect(ladder.map((row) => row.Pl)).toEqual([0, 0, 0]);
  });

  it('has an exposure equal to the worst outcome found by trying every run total', () => {
    fc.assert(
      fc.property(fc.array(fancyBetArbitrary, { minLength: 1, maxLength: 10 }), (bets) => {
        const highest = Math.max(...bets.map((bet) => bet.line));
        let worst = 0;
        for (let runs = 0; runs <= highest + 20; runs += 1) {
          let total = 0;
          for (const bet of bets) total += fancyBetOutcome(bet, { kind: 'runs', runs });
          worst = Math.min(worst, total);
        }
        expect(marketExposure(fancyLadder(bets).map((row) => row.Pl))).toBe(0 - worst);
      }),
    );
  });

  it('keeps the ladder ascending and one rung per run', () => {
    fc.assert(
      fc.property(fc.array(fancyBetArbitrary, { minLength: 1, maxLength: 6 }), (bets) => {
        const lines: number[] = bets.map((bet) => bet.line);
        const ladder = fancyLadder(bets);
        expect(ladder[0]?.RunValue).toBe(Math.min(...lines) - 1);
        expect(ladder.at(-1)?.RunValue).toBe(Math.max(...lines) + 1);
        ladder.forEach((row, index) => expect(row.RunValue).toBe(ladder[0]!.RunValue + index));
      }),
    );
  });
});

describe('exposure', () => {
  it('is the worst loss, or zero when nothing loses', () => {
    expect(marketExposure([p(5000), p(-3000), p(-12000)])).toBe(12000);
    expect(marketExposure([p(5000), p(0)])).toBe(0);
    expect(Object.is(marketExposure([p(5000)]), 0)).toBe(true);
    expect(marketExposure([])).toBe(0);
  });

  it("sums a client's market exposures", () => {
    expect(clientExposure([p(12000), p(0), p(2000)])).toBe(14000);
    expect(clientExposure([])).toBe(0);
  });
});
