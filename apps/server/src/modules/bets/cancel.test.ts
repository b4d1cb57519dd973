import { CANCEL_MESSAGES } from '@backlay/contract/bets';
import { describe, expect, it } from 'vitest';
import type { MarketBook } from '../../feed/price-book.js';
import { fakeBook, fakeEvent, fakeMarket } from '../../../test/catalog-fakes.js';
import type { EventFacts, MarketFacts } from '../markets/catalog.js';
import { cancelDecision, type BetToCancel, type CancelRuleDeps } from './cancel.js';

/*
 * docs/architecture.md, "Cancelling a bet": the rule decided in memory, with fakes of the catalog
 * and the price book. No database.
 */

const ACCEPTED = Date.parse('2026-01-01T12:00:00Z');
const MARKET = '1.501';

const bet = (overrides: Partial<BetToCancel> = {}): BetToCancel => ({
  event_id: '501',
  market_id: MARKET,
  market_type: 'MATCH_ODDS',
  position_key: MARKET,
  selection_id: '1',
  bet_type: 'Back',
  odds: 200,
  profit_paise: '10000',
  liability_paise: '10000',
  status: 'Pending',
  created_at: new Date(ACCEPTED),
  sport_id: 1,
  ...overrides,
});

function world(
  options: {
    market?: Partial<MarketFacts>;
    event?: Partial<EventFacts>;
    book?: Partial<MarketBook> | undefined;
  } = {},
) {
  const market = fakeMarket({
    marketId: MARKET,
    minStake: 100,
    maxStake: 10_000,
    runners: [
      { selectionId: '1', name: 'Home' },
      { selectionId: '2', name: 'Away' },
      { selectionId: '3', name: 'Draw' },
    ],
    ...options.market,
  });
  const event = fakeEvent(501, [market], { status: 'inplay', ...options.event });
  const deps: CancelRuleDeps = {
    catalog: { event: async (eventId) => (eventId === 501 ? event : undefined) },
    priceBook: {
      market: (marketId) =>
        'book' in options && options.book === undefined
          ? undefined
          : fakeBook(marketId, 501, [], options.book),
    },
  };
  return deps;
}

describe('cancelDecision', () => {
  it("takes a football bet inside its 3 minutes, answering the market's runners", async () => {
    expect(await cancelDecision(world(), bet(), ACCEPTED + 179_999)).toEqual({
      selectionIds: ['1', '2', '3'],
    });
  });

  it('refuses any other sport, a fancy session, and a bet no longer open', async () => {
    expect(await cancelDecision(world(), bet({ sport_id: 4 }), ACCEPTED)).toBe(
      CANCEL_MESSAGES.notFootball,
    );
    expect(await cancelDecision(world(), bet({ market_type: 'FANCY' }), ACCEPTED)).toBe(
      CANCEL_MESSAGES.notFootball,
    );
    expect(await cancelDecision(world(), bet({ status: 'Settled' }), ACCEPTED)).toBe(
      CANCEL_MESSAGES.notOpen,
    );
  });

  it('refuses once the window is over, by the given clock', async () => {
    expect(await cancelDecision(world(), bet(), ACCEPTED + 180_000)).toBe(CANCEL_MESSAGES.expired);
  });

  it('refuses a closed or declared market, and one it cannot find', async () => {
    expect(await cancelDecision(world({ market: { isClosed: true } }), bet(), ACCEPTED)).toBe(
      CANCEL_MESSAGES.closed,
    );
    expect(
      await cancelDecision(world({ event: { declared: new Set([MARKET]) } }), bet(), ACCEPTED),
    ).toBe(CANCEL_MESSAGES.closed);
    expect(await cancelDecision(world(), bet({ event_id: '999' }), ACCEPTED)).toBe(
      CANCEL_MESSAGES.notFound,
    );
  });

  it('refuses a market down since the bet (a goal), not one down at its own millisecond', async () => {
    expect(
      await cancelDecision(world({ book: { downAt: ACCEPTED + 1 } }), bet(), ACCEPTED + 10_000),
    ).toBe(CANCEL_MESSAGES.suspended);
    expect(
      await cancelDecision(world({ book: { downAt: ACCEPTED } }), bet(), ACCEPTED + 10_000),
    ).toEqual({ selectionIds: ['1', '2', '3'] });
    expect(
      await cancelDecision(world({ book: { status: 'SUSPENDED' } }), bet(), ACCEPTED + 10_000),
    ).toBe(CANCEL_MESSAGES.suspended);
    expect(await cancelDecision(world({ book: undefined }), bet(), ACCEPTED + 10_000)).toBe(
      CANCEL_MESSAGES.suspended,
    );
  });
});
