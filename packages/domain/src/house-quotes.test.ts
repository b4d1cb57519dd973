import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestPrices,
  bookmakerBreaches,
  bookmakerHundredths,
  DEFAULT_HOUSE_MARGINS as DEFAULTS,
  fancyBreaches,
  fancyRowBreaches,
  marketMargins,
  NO_MARGIN,
  quoteBreachMessage,
  runnersBreaches,
  type FancyLineQuote,
  type RunnerPrices,
} from './house-quotes.js';

/** 2 % everywhere: the bounds below are worked at these margins. */
const DEFAULT_HOUSE_MARGINS = { backBp: 200, layBp: 200, fancyBp: 200 };

const runner = (selectionId: string, back: number | null, lay: number | null): RunnerPrices => ({
  selectionId,
  back,
  lay,
});

/**
 * What stakes on every back and lay of a set of runners make in each outcome, exactly: stakes in
 * whole units, odds in hundredths, so a result in hundredths of a unit. A lay stake is the
 * backer's stake it takes on.
 */
function resultsOf(
  runners: readonly RunnerPrices[],
  backStakes: readonly number[],
  layStakes: readonly number[],
): number[] {
  return runners.map((_, winner) =>
    runners.reduce((sum, { back, lay }, i) => {
      const b = back === null ? 0 : (backStakes[i] ?? 0);
      const l = lay === null ? 0 : (layStakes[i] ?? 0);
      const backPl = i === winner ? b * ((back ?? 100) - 100) : -100 * b;
      const layPl = i === winner ? -l * ((lay ?? 100) - 100) : 100 * l;
      return sum + backPl + layPl;
    }, 0),
  );
}

/** Ladder-like odds in hundredths: 1.01 to 50. */
const oddsArb = fc.integer({ min: 101, max: 5000 });
const runnersArb = fc
  .array(fc.tuple(fc.option(oddsArb, { nil: null }), fc.option(oddsArb, { nil: null })), {
    minLength: 2,
    maxLength: 5,
  })
  .map((pairs) => pairs.map(([back, lay], i) => runner(`r${i}`, back, lay)));

describe('the default margins', () => {
  it('are 1 % a side of a house market and 2 % on a fancy line', () => {
    expect(DEFAULTS).toEqual({ backBp: 100, layBp: 100, fancyBp: 200 });
  });
});

describe('runnersBreaches', () => {
  it('finds the toss quoted 1.95 / 1.98 on both sides: the two lays make 101.01 %', () => {
    const toss = [runner('home', 195, 198), runner('away', 195, 198)];
    const breaches = runnersBreaches(toss, DEFAULT_HOUSE_MARGINS);
    expect(breaches).toEqual([{ rule: 'lay-book', percent: 101.01, most: 98 }]);
    expect(quoteBreachMessage(breaches[0]!)).toBe(
      'The lays make a book of 101.01 %, above 98.00 %: laying every runner would win whatever happens',
    );
    // Laying ₹1,000 on each side at 1.98 wins ₹20 whichever side wins.
    expect(resultsOf(toss, [0, 0], [1000, 1000])).toEqual([2000, 2000]);
    // 1.95 back / 2.06 lay keeps 2 % both ways.
    expect(
      runnersBreaches([runner('home', 195, 206), runner('away', 195, 206)], DEFAULT_HOUSE_MARGINS),
    ).toEqual([]);
    expect(
      runnersBreaches([runner('home', 195, 204), runner('away', 195, 204)], DEFAULT_HOUSE_MARGINS),
    ).toEqual([{ rule: 'lay-book', percent: 98.04, most: 98 }]);
  });

  it("finds a bookmaker's back above the exchange's lay on the same runner", () => {
    const exchange = [runner('PAK', 200, 206), runner('IND', 190, 199)];
    const bookmaker = [runner('PAK', 212, 220), runner('IND', 185, 203)];
    expect(runnersBreaches(bestPrices([exchange, bookmaker]), NO_MARGIN)).toEqual([
      { rule: 'back-above-lay', selectionId: 'PAK', back: 212, lay: 206 },
      // Backing Pakistan with the bookmaker and India on the exchange wins too.
      { rule: 'back-book', percent: 99.8, least: 100 },
    ]);
    expect(
      quoteBreachMessage({ rule: 'back-above-lay', selectionId: 'PAK', back: 212, lay: 206 }),
    ).toBe(
      'Back 2.12 is not below lay 2.06 on runner PAK: back one and lay the other, and the house pays the gap',
    );
  });

  it("keeps one market's back below its lay; across markets an equal pair wins nothing", () => {
    const same = [runner('a', 250, 250), runner('b', 150, 300)];
    expect(runnersBreaches(same, DEFAULT_HOUSE_MARGINS).map((b) => b.rule)).toContain(
      'back-above-lay',
    );
    expect(runnersBreaches(same, NO_MARGIN).map((b) => b.rule)).not.toContain('back-above-lay');
  });

  it('needs every runner backed for a back book; lays make one with whatever runners have them', () => {
    expect(runnersBreaches([runner('a', 500, null), runner('b', null, 101)], NO_MARGIN)).toEqual(
      [],
    );
    // Laying two of three at 1.01 wins whichever wins.
    const twoLays = [runner('a', null, 101), runner('b', null, 101), runner('c', null, null)];
    expect(runnersBreaches(twoLays, NO_MARGIN)).toEqual([
      { rule: 'lay-book', percent: 198.02, most: 100 },
    ]);
    expect(runnersBreaches([], NO_MARGIN)).toEqual([]);
  });

  it('holds a margin exactly at its bound: 3 × 2.94 backs are 102.04 %, 3 × 3.00 are 100 %', () => {
    const three = (back: number) => [1, 2, 3].map((i) => runner(`r${i}`, back, null));
    expect(runnersBreaches(three(294), DEFAULT_HOUSE_MARGINS)).toEqual([]);
    expect(runnersBreaches(three(300), NO_MARGIN)).toEqual([]);
    expect(runnersBreaches(three(300), DEFAULT_HOUSE_MARGINS)).toEqual([
      { rule: 'back-book', percent: 100, least: 102 },
    ]);
    expect(runnersBreaches(three(301), NO_MARGIN)).toEqual([
      { rule: 'back-book', percent: 99.67, least: 100 },
    ]);
  });

  it('a breach is a profit in every outcome: the stakes that take it', () => {
    fc.assert(
      fc.property(runnersArb, (runners) => {
        for (const breach of runnersBreaches(runners, NO_MARGIN)) {
          const n = runners.length;
          let backs = Array<number>(n).fill(0);
          let lays = Array<number>(n).fill(0);
          if (breach.rule === 'back-above-lay') {
            const i = runners.findIndex((r) => r.selectionId === breach.selectionId);
            // Back at B for L units, lay at L for B units: B − L (hundredths) either way.
            backs[i] = breach.lay;
            lays[i] = breach.back;
          } else if (breach.rule === 'back-book') {
            const product = runners.reduce((p, r) => p * (r.back ?? 1), 1);
            backs = runners.map((r) => product / (r.back ?? 1));
          } else if (breach.rule === 'lay-book') {
            const product = runners.reduce((p, r) => p * (r.lay ?? 1), 1);
            lays = runners.map((r) => (r.lay === null ? 0 : product / r.lay));
          }
          for (const result of resultsOf(runners, backs, lays)) expect(result).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('without a breach, every mix of stakes loses or breaks even in some outcome', () => {
    const stakes = fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 5, maxLength: 5 });
    fc.assert(
      fc.property(runnersArb, stakes, stakes, (runners, backs, lays) => {
        fc.pre(runnersBreaches(runners, NO_MARGIN).length === 0);
        expect(Math.min(...resultsOf(runners, backs, lays))).toBeLessThanOrEqual(0);
      }),
      { numRuns: 3000 },
    );
  });

  it('with a margin, backing every runner in proportion loses at least that share', () => {
    const backedArb = fc
      .array(fc.integer({ min: 101, max: 1500 }), { minLength: 2, maxLength: 5 })
      .map((backs) => backs.map((back, i) => runner(`r${i}`, back, null)));
    fc.assert(
      fc.property(backedArb, (runners) => {
        fc.pre(runnersBreaches(runners, DEFAULT_HOUSE_MARGINS).length === 0);
        const product = runners.reduce((p, r) => p * r.back!, 1);
        const backs = runners.map((r) => product / r.back!);
        const staked = backs.reduce((s, b) => s + b, 0) * 100;
        for (const result of resultsOf(runners, backs, Array<number>(runners.length).fill(0)))
          expect(-result / staked).toBeGreaterThanOrEqual(0.0196);
      }),
    );
  });
});

describe('bestPrices', () => {
  it("takes each runner's highest back and lowest lay over the sets", () => {
    expect(
      bestPrices([
        [runner('a', 190, 200), runner('b', null, 210)],
        [runner('a', 195, 205), runner('b', 180, null)],
      ]),
    ).toEqual([runner('a', 195, 200), runner('b', 180, 210)]);
  });

  it('reads bookmaker odds per 100 as decimal hundredths', () => {
    expect(bookmakerHundredths(95)).toBe(195);
  });
});

/** What stakes on every No and Yes make when the innings ends at `runs`, in hundredths. */
function fancyResult(
  quotes: FancyLineQuote[],
  noStakes: number[],
  yesStakes: number[],
  runs: number,
) {
  return quotes.reduce((sum, { no, yes }, i) => {
    const n = no === null ? 0 : (noStakes[i] ?? 0);
    const y = yes === null ? 0 : (yesStakes[i] ?? 0);
    const noPl = no === null ? 0 : runs < no.line ? n * no.rate : -100 * n;
    const yesPl = yes === null ? 0 : runs >= yes.line ? 100 * y : -y * yes.rate;
    return sum + noPl + yesPl;
  }, 0);
}

const side = fc.record({
  line: fc.integer({ min: 1, max: 12 }),
  rate: fc.integer({ min: 5, max: 300 }),
});
const fancyArb = fc.array(
  fc.record({ no: fc.option(side, { nil: null }), yes: fc.option(side, { nil: null }) }),
  { minLength: 1, maxLength: 3 },
);

describe('fancyBreaches', () => {
  it('leaves the one-run gap at 100/100 and No 90 / Yes 110 on one line (105 %) alone', () => {
    const gap = { no: { line: 45, rate: 100 }, yes: { line: 46, rate: 100 } };
    const rates = { no: { line: 45, rate: 90 }, yes: { line: 45, rate: 110 } };
    expect(fancyBreaches([gap], DEFAULT_HOUSE_MARGINS)).toEqual([]);
    expect(fancyBreaches([rates], DEFAULT_HOUSE_MARGINS)).toEqual([]);
  });

  it('finds Yes and No on one line at 100/100 (100 %), and lines that cross', () => {
    const even = { no: { line: 45, rate: 100 }, yes: { line: 45, rate: 100 } };
    expect(fancyBreaches([even], DEFAULT_HOUSE_MARGINS)).toEqual([
      { rule: 'fancy-book', line: 45, noRate: 100, yesRate: 100, percent: 100, least: 102 },
    ]);
    expect(fancyBreaches([even], NO_MARGIN)).toEqual([]);
    const crossed = { no: { line: 47, rate: 100 }, yes: { line: 45, rate: 100 } };
    const breaches = fancyBreaches([crossed], NO_MARGIN);
    expect(breaches).toEqual([{ rule: 'fancy-crossed', noLine: 47, yesLine: 45 }]);
    expect(quoteBreachMessage(breaches[0]!)).toBe(
      'No 47 is above Yes 45: runs from 45 to 46 would win both',
    );
    expect(
      quoteBreachMessage({
        rule: 'fancy-book',
        line: 45,
        noRate: 100,
        yesRate: 100,
        percent: 100,
        least: 102,
      }),
    ).toBe(
      'No 45 (100) and Yes 45 (100) make a book of 100.00 %, below 102.00 %: one of them always wins',
    );
  });

  it('checks a row against the other rows of its session', () => {
    const feed = { no: { line: 45, rate: 100 }, yes: { line: 46, rate: 100 } };
    const custom = { no: { line: 47, rate: 100 }, yes: null };
    expect(fancyBreaches([feed, custom], NO_MARGIN)).toEqual([
      { rule: 'fancy-crossed', noLine: 47, yesLine: 46 },
    ]);
  });

  it('a thin line wins in every outcome for some stakes, a crossing between its lines; no breach, nothing', () => {
    const stakes = fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 3, maxLength: 3 });
    fc.assert(
      fc.property(fancyArb, stakes, stakes, (quotes, noStakes, yesStakes) => {
        const breaches = fancyBreaches(quotes, NO_MARGIN);
        const worst = (no: number[], yes: number[]) =>
          Math.min(...Array.from({ length: 15 }, (_, runs) => fancyResult(quotes, no, yes, runs)));
        if (breaches.length === 0) {
          expect(worst(noStakes, yesStakes)).toBeLessThanOrEqual(0);
          return;
        }
        for (const breach of breaches) {
          if (breach.rule !== 'fancy-crossed' && breach.rule !== 'fancy-book') continue;
          const noLine = breach.rule === 'fancy-crossed' ? breach.noLine : breach.line;
          const yesLine = breach.rule === 'fancy-crossed' ? breach.yesLine : breach.line;
          const book = breach.rule === 'fancy-book' ? breach : undefined;
          const i = quotes.findIndex(
            (q) => q.no?.line === noLine && (book === undefined || q.no.rate === book.noRate),
          );
          const j = quotes.findIndex(
            (q) => q.yes?.line === yesLine && (book === undefined || q.yes.rate === book.yesRate),
          );
          const no = Array<number>(quotes.length).fill(0);
          const yes = Array<number>(quotes.length).fill(0);
          // Stakes that pay the same whichever of the two wins: No n·(100 + y), Yes 100·(100 + n).
          const n = quotes[i]!.no!.rate;
          const y = quotes[j]!.yes!.rate;
          no[i] = 100 + y;
          yes[j] = 100 + n;
          if (breach.rule === 'fancy-book') {
            expect(worst(no, yes)).toBeGreaterThan(0);
          } else {
            // The runs between the lines win both; with the No's rate at or above the Yes's,
            // nothing else loses.
            expect(fancyResult(quotes, no, yes, yesLine)).toBeGreaterThan(0);
            if (n >= y) expect(worst(no, yes)).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('one market against another, and the pieces the server reads', () => {
  it('compares only the back and lay of a runner alone: one runner is not a whole market', () => {
    expect(runnersBreaches([runner('a', 190, 192)], DEFAULTS)).toEqual([]);
    expect(runnersBreaches([runner('a', 193, 192)], DEFAULTS)).toEqual([
      { rule: 'back-above-lay', selectionId: 'a', back: 193, lay: 192 },
    ]);
  });

  it('holds match odds to no margin and every other market to the house’s', () => {
    expect(marketMargins('MATCH_ODDS', DEFAULTS)).toEqual(NO_MARGIN);
    for (const kind of ['BOOKMAKER', 'TOSS', 'TIED_MATCH', 'OVER_UNDER_25', 'SET_WINNER'])
      expect(marketMargins(kind, DEFAULTS)).toEqual(DEFAULTS);
  });

  it('judges a bookmaker alone first, then beside the match odds with no margin', () => {
    // Pakistan 2.12 on the bookmaker, 2.06 to lay on the exchange: back one, lay the other.
    const bookmaker = [runner('India', 180, 200), runner('Pakistan', 212, 240)];
    const exchange = [runner('India', 196, 199), runner('Pakistan', 202, 206)];
    expect(bookmakerBreaches(bookmaker, null, DEFAULTS)).toEqual([]);
    expect(bookmakerBreaches(bookmaker, exchange, DEFAULTS)).toContainEqual({
      rule: 'back-above-lay',
      selectionId: 'Pakistan',
      back: 212,
      lay: 206,
    });
    // Outside the exchange's spread on both runners: nothing to take.
    const outside = [runner('India', 190, 205), runner('Pakistan', 198, 215)];
    expect(bookmakerBreaches(outside, exchange, DEFAULTS)).toEqual([]);
    // A bookmaker breaking the rule alone is told so, whatever the exchange says.
    const thin = [runner('India', 200, 202), runner('Pakistan', 200, 202)];
    expect(bookmakerBreaches(thin, exchange, DEFAULTS)[0]?.rule).toBe('back-book');
  });

  it('reads a fancy row’s No and Yes as one line quote', () => {
    expect(
      fancyRowBreaches({ noLine: 50, noRate: 90, yesLine: 50, yesRate: 110 }, DEFAULTS),
    ).toEqual([]);
    expect(
      fancyRowBreaches({ noLine: 50, noRate: 100, yesLine: 50, yesRate: 100 }, DEFAULTS)[0]?.rule,
    ).toBe('fancy-book');
  });
});
