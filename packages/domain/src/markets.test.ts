import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookmakerMarketId, marketIdParse, matchOddsMarketId, tossMarketId } from './markets.js';

describe('market ids', () => {
  it('builds the match odds, bookmaker and toss ids of an event', () => {
    expect(matchOddsMarketId(32145678)).toBe('1.32145678');
    expect(bookmakerMarketId(32145678)).toBe('32145678B');
    expect(tossMarketId(32145678)).toBe('32145678T');
  });

  it('reads an id back into its kind and event', () => {
    expect(marketIdParse('1.32145678')).toEqual({ kind: 'MATCH_ODDS', eventId: 32145678 });
    expect(marketIdParse('32145678B')).toEqual({ kind: 'BOOKMAKER', eventId: 32145678 });
    expect(marketIdParse('32145678T')).toEqual({ kind: 'TOSS', eventId: 32145678 });
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
      '99999999999999999B',
    ]) {
      expect(marketIdParse(id), id).toBeNull();
    }
  });

  it('round-trips every event id through each kind', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (eventId) => {
        expect(marketIdParse(matchOddsMarketId(eventId))).toEqual({ kind: 'MATCH_ODDS', eventId });
        expect(marketIdParse(bookmakerMarketId(eventId))).toEqual({ kind: 'BOOKMAKER', eventId });
        expect(marketIdParse(tossMarketId(eventId))).toEqual({ kind: 'TOSS', eventId });
      }),
    );
  });
});
