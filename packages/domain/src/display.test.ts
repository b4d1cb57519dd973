import { describe, expect, it } from 'vitest';
import {
  betOddsDisplay,
  betRowIsLay,
  betStatusLabel,
  cellIsSuspended,
  fancyOddsDisplay,
  marketNameSides,
  positionTone,
  runnerDisplayOrder,
  runnerNameScrolls,
} from './display.js';
import type { BetStatus } from './bet-type.js';

describe('display rules', () => {
  it('orders three runners 0, 2, 1 and two runners 0, 1', () => {
    expect(runnerDisplayOrder(['Home', 'Away', 'Draw'])).toEqual(['Home', 'Draw', 'Away']);
    expect(runnerDisplayOrder(['Home', 'Away'])).toEqual(['Home', 'Away']);
    expect(runnerDisplayOrder(['Only'])).toEqual(['Only']);
    expect(runnerDisplayOrder([1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
  });

  it('does not reorder the list it was given', () => {
    const runners = ['a', 'b', 'c'];
    runnerDisplayOrder(runners);
    expect(runners).toEqual(['a', 'b', 'c']);
  });

  it('suspends a cell unless the event is unlocked and the runner is ACTIVE', () => {
    expect(cellIsSuspended(true, 'ACTIVE')).toBe(false);
    expect(cellIsSuspended(false, 'ACTIVE')).toBe(true);
    expect(cellIsSuspended(true, 'SUSPENDED')).toBe(true);
    expect(cellIsSuspended(true, 'active')).toBe(true);
  });

  it('styles a bet row lay when its type is No or Lay', () => {
    expect(betRowIsLay('No')).toBe(true);
    expect(betRowIsLay('Lay')).toBe(true);
    expect(betRowIsLay('Back')).toBe(false);
    expect(betRowIsLay('Yes')).toBe(false);
    expect(betRowIsLay('lay')).toBe(false);
  });

  it('shows fancy odds with the price in brackets and other odds as they are', () => {
    expect(fancyOddsDisplay(45, 110)).toBe('45 (110)');
    expect(betOddsDisplay({ MarketType: 'FANCY', Odds: 45, Price: 110 })).toBe('45 (110)');
    expect(betOddsDisplay({ MarketType: 'MATCH_ODDS', Odds: 1.9, Price: 0 })).toBe('1.9');
    expect(betOddsDisplay({ MarketType: 'BOOKMAKER', Odds: 45, Price: 0 })).toBe('45');
  });

  it('scrolls names of 25 characters or more on mobile', () => {
    expect(runnerNameScrolls('x'.repeat(24))).toBe(false);
    expect(runnerNameScrolls('x'.repeat(25))).toBe(true);
    expect(runnerNameScrolls('10 over runs IND (IND vs AUS)')).toBe(true);
    expect(runnerNameScrolls('🏏'.repeat(24))).toBe(false);
  });

  it('shows the Pending status as Active', () => {
    expect(betStatusLabel('Pending')).toBe('Active');
    expect(betStatusLabel('Settled')).toBe('Settled');
    expect(betStatusLabel('Lost')).toBe('Lost');
    expect(betStatusLabel('Cancelled')).toBe('Cancelled');
    expect(() => betStatusLabel('Void' as BetStatus)).toThrow('Unexpected bet status');
  });

  it("splits a market name on ' v ' for the user book", () => {
    expect(marketNameSides('India v Australia')).toEqual(['India', 'Australia']);
    expect(marketNameSides('India vs Australia')).toEqual(['India vs Australia']);
  });

  it('colours a negative position red and any other green', () => {
    expect(positionTone(-1)).toBe('negative');
    expect(positionTone(0)).toBe('positive');
    expect(positionTone(500)).toBe('positive');
  });
});
