import { describe, expect, it, vi } from 'vitest';
import { betCellKey, createBetChoice, type BetSelection } from './bet-selection';

const selection = (odds: number): BetSelection => ({
  sportsId: 4,
  eventId: 7,
  marketId: '1.7',
  marketName: 'Match Odds',
  marketType: 'MATCH_ODDS',
  selectionId: '701',
  runnerName: 'Lions',
  betType: 'Back',
  odds,
  price: 0,
  minStake: 100,
  maxStake: 1000,
});

describe('the open bet slip of a screen', () => {
  it('opens on the chosen cell, and a close of an older choice leaves the newer one open', () => {
    const choice = createBetChoice();
    const listener = vi.fn();
    choice.subscribe(listener);
    const first = selection(1.9);
    const second = selection(1.88);
    choice.choose(first, betCellKey(first, 0));
    choice.choose(second, betCellKey(second, 2));
    expect(choice.read()).toEqual({ selection: second, cell: '1.7|701|Back|2', stake: 0 });
    choice.close(first);
    expect(choice.read()?.selection).toBe(second);
    choice.close(second);
    expect(choice.read()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it("keeps the open slip's stake as typed; an older slip's stake changes nothing", () => {
    const choice = createBetChoice();
    const listener = vi.fn();
    choice.subscribe(listener);
    const first = selection(1.9);
    const second = selection(1.88);
    choice.choose(first, betCellKey(first, 0));
    choice.setStake(first, 500);
    choice.setStake(first, 500);
    expect(choice.read()?.stake).toBe(500);
    choice.choose(second, betCellKey(second, 0));
    expect(choice.read()?.stake).toBe(0);
    choice.setStake(first, 700);
    expect(choice.read()).toEqual({ selection: second, cell: '1.7|701|Back|0', stake: 0 });
    choice.setStake(second, 1200);
    expect(choice.read()?.stake).toBe(1200);
    // choose, stake, choose, stake: the repeated and the stale stakes tell no one.
    expect(listener).toHaveBeenCalledTimes(4);
    choice.close(second);
    choice.setStake(second, 50);
    expect(choice.read()).toBeNull();
  });
});
