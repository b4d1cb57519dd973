import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FRESH,
  msUntilFreshnessChanges,
  PRICE_STALE_MS,
  priceAgeText,
  priceFreshness,
  PriceWindowContext,
  usePriceFreshness,
} from './price-freshness';

const T = 1_750_000_000_000;

describe('priceFreshness', () => {
  it('is the feed window of 10 s', () => {
    expect(PRICE_STALE_MS).toBe(10_000);
  });

  it('offers prices younger than the window and greys them out from 10 s, with their age', () => {
    expect(priceFreshness({ receivedAt: T, now: T + 9_999, isDown: false })).toBe(FRESH);
    expect(priceFreshness({ receivedAt: T, now: T + 10_000, isDown: false })).toEqual({
      isStale: true,
      ageS: 10,
    });
    expect(priceFreshness({ receivedAt: T, now: T + 24_900, isDown: false })).toEqual({
      isStale: true,
      ageS: 24,
    });
  });

  it('greys them out at once while the link is down', () => {
    expect(priceFreshness({ receivedAt: T, now: T + 1_500, isDown: true })).toEqual({
      isStale: true,
      ageS: 1,
    });
  });

  it('has nothing to grey out before the first answer', () => {
    expect(priceFreshness({ receivedAt: 0, now: T, isDown: true })).toBe(FRESH);
    expect(msUntilFreshnessChanges({ receivedAt: 0, now: T, isDown: true })).toBeNull();
  });

  it('wakes at the end of the window while fresh, then at each whole second of age', () => {
    expect(msUntilFreshnessChanges({ receivedAt: T, now: T + 2_500, isDown: false })).toBe(7_500);
    expect(msUntilFreshnessChanges({ receivedAt: T, now: T + 12_300, isDown: false })).toBe(700);
    expect(msUntilFreshnessChanges({ receivedAt: T, now: T + 400, isDown: true })).toBe(600);
  });

  it('says the age in words', () => {
    expect(priceAgeText(24)).toBe('Prices 24 s old');
  });
});

/** Data received at `receivedAt`; `receive` is a newer answer (a poll, a push, a heartbeat). */
function receiptsAt(receivedAt: number) {
  let last = receivedAt;
  const listeners = new Set<() => void>();
  return {
    receivedAt: () => last,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    receive: (at: number) => {
      last = at;
      listeners.forEach((listener) => listener());
    },
  };
}

describe('usePriceFreshness', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T);
  });
  afterEach(() => vi.useRealTimers());

  it('turns stale when the window ends, then counts the age once a second', () => {
    const data = receiptsAt(T);
    const { result } = renderHook(() => usePriceFreshness(data, false));
    expect(result.current).toBe(FRESH);
    act(() => void vi.advanceTimersByTime(9_999));
    expect(result.current).toBe(FRESH);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ isStale: true, ageS: 10 });
    act(() => void vi.advanceTimersByTime(1_000));
    expect(result.current).toEqual({ isStale: true, ageS: 11 });
    act(() => void vi.advanceTimersByTime(13_000));
    expect(result.current).toEqual({ isStale: true, ageS: 24 });
  });

  it('sets no timer for fresh data beyond the one at the end of the window', () => {
    const data = receiptsAt(T);
    renderHook(() => usePriceFreshness(data, false));
    expect(vi.getTimerCount()).toBe(1);
  });

  it('renders nothing and sets no new timer for new data while fresh, and counts from the newest', () => {
    const data = receiptsAt(T);
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return usePriceFreshness(data, false);
    });
    const rendered = renders;
    for (let tick = 1; tick <= 16; tick += 1) {
      act(() => {
        vi.advanceTimersByTime(500);
        data.receive(T + tick * 500);
      });
    }
    expect(renders).toBe(rendered);
    expect(vi.getTimerCount()).toBe(1);
    // The newest data came at T + 8 s: fresh until T + 18 s.
    act(() => void vi.advanceTimersByTime(9_999));
    expect(result.current).toBe(FRESH);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ isStale: true, ageS: 10 });
  });

  it('is fresh again when new data comes, and stale at once when the link goes down', () => {
    const data = receiptsAt(T);
    const { result, rerender } = renderHook(({ isDown }) => usePriceFreshness(data, isDown), {
      initialProps: { isDown: false },
    });
    act(() => void vi.advanceTimersByTime(12_000));
    expect(result.current).toEqual({ isStale: true, ageS: 12 });
    act(() => data.receive(T + 12_000));
    expect(result.current).toBe(FRESH);
    act(() => void vi.advanceTimersByTime(3_000));
    expect(result.current).toBe(FRESH);
    rerender({ isDown: true });
    expect(result.current).toEqual({ isStale: true, ageS: 3 });
    act(() => void vi.advanceTimersByTime(1_000));
    expect(result.current).toEqual({ isStale: true, ageS: 4 });
    act(() => {
      data.receive(T + 16_000);
      rerender({ isDown: false });
    });
    expect(result.current).toBe(FRESH);
  });

  it("keeps the server's window when the app provides one (FEED_STALE_S = 25)", () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PriceWindowContext.Provider value={25_000}>{children}</PriceWindowContext.Provider>
    );
    const data = receiptsAt(T);
    const { result } = renderHook(() => usePriceFreshness(data, false), { wrapper });
    act(() => void vi.advanceTimersByTime(24_999));
    expect(result.current).toBe(FRESH);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ isStale: true, ageS: 25 });
  });
});
