import { DEFAULT_HOUSE_MARGINS } from '@backlay/domain';
import type { BetDraft } from '@backlay/contract/bets';
import { describe, expect, it } from 'vitest';
import type { MarketBook } from '../../feed/price-book.js';
import { manualClock, type Timer } from '../../seams.js';
import { BET_MESSAGES } from './bet-answers.js';
import { held, type Delayed } from './in-play-delay.js';
import { exchangePlacement, type PlacementDeps } from './placement.js';
import { fakeBook, fakeEvent, fakeMarket, fakeQuote } from '../../../test/catalog-fakes.js';

/*
 * docs/architecture.md, "In-play bet delay": the hold, on a manual clock and a timer the test
 * drives (each wait runs `during`, then moves the clock by the delay). No database.
 */

const START = new Date('2026-01-01T12:00:00Z');

function drivenTimer(clock: ReturnType<typeof manualClock>) {
  const waits: number[] = [];
  let during: (() => void) | undefined;
  const timer: Timer = {
    async wait(ms) {
      waits.push(ms);
      during?.();
      clock.advance(ms);
    },
  };
  return {
    timer,
    waits,
    meanwhile: (work: () => void) => {
      during = work;
    },
  };
}

function setup() {
  const clock = manualClock(START);
  const driven = drivenTimer(clock);
  return { clock, ...driven, deps: { clock, timer: driven.timer } };
}

const bet = (delayS: number, downAt = 0, name = 'bet'): Delayed & { name: string } => ({
  delayS,
  downAt,
  name,
});

describe('held: no delay', () => {
  it('gives every placement back at once, without waiting or deciding again', async () => {
    const { deps, waits } = setup();
    let again = 0;
    const one = bet(0, 0, 'one');
    expect(
      await held(deps, [one], async () => {
        again += 1;
        return [one];
      }),
    ).toEqual([one]);
    expect(waits).toEqual([]);
    expect(again).toBe(0);
  });

  it("gives a plan's two bets back at once, in order", async () => {
    const { deps, waits } = setup();
    const plan = [bet(0, 0, 'back Lions'), bet(0, 0, 'lay Tigers')];
    expect(await held(deps, plan, async () => [])).toEqual(plan);
    expect(waits).toEqual([]);
  });

  it('answers the first refusal, and "Market not found" for no placement', async () => {
    const { deps } = setup();
    expect(await held(deps, [bet(5), BET_MESSAGES.oddsChanged], async () => [])).toBe(
      BET_MESSAGES.oddsChanged,
    );
    expect(await held(deps, [], async () => [])).toBe(BET_MESSAGES.notFound);
  });
});

describe('held: a delay', () => {
  it('waits the longest delay of the plan once, then answers the placements decided again', async () => {
    const { deps, waits } = setup();
    const later = [bet(3, 0, 'back again'), bet(5, 0, 'lay again')];
    expect(await held(deps, [bet(3), bet(5)], async () => later)).toEqual(later);
    expect(waits).toEqual([5000]);
  });

  it('answers the refusal of the decision again ("Odds changed" at the end of the delay)', async () => {
    const { deps } = setup();
    expect(await held(deps, [bet(5)], async () => [bet(5), BET_MESSAGES.oddsChanged])).toBe(
      BET_MESSAGES.oddsChanged,
    );
  });

  it('refuses with "Market suspended" when the market went down during the delay', async () => {
    const { deps, clock } = setup();
    const start = START.getTime();
    // Down at the delay's first millisecond, or any later one, even when open again since.
    expect(await held(deps, [bet(5)], async () => [bet(5, start)])).toBe(BET_MESSAGES.suspended);
    clock.set(START);
    expect(await held(deps, [bet(5)], async () => [bet(5, start + 2000)])).toBe(
      BET_MESSAGES.suspended,
    );
    // Down before the delay began: the bet was placed on an open market.
    clock.set(START);
    const before = bet(5, start - 1);
    expect(await held(deps, [bet(5)], async () => [before])).toEqual([before]);
  });
});

describe('held with exchangePlacement: decided again from scratch', () => {
  const EVENT = 7002;
  const MARKET = `1.${EVENT}`;
  const HOME = '1';

  function world(clock: ReturnType<typeof manualClock>) {
    const state = { back: 190, status: 'ACTIVE' as MarketBook['status'], downAt: 0 };
    const event = fakeEvent(
      EVENT,
      [
        fakeMarket({
          marketId: MARKET,
          minStake: 100,
          maxStake: 10_000,
          runners: [
            { selectionId: HOME, name: 'Home' },
            { selectionId: '2', name: 'Away' },
          ],
        }),
      ],
      { status: 'inplay' },
    );
    const deps: PlacementDeps = {
      catalog: { event: async () => event, marketEvent: async () => EVENT },
      priceBook: {
        market: (marketId, at) =>
          fakeBook(marketId, EVENT, [fakeQuote(HOME, state.back, state.back + 2, 100)], {
            status: state.status,
            downAt: state.status === 'ACTIVE' ? state.downAt : at,
          }),
        fancy: () => undefined,
      },
      clock,
      betDelay: { exchangeS: { 4: 5 }, bookmakerS: 0, fancyS: 0 },
      margins: DEFAULT_HOUSE_MARGINS,
    };
    return { state, deps };
  }

  const draft: BetDraft = {
    sportsId: 4,
    SelectionName: 'Home',
    SelectionID: HOME,
    Odds: 1.9,
    Price: 0,
    MarketType: 'MATCH_ODDS',
    MarketId: MARKET,
    EventId: EVENT,
    BetType: 'Back',
    BetStatus: 'Pending',
    Stack: 1000,
  };

  it('makes the bet at the best price at the end of the delay when it moved the bettor’s way', async () => {
    const { deps: delay, clock, waits, meanwhile } = setup();
    const { state, deps } = world(clock);
    const decide = () => exchangePlacement(deps, draft, draft.Stack);
    meanwhile(() => {
      state.back = 200;
    });
    const placed = await held(delay, [await decide()], async () => [await decide()]);
    expect(waits).toEqual([5000]);
    // docs/decisions.md#money, "Price improvement": asked 1.90, matched at 2.00.
    expect(placed).toMatchObject([
      { odds: 200, askedOdds: 190, figures: { profit: 100_000, liability: 100_000 }, delayS: 5 },
    ]);
  });

  it('takes the price at the moment the bet is made, not the better one it saw first', async () => {
    const { deps: delay, clock, meanwhile } = setup();
    const { state, deps } = world(clock);
    state.back = 195;
    const decide = () => exchangePlacement(deps, draft, draft.Stack);
    const first = await decide();
    expect(first).toMatchObject({ odds: 195 });
    meanwhile(() => {
      state.back = 192;
    });
    expect(await held(delay, [first], async () => [await decide()])).toMatchObject([
      { odds: 192, askedOdds: 190, figures: { profit: 92_000, liability: 100_000 } },
    ]);
  });

  it('refuses "Odds changed" when the price went against the bettor', async () => {
    const { deps: delay, clock, meanwhile } = setup();
    const { state, deps } = world(clock);
    const decide = () => exchangePlacement(deps, draft, draft.Stack);
    meanwhile(() => {
      state.back = 185;
    });
    expect(await held(delay, [await decide()], async () => [await decide()])).toBe(
      BET_MESSAGES.oddsChanged,
    );
  });

  it('refuses "Market suspended" when the market went down and reopened meanwhile', async () => {
    const { deps: delay, clock, meanwhile } = setup();
    const { state, deps } = world(clock);
    const decide = () => exchangePlacement(deps, draft, draft.Stack);
    meanwhile(() => {
      // A goal: suspended two seconds into the delay, open again before its end.
      state.downAt = clock.now().getTime() + 2000;
    });
    expect(await held(delay, [await decide()], async () => [await decide()])).toBe(
      BET_MESSAGES.suspended,
    );
  });
});
