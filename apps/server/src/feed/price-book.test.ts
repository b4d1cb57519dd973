import { describe, expect, it } from 'vitest';
import { createMemoryPriceBook } from './price-book.js';
import type { RunnerQuote } from './types.js';

const STALE_MS = 10_000;
const runners: RunnerQuote[] = [
  {
    selectionId: 1,
    status: 'ACTIVE',
    back: [{ price: 190, size: 500 }],
    lay: [{ price: 192, size: 400 }],
  },
];

function book() {
  const prices = createMemoryPriceBook(STALE_MS);
  prices.register('1.7', 7, 0);
  prices.putMarket('1.7', 'ACTIVE', runners, 1_000);
  return prices;
}

describe('PriceBook', () => {
  it('suspends a market with no price and no heartbeat for the stale window', () => {
    const prices = book();
    expect(prices.market('1.7', 1_000 + STALE_MS)?.status).toBe('ACTIVE');
    const stale = prices.market('1.7', 1_000 + STALE_MS + 1);
    expect(stale?.status).toBe('SUSPENDED');
    expect(stale?.isStale).toBe(true);
  });

  it('keeps a quiet market open while heartbeats come', () => {
    const prices = book();
    for (let at = 5_000; at <= 60_000; at += 5_000) prices.heartbeat([7], at);
    expect(prices.market('1.7', 60_000 + STALE_MS)?.status).toBe('ACTIVE');
  });

  it('reopens a stale market only on fresh prices, never on a heartbeat alone', () => {
    const prices = book();
    prices.heartbeat([7], 30_000); // after 29 s of silence: already stale
    expect(prices.market('1.7', 30_001)?.status).toBe('SUSPENDED');
    prices.putMarket('1.7', 'ACTIVE', runners, 31_000);
    expect(prices.market('1.7', 31_001)?.status).toBe('ACTIVE');
  });

  it('counts a monotonic seq per market, never below the clock, and keeps the feed status', () => {
    const prices = book();
    const first = prices.market('1.7', 1_500)?.seq ?? 0;
    expect(first).toBe(1_000);
    prices.putMarket('1.7', 'SUSPENDED', runners, 2_000);
    prices.putMarket('1.7', 'SUSPENDED', runners, 2_000);
    const second = prices.market('1.7', 2_000);
    expect(second?.seq).toBe(2_001);
    expect(second?.status).toBe('SUSPENDED');
    // A restarted server starts from its clock, above every Seq handed out before.
    const restarted = createMemoryPriceBook(STALE_MS);
    restarted.register('1.7', 7, 5_000);
    restarted.putMarket('1.7', 'ACTIVE', runners, 5_000);
    expect(restarted.market('1.7', 5_000)?.seq).toBeGreaterThan(second?.seq ?? 0);
  });

  it('heartbeats only the events they name, and holds fancy books to the same rule', () => {
    const prices = book();
    prices.register('1.8', 8, 0);
    prices.putMarket('1.8', 'ACTIVE', runners, 1_000);
    prices.putFancy(
      7,
      [{ selectionId: '7-1', gameStatus: '', noLine: 50, noRate: 90, yesLine: 51, yesRate: 110 }],
      1_000,
    );
    prices.heartbeat([7], 9_000);
    expect(prices.market('1.7', 15_000)?.status).toBe('ACTIVE');
    expect(prices.fancy(7, 15_000)?.isStale).toBe(false);
    expect(prices.market('1.8', 15_000)?.status).toBe('SUSPENDED');
  });

  it('forgets a closed event', () => {
    const prices = book();
    prices.drop(7);
    expect(prices.market('1.7', 2_000)).toBeUndefined();
    expect(prices.fancy(7, 2_000)).toBeUndefined();
  });
});
