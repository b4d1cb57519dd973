import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookmakerMarketId,
  completedMatchMarketId,
  EXCHANGE_MARKET_TYPES,
  hasDecimalOdds,
  isExchangeMarket,
  isMarketId,
  isProviderMarketId,
  MARKET_TYPES,
  marketIdFitsKind,
  marketIdParse,
  marketName,
  overUnderGoals,
  overUnderMarketId,
  overUnderRunnerNames,
  setWinnerMarketId,
  tiedMatchMarketId,
  tossMarketId,
} from './markets.js';

describe('market ids', () => {
  it('builds the bookmaker and toss ids of an event', () => {
    expect(bookmakerMarketId(32145678)).toBe('32145678B');
    expect(tossMarketId(32145678)).toBe('32145678T');
  });

  it('reads one of our ids back into its kind and event', () => {
    expect(marketIdParse('32145678B')).toEqual({ kind: 'BOOKMAKER', eventId: 32145678 });
    expect(marketIdParse('32145678T')).toEqual({ kind: 'TOSS', eventId: 32145678 });
  });

  it('builds and reads the further exchange markets of an event', () => {
    expect(tiedMatchMarketId(32145678)).toBe('32145678TM');
    expect(completedMatchMarketId(32145678)).toBe('32145678CM');
    expect(overUnderMarketId(32145678, 'OVER_UNDER_15')).toBe('32145678OU15');
    expect(overUnderMarketId(32145678, 'OVER_UNDER_25')).toBe('32145678OU25');
    expect(overUnderMarketId(32145678, 'OVER_UNDER_35')).toBe('32145678OU35');
    expect(setWinnerMarketId(32145678, 2)).toBe('32145678SW2');
    expect(marketIdParse('32145678TM')).toEqual({ kind: 'TIED_MATCH', eventId: 32145678 });
    expect(marketIdParse('32145678CM')).toEqual({ kind: 'COMPLETED_MATCH', eventId: 32145678 });
    expect(marketIdParse('32145678OU15')).toEqual({ kind: 'OVER_UNDER_15', eventId: 32145678 });
    expect(marketIdParse('32145678OU25')).toEqual({ kind: 'OVER_UNDER_25', eventId: 32145678 });
    expect(marketIdParse('32145678OU35')).toEqual({ kind: 'OVER_UNDER_35', eventId: 32145678 });
    expect(marketIdParse('32145678SW1')).toEqual({
      kind: 'SET_WINNER',
      eventId: 32145678,
      set: 1,
    });
    expect(marketIdParse('32145678SW5')).toEqual({
      kind: 'SET_WINNER',
      eventId: 32145678,
      set: 5,
    });
  });

  it("claims no event for a provider's id: match odds and every exchange market it names", () => {
    // Betfair's match odds of event 30339025: the id says nothing of the event.
    for (const id of ['1.180305278', '1.30339025', '2.123', '1.0']) {
      expect(marketIdParse(id), id).toBeNull();
      expect(isProviderMarketId(id), id).toBe(true);
      expect(isMarketId(id), id).toBe(true);
    }
    for (const id of ['1.', '.5', '1.2.3', '1.5B', '30339025B', '1,5', ' 1.5']) {
      expect(isProviderMarketId(id), id).toBe(false);
    }
    expect(isMarketId('30339025B')).toBe(true);
    expect(isMarketId('30339025-1')).toBe(false);
  });

  it('tells whether an id may be of a kind before the catalog says which it is', () => {
    expect(marketIdFitsKind('1.180305278', 'MATCH_ODDS')).toBe(true);
    expect(marketIdFitsKind('1.180305278', 'OVER_UNDER_25')).toBe(true);
    expect(marketIdFitsKind('1.180305278', 'BOOKMAKER')).toBe(false);
    expect(marketIdFitsKind('1.180305278', 'FANCY')).toBe(false);
    expect(marketIdFitsKind('42B', 'BOOKMAKER')).toBe(true);
    expect(marketIdFitsKind('42B', 'MATCH_ODDS')).toBe(false);
    expect(marketIdFitsKind('42T', 'TOSS')).toBe(true);
    expect(marketIdFitsKind('42-1', 'FANCY')).toBe(false);
  });

  it('refuses anything else', () => {
    for (const id of [
      '',
      '32145678',
      '32145678b',
      '0B',
      '012B',
      '1.',
      '2.123',
      'B',
      '1.0',
      '1.32145678',
      '99999999999999999B',
      '32145678SW0',
      '32145678SW6',
      '32145678SW',
      '32145678OU45',
      '32145678OU',
      '32145678tm',
      '32145678TMB',
      '0TM',
    ]) {
      expect(marketIdParse(id), id).toBeNull();
    }
  });

  it('round-trips every event id through each kind', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (eventId) => {
        expect(marketIdParse(bookmakerMarketId(eventId))).toEqual({ kind: 'BOOKMAKER', eventId });
        expect(marketIdParse(tossMarketId(eventId))).toEqual({ kind: 'TOSS', eventId });
        expect(marketIdParse(tiedMatchMarketId(eventId))).toEqual({ kind: 'TIED_MATCH', eventId });
        expect(marketIdParse(overUnderMarketId(eventId, 'OVER_UNDER_35'))).toEqual({
          kind: 'OVER_UNDER_35',
          eventId,
        });
        expect(marketIdParse(setWinnerMarketId(eventId, 3))).toEqual({
          kind: 'SET_WINNER',
          eventId,
          set: 3,
        });
      }),
    );
  });
});

describe('market kinds', () => {
  it('tells the exchange kinds from bookmaker, toss and fancy', () => {
    expect(EXCHANGE_MARKET_TYPES.filter(isExchangeMarket)).toEqual(EXCHANGE_MARKET_TYPES);
    expect(MARKET_TYPES.filter((type) => !isExchangeMarket(type))).toEqual([
      'BOOKMAKER',
      'TOSS',
      'FANCY',
    ]);
    expect(isExchangeMarket('OVER_UNDER_45')).toBe(false);
    expect(MARKET_TYPES.filter(hasDecimalOdds)).toEqual([...EXCHANGE_MARKET_TYPES, 'TOSS']);
  });

  it('names each kind as a bettor reads it', () => {
    expect(marketName('MATCH_ODDS')).toBe('Match Odds');
    expect(marketName('TIED_MATCH')).toBe('Tied Match');
    expect(marketName('COMPLETED_MATCH')).toBe('Completed Match');
    expect(marketName('OVER_UNDER_15')).toBe('Over/Under 1.5 Goals');
    expect(marketName('OVER_UNDER_25')).toBe('Over/Under 2.5 Goals');
    expect(marketName('OVER_UNDER_35')).toBe('Over/Under 3.5 Goals');
    expect(marketName('SET_WINNER', 2)).toBe('Set 2 Winner');
    expect(marketName('BOOKMAKER')).toBe('Bookmaker');
    expect(marketName('TOSS')).toBe('Toss');
  });

  it('puts each over/under line between whole goals', () => {
    expect(overUnderGoals('OVER_UNDER_15')).toBe(1);
    expect(overUnderGoals('OVER_UNDER_25')).toBe(2);
    expect(overUnderGoals('OVER_UNDER_35')).toBe(3);
    expect(overUnderRunnerNames('OVER_UNDER_25')).toEqual(['Under 2.5 Goals', 'Over 2.5 Goals']);
  });
});
