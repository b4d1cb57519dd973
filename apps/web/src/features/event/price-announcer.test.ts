import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FancyRow } from '@backlay/domain';
import { fancyBoard, tableBoard, type TableRunner } from './market-model';
import {
  ANNOUNCE_GAP_MS,
  changedWords,
  createPriceAnnouncer,
  fancyWords,
  tableWords,
  wordsOf,
  type AnnounceClock,
  type AnnouncedMarket,
} from './price-announcer';
import type { PriceSource } from './price-source';

const runner = (name: string, back: number | undefined, lay: number | undefined): TableRunner => ({
  selectionId: name,
  name,
  status: 'ACTIVE',
  back: back === undefined ? undefined : { price: back, size: 100 },
  lay: lay === undefined ? undefined : { price: lay, size: 100 },
});

const board = (lions: [number, number], tigers: [number, number]) =>
  tableBoard({
    marketId: '1.7',
    marketName: 'Match Odds',
    marketType: 'MATCH_ODDS',
    minStake: 500,
    maxStake: 500_000,
    runners: [runner('Lions', ...lions), runner('Tigers', ...tigers)],
  });

/** A source the test moves by hand, counting who listens. */
function movingSource<T>(first: T) {
  let value = first;
  const listeners = new Set<() => void>();
  const source: PriceSource<T> = {
    read: () => value,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return {
    source,
    listeners,
    move: (next: T) => {
      value = next;
      listeners.forEach((listener) => listener());
    },
  };
}

const clock: AnnounceClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function twoMarkets() {
  const match = movingSource(board([1.9, 1.92], [2.06, 2.1]));
  const other = movingSource(board([3, 3.1], [1.4, 1.42]));
  const markets: AnnouncedMarket[] = [
    { marketId: '1.7', prices: wordsOf(match.source, tableWords) },
    { marketId: '1.8', prices: wordsOf(other.source, tableWords) },
  ];
  const said: string[] = [];
  const announcer = createPriceAnnouncer({ clock, say: (text) => said.push(text) });
  return { match, other, markets, said, announcer };
}

describe('the price announcer', () => {
  it('says a runner and its best back and lay, a fancy session its No and Yes', () => {
    expect([...tableWords(board([1.95, 1.96], [2.06, 2.1])).values()]).toEqual([
      'Lions back 1.95, lay 1.96',
      'Tigers back 2.06, lay 2.1',
    ]);
    expect([
      ...tableWords(
        tableBoard({ ...board([1, 1], [1, 1]).table, runners: [runner('Lions', undefined, 2)] }),
      ).values(),
    ]).toEqual(['Lions back none, lay 2']);
    const row = { SelectionId: '7-1', RunnerName: '6 over runs', LayPrice1: 44, BackPrice1: 45 };
    expect([...fancyWords(fancyBoard([row as unknown as FancyRow])).values()]).toEqual([
      '6 over runs no 44, yes 45',
    ]);
    expect(
      changedWords(
        new Map([
          ['a', 'A 1'],
          ['b', 'B 1'],
        ]),
        new Map([
          ['a', 'A 1'],
          ['b', 'B 2'],
          ['c', 'C 1'],
        ]),
      ),
    ).toEqual(['B 2', 'C 1']);
  });

  it('says nothing on entering a market, then each change of the market in focus', () => {
    const { match, markets, said, announcer } = twoMarkets();
    announcer.follow(markets[0]!);
    expect(said).toEqual([]);
    match.move(board([1.95, 1.96], [2.06, 2.1]));
    expect(said).toEqual(['Lions back 1.95, lay 1.96']);
  });

  it('speaks for the market in focus only, and is silent with the focus outside every market', () => {
    const { match, other, markets, said, announcer } = twoMarkets();
    other.move(board([3.2, 3.3], [1.4, 1.42]));
    expect(said).toEqual([]);
    announcer.follow(markets[0]!);
    other.move(board([3.4, 3.5], [1.4, 1.42]));
    expect(said).toEqual([]);
    expect(other.listeners.size).toBe(0);
    announcer.follow(null);
    match.move(board([1.95, 1.96], [2.06, 2.1]));
    expect(said).toEqual([]);
    expect(match.listeners.size).toBe(0);
  });

  it('says a market at most once every 2 s: what changed meanwhile, at the end of the gap', () => {
    const { match, markets, said, announcer } = twoMarkets();
    announcer.follow(markets[0]!);
    match.move(board([1.95, 1.96], [2.06, 2.1]));
    vi.advanceTimersByTime(500);
    match.move(board([1.97, 1.98], [2.06, 2.1]));
    match.move(board([1.97, 1.98], [2.02, 2.04]));
    expect(said).toHaveLength(1);
    vi.advanceTimersByTime(ANNOUNCE_GAP_MS - 500 - 1);
    expect(said).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(said).toEqual([
      'Lions back 1.95, lay 1.96',
      'Lions back 1.97, lay 1.98; Tigers back 2.02, lay 2.04',
    ]);
    // A change that went back to what was said is not said again.
    vi.advanceTimersByTime(100);
    match.move(board([1.99, 2], [2.02, 2.04]));
    match.move(board([1.97, 1.98], [2.02, 2.04]));
    vi.advanceTimersByTime(ANNOUNCE_GAP_MS);
    expect(said).toHaveLength(2);
  });

  it('drops what waits for the gap when the focus leaves, and keeps the gap across a return', () => {
    const { match, markets, said, announcer } = twoMarkets();
    announcer.follow(markets[0]!);
    match.move(board([1.95, 1.96], [2.06, 2.1]));
    match.move(board([1.97, 1.98], [2.06, 2.1]));
    announcer.follow(markets[1]!);
    vi.advanceTimersByTime(500);
    expect(said).toEqual(['Lions back 1.95, lay 1.96']);

    // Back 500 ms after the market was last said: the next change waits for the rest of its 2 s.
    announcer.follow(markets[0]!);
    match.move(board([1.99, 2], [2.06, 2.1]));
    vi.advanceTimersByTime(ANNOUNCE_GAP_MS - 500 - 1);
    expect(said).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(said[1]).toBe('Lions back 1.99, lay 2');
    match.move(board([2, 2.02], [2.06, 2.1]));
    announcer.stop();
    vi.advanceTimersByTime(ANNOUNCE_GAP_MS);
    expect(said).toHaveLength(2);
    expect(match.listeners.size).toBe(0);
  });
});
