import { describe, expect, it, vi } from 'vitest';
import { betCellKey, cellChosen, createBetChoice, type BetSelection } from './bet-selection';

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

  it('tells a choice to the cell left and the cell chosen only, not every cell', () => {
    const choice = createBetChoice();
    const first = selection(1.9);
    const second = selection(1.88);
    const cells = [betCellKey(first, 0), betCellKey(second, 1), betCellKey(second, 2)];
    const heard = cells.map((cell) => {
      const listener = vi.fn();
      choice.watchCell(cell, listener);
      return listener;
    });
    const chosen = cells.map((cell) => cellChosen(choice, cell));
    choice.choose(first, cells[0]!);
    expect(heard.map((listener) => listener.mock.calls.length)).toEqual([1, 0, 0]);
    expect(chosen.map((flag) => flag.read())).toEqual([true, false, false]);
    choice.choose(second, cells[2]!);
    expect(heard.map((listener) => listener.mock.calls.length)).toEqual([2, 0, 1]);
    // The same cell chosen again is a new slip, and no cell changes.
    choice.choose(second, cells[2]!);
    choice.setStake(choice.read()!.selection, 500);
    expect(heard.map((listener) => listener.mock.calls.length)).toEqual([2, 0, 1]);
    const stop = chosen[2]!.subscribe(heard[1]!);
    choice.close(choice.read()!.selection);
    expect(heard.map((listener) => listener.mock.calls.length)).toEqual([2, 1, 2]);
    expect(chosen.map((flag) => flag.read())).toEqual([false, false, false]);
    stop();
    choice.choose(second, cells[2]!);
    expect(heard[1]).toHaveBeenCalledTimes(1);
  });
});
