import type { CashOutBet } from '@backlay/contract/bets';
import { DEFAULT_HOUSE_MARGINS, cashOutPlan, type Paise, type Stake } from '@backlay/domain';
import { describe, expect, it } from 'vitest';
import type { MarketBook } from '../../feed/price-book.js';
import { manualClock, type Timer } from '../../seams.js';
import { fakeBook, fakeEvent, fakeMarket, fakeQuote } from '../../../test/catalog-fakes.js';
import { BET_MESSAGES, type BetAnswer, type Keyed } from './bet-answers.js';
import type { OpenBet } from './bets.queries.js';
import { askedPlan, cashOut, cashOutAnswer, legKey, lockedText } from './cash-out.js';
import type { Placement } from './placement.js';
import { createOnceInFlight, createTurns } from './turns.js';

/*
 * docs/architecture.md, "Cash out": the plan checked against the one the client showed, its bets
 * made one after another in the position's turn, the whole answer. Catalog, prices, open bets,
 * the key's record and bet_place are fakes; no database.
 */

const EVENT = 601;
const MARKET = `1.${EVENT}`;
const LIONS = '1';
const TIGERS = '2';
/** Back Lions at 2.00 for ₹1,000: +₹1,000 if Lions win, −₹1,000 if Tigers do. */
const POSITION: OpenBet[] = [
  { selectionId: LIONS, betType: 'Back', odds: 200, profitPaise: 100_000, liabilityPaise: 100_000 },
];
/** Best prices now, in hundredths: [back, lay]. */
const PRICES: Record<string, [number, number]> = { [LIONS]: [250, 260], [TIGERS]: [160, 170] };

/** The plan the client's dialog shows: the domain's, from the best prices on screen. */
function shownPlan(percent = 100): CashOutBet[] {
  const plan = cashOutPlan(
    'MATCH_ODDS',
    [
      { selectionId: LIONS, pl: 100_000 as Paise, back: PRICES[LIONS]![0], lay: PRICES[LIONS]![1] },
      {
        selectionId: TIGERS,
        pl: -100_000 as Paise,
        back: PRICES[TIGERS]![0],
        lay: PRICES[TIGERS]![1],
      },
    ],
    percent,
  );
  if (!plan.ok) throw new Error(plan.reason);
  return plan.bets.map((bet) => ({
    SelectionID: bet.selectionId,
    BetType: bet.betType,
    Odds: bet.odds / 100,
    Stack: bet.stake,
  }));
}

function setup(options: { delayS?: number } = {}) {
  const clock = manualClock(new Date('2026-01-01T12:00:00Z'));
  const waits: number[] = [];
  const timer: Timer = {
    async wait(ms) {
      waits.push(ms);
      clock.advance(ms);
    },
  };
  const event = fakeEvent(
    EVENT,
    [
      fakeMarket({
        marketId: MARKET,
        runners: [
          { selectionId: LIONS, name: 'Lions' },
          { selectionId: TIGERS, name: 'Tigers' },
        ],
      }),
    ],
    { status: options.delayS ? 'inplay' : 'upcoming' },
  );
  const book = (marketId: string): MarketBook =>
    fakeBook(
      marketId,
      EVENT,
      Object.entries(PRICES).map(([selectionId, [back, lay]]) =>
        fakeQuote(selectionId, back, lay, 1000),
      ),
    );
  const open = { bets: [...POSITION] };
  const made: { positionId: string; placement: Placement; request: Keyed }[] = [];
  const remembered: BetAnswer[] = [];
  const deps = {
    placement: {
      catalog: { event: async () => event, marketEvent: async () => event.eventId },
      priceBook: { market: book, fancy: () => undefined },
      clock,
      betDelay: { exchangeS: { 4: options.delayS ?? 0 }, bookmakerS: 0, fancyS: 0 },
      margins: DEFAULT_HOUSE_MARGINS,
    },
    delay: { clock, timer },
    openBets: async () => open.bets,
    answers: {
      remember: async (request: { answer: BetAnswer }) => {
        remembered.push(request.answer);
        return request.answer;
      },
      recall: async () => undefined,
    },
    onceInFlight: createOnceInFlight<BetAnswer>(),
    inTurn: createTurns(),
    make: async (positionId: string, placement: Placement, request: Keyed): Promise<BetAnswer> => {
      made.push({ positionId, placement, request });
      open.bets.push(placement.bet);
      return { Status: true, Result: BET_MESSAGES.placed };
    },
  };
  return { deps, made, remembered, waits, open };
}

const request = (bets: readonly CashOutBet[], key?: string) => ({
  clientId: '11',
  marketId: MARKET,
  marketType: 'MATCH_ODDS' as const,
  eventId: EVENT,
  percent: 100,
  bets,
  idempotencyKey: key,
  route: '/api/UserBetModels/CashOut',
});

describe('cashOut', () => {
  it("makes the plan's one bet in the position's turn, with a key derived from the request's", async () => {
    const { deps, made, remembered } = setup();
    const bets = shownPlan();
    expect(bets).toEqual([{ SelectionID: LIONS, BetType: 'Lay', Odds: 2.6, Stack: 769 }]);
    const answer = await cashOut(deps, request(bets, 'cash-key-1'));
    expect(answer).toEqual({
      Status: true,
      Result: 'Cashed out: at least -₹231.00 whichever runner wins',
    });
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      positionId: `11|${MARKET}`,
      placement: { betType: 'Lay', odds: 260, stake: 769 },
      request: { clientId: '11', key: legKey('cash-key-1', 0) },
    });
    expect(remembered).toEqual([answer]);
  });

  it('refuses a plan other than the one for the position: "Your position changed"', async () => {
    const { deps, made } = setup();
    const [bet] = shownPlan();
    const answer = await cashOut(deps, request([{ ...bet!, Stack: bet!.Stack + 1 }]));
    expect(answer).toEqual({ Status: false, Result: BET_MESSAGES.positionChanged });
    expect(made).toEqual([]);
  });

  it('cashes out once when the same plan is sent twice at once (two tabs)', async () => {
    const { deps, made } = setup();
    const [first, second] = await Promise.all([
      cashOut(deps, request(shownPlan())),
      cashOut(deps, request(shownPlan())),
    ]);
    expect(first.Status).toBe(true);
    expect(second).toEqual({ Status: false, Result: BET_MESSAGES.positionChanged });
    expect(made).toHaveLength(1);
  });

  it('holds the bets once for the in-play delay', async () => {
    const { deps, waits, made } = setup({ delayS: 5 });
    expect((await cashOut(deps, request(shownPlan()))).Status).toBe(true);
    expect(waits).toEqual([5000]);
    expect(made).toHaveLength(1);
  });

  it('is for match odds and bookmaker markets only', async () => {
    const { deps } = setup();
    expect(await cashOut(deps, { ...request(shownPlan()), marketId: `${EVENT}T` })).toEqual({
      Status: false,
      Result: BET_MESSAGES.cashOutMarket,
    });
  });
});

describe('the pure parts of a cash out', () => {
  it('says what was locked in, in rupees', () => {
    const pl = (...values: number[]) => values.map((value) => ({ pl: value as Paise }));
    expect(lockedText(pl(56_000, 56_000), 100)).toBe('₹560.00 whichever runner wins');
    expect(lockedText(pl(-23_040, -23_100), 100)).toBe('at least -₹231.00 whichever runner wins');
    expect(lockedText(pl(10_000, 12_000), 50)).toBe(
      '50% of your position, at least ₹100.00 whichever runner wins',
    );
  });

  it('matches the plan to the bets sent, in any order, by odds as the wire says them', () => {
    const asked = askedPlan('MATCH_ODDS', [
      { SelectionID: '2', BetType: 'Back', Odds: 1.6, Stack: 10 },
      { SelectionID: '1', BetType: 'Lay', Odds: 2.6, Stack: 20 },
    ]);
    expect(asked.odds('1', 'Lay')).toBe(260);
    expect(asked.odds('1', 'Back')).toBeNull();
    const lay = { selectionId: '1', betType: 'Lay' as const, odds: 260, stake: 20 as Stake };
    const back = { selectionId: '2', betType: 'Back' as const, odds: 160, stake: 10 as Stake };
    expect(asked.isAsked([lay, back])).toBe(true);
    expect(asked.isAsked([lay])).toBe(false);
    const bookmaker = askedPlan('BOOKMAKER', [
      { SelectionID: '1', BetType: 'Back', Odds: 45, Stack: 1 },
    ]);
    expect(bookmaker.odds('1', 'Back')).toBe(45);
  });

  it('answers in part when a bet was refused, and the refusal when none was placed', () => {
    const placed: BetAnswer = { Status: true, Result: BET_MESSAGES.placed };
    const refused: BetAnswer = { Status: false, Result: BET_MESSAGES.oddsChanged };
    const book = [{ pl: 0 as Paise }, { pl: 0 as Paise }];
    expect(cashOutAnswer([placed, refused], book, 100)).toEqual({
      Status: true,
      Result: 'Cashed out in part: 1 of 2 bets placed (Odds changed)',
    });
    expect(cashOutAnswer([refused], book, 100)).toEqual(refused);
    expect(legKey(undefined, 0)).toBeNull();
    expect(legKey('cash-key-1', 1)).toMatch(/^cashout-[0-9a-f]{40}-1$/);
  });
});
