import { describe, expect, it } from 'vitest';
import { betDelaySeconds, NO_BET_DELAYS } from './bet-delay.js';

describe('betDelaySeconds', () => {
  const delays = { exchangeS: { 4: 5, 1: 5, 2: 3 }, bookmakerS: 0, fancyS: 2 };
  it('holds in-play exchange and toss bets for their sport and the others as set', () => {
    const bet = { sportId: 4, isInPlay: true };
    expect(betDelaySeconds(delays, { ...bet, marketType: 'MATCH_ODDS' })).toBe(5);
    expect(betDelaySeconds(delays, { ...bet, marketType: 'TIED_MATCH' })).toBe(5);
    expect(betDelaySeconds(delays, { ...bet, marketType: 'TOSS' })).toBe(5);
    expect(betDelaySeconds(delays, { sportId: 2, isInPlay: true, marketType: 'MATCH_ODDS' })).toBe(
      3,
    );
    expect(betDelaySeconds(delays, { ...bet, marketType: 'BOOKMAKER' })).toBe(0);
    expect(betDelaySeconds(delays, { ...bet, marketType: 'FANCY' })).toBe(2);
    expect(betDelaySeconds(delays, { sportId: 7, isInPlay: true, marketType: 'MATCH_ODDS' })).toBe(
      0,
    );
    expect(betDelaySeconds(delays, { ...bet, marketType: 'OTHER' })).toBe(0);
  });
  it('holds nothing before the event is in play', () => {
    expect(betDelaySeconds(delays, { sportId: 4, isInPlay: false, marketType: 'MATCH_ODDS' })).toBe(
      0,
    );
    expect(
      betDelaySeconds(NO_BET_DELAYS, { sportId: 4, isInPlay: true, marketType: 'FANCY' }),
    ).toBe(0);
  });
});
