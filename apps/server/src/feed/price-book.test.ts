import { NO_MARGIN } from '@backlay/domain';
import { describe, expect, it } from 'vitest';
import { createMemoryPriceBook } from './price-book.js';
import type { FancyQuote, RunnerQuote } from './types.js';

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

/** One active runner quoted at a back and a lay (hundredths, or per 100 on a bookmaker). */
const quoted = (selectionId: number, back: number, lay: number): RunnerQuote => ({
  selectionId,
  status: 'ACTIVE',
  back: [{ price: back, size: 1_000 }],
  lay: [{ price: lay, size: 1_000 }],
});

const row = (noLine: number, noRate: number, yesLine: number, yesRate: number): FancyQuote => ({
  selectionId: '9-1',
  gameStatus: '',
  noLine,
  noRate,
  yesLine,
  yesRate,
});

/** Event 9: match odds 1.9 and bookmaker 9B on India and Pakistan, toss 9T. */
function cricket(margins?: Parameters<typeof createMemoryPriceBook>[1]) {
  const prices = createMemoryPriceBook(STALE_MS, margins);
  const names = (first: number) => [
    { selectionId: first, name: 'India' },
    { selectionId: first + 1, name: 'Pakistan' },
  ];
  prices.register('1.9', 9, 0, names(91));
  prices.register('9B', 9, 0, names(93));
  prices.register('9T', 9, 0, names(95));
  return prices;
}

describe('PriceBook: the house never offers a risk-free bet against itself', () => {
  it('suspends a toss whose two lays at 1.98 pay whichever side wins, until a quote that loses comes', () => {
    const prices = cricket();
    prices.putMarket('9T', 'ACTIVE', [quoted(95, 195, 198), quoted(96, 195, 198)], 1_000);
    const held = prices.market('9T', 1_000);
    expect(held?.status).toBe('SUSPENDED');
    expect(held?.downAt).toBe(1_000);
    prices.putMarket('9T', 'ACTIVE', [quoted(95, 195, 206), quoted(96, 195, 206)], 2_000);
    expect(prices.market('9T', 2_000)?.status).toBe('ACTIVE');
    // Backs of 1.99 on both sides make 100.5 %: below the 1 % the house keeps.
    prices.putMarket('9T', 'ACTIVE', [quoted(95, 199, 206), quoted(96, 199, 206)], 3_000);
    expect(prices.market('9T', 3_000)?.status).toBe('SUSPENDED');
  });

  it("suspends a bookmaker whose back stands above the exchange's lay on the same runner, and reopens it when the exchange moves", () => {
    const prices = cricket();
    // Exchange: India 2.04 / 2.06, Pakistan 1.96 / 1.98; bookmaker India 2.12 back (112 per 100).
    prices.putMarket('1.9', 'ACTIVE', [quoted(91, 204, 206), quoted(92, 196, 198)], 1_000);
    prices.putMarket('9B', 'ACTIVE', [quoted(93, 112, 130), quoted(94, 80, 99)], 1_000);
    expect(prices.market('9B', 1_000)?.status).toBe('SUSPENDED');
    expect(prices.market('1.9', 1_000)?.status).toBe('ACTIVE');
    const heldSeq = prices.market('9B', 1_000)?.seq ?? 0;
    // The exchange lengthens India to 2.14 / 2.16: the bookmaker's 2.12 is inside it again.
    prices.putMarket('1.9', 'ACTIVE', [quoted(91, 214, 216), quoted(92, 186, 188)], 2_000);
    const reopened = prices.market('9B', 2_000);
    expect(reopened?.status).toBe('ACTIVE');
    expect(reopened?.seq).toBeGreaterThan(heldSeq);
  });

  it('judges a bookmaker alone while the match odds are not open', () => {
    const prices = cricket();
    prices.putMarket('1.9', 'SUSPENDED', [quoted(91, 204, 206), quoted(92, 196, 198)], 1_000);
    prices.putMarket('9B', 'ACTIVE', [quoted(93, 112, 130), quoted(94, 80, 99)], 1_000);
    expect(prices.market('9B', 1_000)?.status).toBe('ACTIVE');
  });

  it('suspends a fancy row whose No and Yes on one line make 100 %, or cross, and leaves a row with a gap open', () => {
    const prices = cricket();
    prices.putFancy(9, [row(50, 100, 50, 100)], 1_000);
    expect(prices.fancy(9, 1_000)?.rows[0]?.gameStatus).toBe('SUSPENDED');
    prices.putFancy(9, [row(52, 100, 50, 100)], 2_000);
    expect(prices.fancy(9, 2_000)?.rows[0]?.gameStatus).toBe('SUSPENDED');
    prices.putFancy(9, [row(50, 100, 51, 100)], 3_000);
    expect(prices.fancy(9, 3_000)?.rows[0]?.gameStatus).toBe('');
    // No 90 / Yes 110 on one line: a book of 105 %.
    prices.putFancy(9, [row(50, 90, 50, 110)], 4_000);
    expect(prices.fancy(9, 4_000)?.rows[0]?.gameStatus).toBe('');
  });

  it('holds the quotes to the margins it is given', () => {
    // 1.95 / 2.06 on a coin keeps 1 %, not 5 %.
    const strict = cricket({ backBp: 500, layBp: 500, fancyBp: 200 });
    strict.putMarket('9T', 'ACTIVE', [quoted(95, 195, 206), quoted(96, 195, 206)], 1_000);
    expect(strict.market('9T', 1_000)?.status).toBe('SUSPENDED');
    // With no margin only a sure profit is held: lays of 2.00 on a coin pay nothing either way.
    const none = cricket(NO_MARGIN);
    none.putMarket('9T', 'ACTIVE', [quoted(95, 199, 200), quoted(96, 199, 200)], 1_000);
    expect(none.market('9T', 1_000)?.status).toBe('ACTIVE');
  });

  it("holds a follower's books as the leader's", () => {
    const leader = cricket();
    leader.putMarket('1.9', 'ACTIVE', [quoted(91, 204, 206), quoted(92, 196, 198)], 1_000);
    leader.putMarket('9B', 'ACTIVE', [quoted(93, 112, 130), quoted(94, 80, 99)], 1_000);
    const follower = createMemoryPriceBook(STALE_MS);
    follower.load(leader.dump());
    expect(follower.market('9B', 1_000)?.status).toBe('SUSPENDED');
    follower.putMarket('1.9', 'ACTIVE', [quoted(91, 214, 216), quoted(92, 186, 188)], 2_000);
    expect(follower.market('9B', 2_000)?.status).toBe('ACTIVE');
  });
});
