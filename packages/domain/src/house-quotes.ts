/**
 * The house never offers a risk-free bet against itself (README, "House margins"). Every quote is
 * read as a back of a set of outcomes at decimal odds: a back of a runner backs that runner, a lay
 * of a runner at L backs every other runner at L / (L − 1), a fancy No at line N and rate r backs
 * "fewer than N runs" at 1 + r/100, a Yes at line Y and rate r backs "Y runs or more" at
 * 1 + 100/r. A set of quotes offers a profit whatever happens exactly when no chances of the
 * outcomes price every quote at or above its fair value; for the shapes below that is a closed
 * test, computed here in exact integer arithmetic (no floating point decides a boundary).
 *
 * Odds are decimal odds in integer hundredths (1.98 → 198), the unit of match odds and toss;
 * {@link bookmakerHundredths} converts a bookmaker's per-100 odds. Margins are basis points
 * (200: 2 %).
 */

/** A margin in basis points of the book: 200 is 2 %. */
export type MarginBp = number;

/** The house's margins (README, "House margins"); the simulator quotes with the defaults. */
export interface HouseMargins {
  /** A house market's backs: Σ 1/back ≥ 100 % + this. */
  readonly backBp: MarginBp;
  /** A house market's lays: Σ 1/lay ≤ 100 % − this. */
  readonly layBp: MarginBp;
  /** A fancy line's Yes and No on the same runs: their book ≥ 100 % + this. */
  readonly fancyBp: MarginBp;
}

/**
 * 1 % on each side of a house market, 2 % on a fancy line (README, "House margins"). A market
 * with a favourite at 1.01 already spends 99 % of its back book there, so a larger back margin
 * would force its outsiders far below their chances.
 */
export const DEFAULT_HOUSE_MARGINS: HouseMargins = { backBp: 100, layBp: 100, fancyBp: 200 };

/** No margin: the test of a guaranteed profit itself (several markets together, the exchange's). */
export const NO_MARGIN: HouseMargins = { backBp: 0, layBp: 0, fancyBp: 0 };

/** One runner's best prices in hundredths; null where nothing is offered on that side. */
export interface RunnerPrices {
  readonly selectionId: string;
  readonly back: number | null;
  readonly lay: number | null;
}

/** Why a set of quotes gives the bettor a profit (or too thin a margin), with its figures. */
export type QuoteBreach =
  | {
      readonly rule: 'back-above-lay';
      readonly selectionId: string;
      readonly back: number;
      readonly lay: number;
    }
  | { readonly rule: 'back-book'; readonly percent: number; readonly least: number }
  | { readonly rule: 'lay-book'; readonly percent: number; readonly most: number }
  | {
      readonly rule: 'fancy-crossed';
      readonly noLine: number;
      readonly yesLine: number;
    }
  | {
      readonly rule: 'fancy-book';
      readonly line: number;
      readonly noRate: number;
      readonly yesRate: number;
      readonly percent: number;
      readonly least: number;
    };

/** Bookmaker odds per 100 (back wins o·stake/100) as decimal odds in hundredths: 95 → 195. */
export function bookmakerHundredths(perHundred: number): number {
  return 100 + perHundred;
}

const BP = 10_000n;

/**
 * Floating point decides only what it cannot get wrong: a book this far from its bound (the
 * rounding of a few divisions is some 1e-15).
 */
const CLEAR_OF_BOUND = 1e-9;

/** Σ 100/odds ≥ (10000 + bp)/10000 (direction 1) or ≤ (10000 − bp)/10000 (direction −1), exactly. */
function bookHolds(odds: readonly number[], bp: MarginBp, direction: 1 | -1): boolean {
  const approximate = odds.reduce((sum, o) => sum + 100 / o, 0);
  const limit = 1 + (direction * bp) / 10_000;
  if (Math.abs(approximate - limit) > CLEAR_OF_BOUND)
    return direction === 1 ? approximate > limit : approximate < limit;
  // At the bound, in integers: Σ 100·Π_{j≠i} o_j · 10000  vs  (10000 ± bp) · Π o_j
  const product = odds.reduce((p, o) => p * BigInt(o), 1n);
  const sum = odds.reduce((s, o) => s + (100n * product) / BigInt(o), 0n);
  const bound = (BP + BigInt(direction * bp)) * product;
  return direction === 1 ? sum * BP >= bound : sum * BP <= bound;
}

/** The book Σ 100/odds as a percentage to two decimals (for messages only). */
function bookPercent(odds: readonly number[]): number {
  const sum = odds.reduce((s, o) => s + 1 / o, 0) * 100;
  return Math.round(sum * 100 * 100) / 100;
}

/**
 * The breaches of one set of mutually exclusive runners (exactly one wins) with each runner's
 * best back and best lay: from one market, or the best of several markets settled by the same
 * outcome (match odds and bookmaker on the same runners). Every runner's back is below its lay
 * (with no margin, across markets: not above it);
 * backing every runner loses: Σ 1/back ≥ 100 % + `backBp` (a runner without a back cannot be
 * backed, so the book is then safe); laying every runner that has a lay loses: Σ 1/lay ≤ 100 % −
 * `layBp` (a runner without one wins those lays when it wins). These three are also enough: any mix of the backs and lays then loses in
 * some outcome (a chance of each runner between 1/lay and 1/back, summing to one, prices them
 * all fairly).
 */
export function runnersBreaches(
  runners: readonly RunnerPrices[],
  margins: Pick<HouseMargins, 'backBp' | 'layBp'>,
): QuoteBreach[] {
  const breaches: QuoteBreach[] = [];
  // One market's back is below its lay; across markets (no margin) an equal back and lay win
  // nothing either way.
  const strict = margins.backBp > 0 || margins.layBp > 0;
  for (const { selectionId, back, lay } of runners) {
    if (back !== null && lay !== null && (back > lay || (strict && back === lay)))
      breaches.push({ rule: 'back-above-lay', selectionId, back, lay });
  }
  // One runner alone is not a whole market (every market has two outcomes at least): only its
  // back and lay are compared.
  if (runners.length < 2) return breaches;
  const backs = runners.map((runner) => runner.back);
  if (backs.every((back) => back !== null)) {
    if (!bookHolds(backs, margins.backBp, 1))
      breaches.push({
        rule: 'back-book',
        percent: bookPercent(backs),
        least: 100 + margins.backBp / 100,
      });
  }
  // A runner without a lay adds nothing: laying the others wins when it wins.
  const odds = runners.flatMap((runner) => (runner.lay === null ? [] : [runner.lay]));
  if (odds.length > 0) {
    if (!bookHolds(odds, margins.layBp, -1))
      breaches.push({
        rule: 'lay-book',
        percent: bookPercent(odds),
        most: 100 - margins.layBp / 100,
      });
  }
  return breaches;
}

/**
 * Several sets of prices on the same runners (by `selectionId`: match odds and bookmaker, say,
 * their ids mapped to one) as one: each runner's highest back and lowest lay.
 */
export function bestPrices(sets: readonly (readonly RunnerPrices[])[]): RunnerPrices[] {
  const best = new Map<string, { back: number | null; lay: number | null }>();
  for (const set of sets) {
    for (const { selectionId, back, lay } of set) {
      const seen = best.get(selectionId) ?? { back: null, lay: null };
      best.set(selectionId, {
        back: back === null ? seen.back : Math.max(back, seen.back ?? back),
        lay: lay === null ? seen.lay : Math.min(lay, seen.lay ?? lay),
      });
    }
  }
  return [...best].map(([selectionId, prices]) => ({ selectionId, ...prices }));
}

/**
 * The breaches of a bookmaker's quote: alone, with the margins of a house market; and with the
 * exchange's match odds of its event (null: not open), runner by runner under the same
 * `selectionId` (its name), where together they must not pay whatever happens (no margin): no
 * back of one above a lay of the other, no mix of their best prices a sure profit.
 */
export function bookmakerBreaches(
  bookmaker: readonly RunnerPrices[],
  matchOdds: readonly RunnerPrices[] | null,
  margins: HouseMargins,
): QuoteBreach[] {
  const alone = runnersBreaches(bookmaker, margins);
  if (alone.length > 0 || matchOdds === null) return alone;
  return runnersBreaches(bestPrices([bookmaker, matchOdds]), NO_MARGIN);
}

/** A fancy row's breaches: its No and Yes alone (see {@link fancyBreaches}). */
export function fancyRowBreaches(
  row: { noLine: number; noRate: number; yesLine: number; yesRate: number },
  margins: Pick<HouseMargins, 'fancyBp'>,
): QuoteBreach[] {
  return fancyBreaches(
    [{ no: { line: row.noLine, rate: row.noRate }, yes: { line: row.yesLine, rate: row.yesRate } }],
    margins,
  );
}

/** One fancy quote of a session: a No (line, rate) and a Yes (line, rate); null: not offered. */
export interface FancyLineQuote {
  readonly no: { readonly line: number; readonly rate: number } | null;
  readonly yes: { readonly line: number; readonly rate: number } | null;
}

/**
 * The breaches of a fancy session's quotes (one row, or every row of the same session together).
 * A No at line N and a Yes at line Y with N ≤ Y leave the runs from N to Y − 1 to the house and
 * are safe. With N > Y the two cross: the runs from Y to N − 1 win both, a bet the house never
 * offers. On one line (N = Y) every run wins one of them: their book, 100/(100 + No rate) +
 * Yes rate/(100 + Yes rate), must be ≥ 100 % + `fancyBp` (No 90 / Yes 110 make 105 %, 100/100
 * make 100 %). Any other mix of the quotes is covered by these pairs: a No and a Yes are the only
 * bets that together win whatever the runs.
 */
export function fancyBreaches(
  quotes: readonly FancyLineQuote[],
  margins: Pick<HouseMargins, 'fancyBp'>,
): QuoteBreach[] {
  const breaches: QuoteBreach[] = [];
  const noes = quotes.flatMap((quote) => (quote.no ? [quote.no] : []));
  const yeses = quotes.flatMap((quote) => (quote.yes ? [quote.yes] : []));
  for (const no of noes) {
    for (const yes of yeses) {
      if (no.line > yes.line) {
        breaches.push({ rule: 'fancy-crossed', noLine: no.line, yesLine: yes.line });
      } else if (no.line === yes.line) {
        // 100/(100 + n) + y/(100 + y) ≥ (10000 + bp)/10000, over the common denominator.
        const n = BigInt(no.rate);
        const y = BigInt(yes.rate);
        const sum = (100n * (100n + y) + y * (100n + n)) * BP;
        const bound = (BP + BigInt(margins.fancyBp)) * (100n + n) * (100n + y);
        if (sum < bound)
          breaches.push({
            rule: 'fancy-book',
            line: no.line,
            noRate: no.rate,
            yesRate: yes.rate,
            percent:
              Math.round((100 / (100 + no.rate) + yes.rate / (100 + yes.rate)) * 10_000) / 100,
            least: 100 + margins.fancyBp / 100,
          });
      }
    }
  }
  return breaches;
}

/** A breach in words, naming the rule and its figures, as an operator or a log reads it. */
export function quoteBreachMessage(breach: QuoteBreach): string {
  switch (breach.rule) {
    case 'back-above-lay':
      return `Back ${(breach.back / 100).toFixed(2)} is not below lay ${(breach.lay / 100).toFixed(2)} on runner ${breach.selectionId}: back one and lay the other, and the house pays the gap`;
    case 'back-book':
      return `The backs make a book of ${breach.percent.toFixed(2)} %, below ${breach.least.toFixed(2)} %: backing every runner would win whatever happens`;
    case 'lay-book':
      return `The lays make a book of ${breach.percent.toFixed(2)} %, above ${breach.most.toFixed(2)} %: laying every runner would win whatever happens`;
    case 'fancy-crossed':
      return `No ${breach.noLine} is above Yes ${breach.yesLine}: runs from ${breach.yesLine} to ${breach.noLine - 1} would win both`;
    case 'fancy-book':
      return `No ${breach.line} (${breach.noRate}) and Yes ${breach.line} (${breach.yesRate}) make a book of ${breach.percent.toFixed(2)} %, below ${breach.least.toFixed(2)} %: one of them always wins`;
  }
}

/**
 * The margins a market of this kind keeps on its own: match odds are the exchange's, whose prices
 * only must not cross (a back at most its lay, backs ≥ 100 %, lays ≤ 100 %); every other market is
 * the house's own quote and keeps the house's margins (README, "House margins").
 */
export function marketMargins(kind: string, margins: HouseMargins): HouseMargins {
  return kind === 'MATCH_ODDS' ? NO_MARGIN : margins;
}
