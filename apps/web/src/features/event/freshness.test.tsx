import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setHubLost } from '../../lib/connection';
import { OddsCell } from '../../ui/odds-cell';
import { MarketFreshness, PriceAge, priceQueryKeys } from './freshness';
import { answered, eventPricesCurrent } from './price-store';
import { eventKeys } from './query-keys';

const T = 1_750_000_000_000;
const E = '77';
const ODDS = eventKeys.marketOdds(E);

describe('priceQueryKeys', () => {
  it('names the polled reads each market is priced from', () => {
    expect(priceQueryKeys(E, 'MATCH_ODDS', '1.77')).toEqual([ODDS]);
    expect(priceQueryKeys(E, 'BOOKMAKER', '77B')).toEqual([eventKeys.bmFancy(E)]);
    expect(priceQueryKeys(E, 'TOSS', '77T')).toEqual([ODDS, eventKeys.toss(E, '77T')]);
    expect(priceQueryKeys(E, 'FANCY', E)).toEqual([eventKeys.bmFancy(E)]);
  });
});

describe('a market table', () => {
  let client: QueryClient;
  const onSelect = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T);
    client = new QueryClient();
    answer();
    onSelect.mockClear();
    render(
      <QueryClientProvider client={client}>
        <MarketFreshness eventId={E} marketType="MATCH_ODDS" marketId="1.77">
          <PriceAge />
          <OddsCell side="back" price={1.9} size={1000} onSelect={onSelect} />
        </MarketFreshness>
      </QueryClientProvider>,
    );
  });
  afterEach(() => {
    act(() => {
      onlineManager.setOnline(true);
      setHubLost(false);
    });
    vi.useRealTimers();
  });

  const cell = () => screen.getByRole('button', { name: 'Back 1.9' });
  const greyed = () => cell().getAttribute('aria-disabled');
  const age = () => screen.queryByTestId('price-age')?.textContent ?? null;
  /** A poll's answer: the request's in the query cache, its prices in the price store. */
  const answer = () =>
    act(() => {
      const odds = { Status: true, Result: {} } as const;
      client.setQueryData(ODDS, answered({ client, queryKey: ODDS }, odds));
    });

  it('offers its prices while they are younger than 10 s', () => {
    act(() => void vi.advanceTimersByTime(9_999));
    expect(greyed()).toBeNull();
    expect(age()).toBeNull();
    fireEvent.click(cell());
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('greys them out with their age from 10 s, takes no click, and comes back with new data', () => {
    act(() => void vi.advanceTimersByTime(10_000));
    expect(greyed()).toBe('true');
    expect(cell().dataset.stale).toBe('true');
    expect(age()).toBe('Prices 10 s old');
    fireEvent.click(cell());
    expect(onSelect).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(14_000));
    expect(age()).toBe('Prices 24 s old');

    answer();
    expect(greyed()).toBeNull();
    expect(age()).toBeNull();
  });

  it("stays fresh on the feed's heartbeat alone, its prices unchanged", () => {
    act(() => void vi.advanceTimersByTime(9_000));
    act(() => eventPricesCurrent(client, E));
    act(() => void vi.advanceTimersByTime(9_000));
    expect(greyed()).toBeNull();
    act(() => void vi.advanceTimersByTime(1_000));
    expect(age()).toBe('Prices 10 s old');
  });

  it('greys them out at once while the browser is offline, until it is back and data comes', () => {
    act(() => void vi.advanceTimersByTime(3_000));
    act(() => onlineManager.setOnline(false));
    expect(greyed()).toBe('true');
    expect(age()).toBe('Prices 3 s old');
    act(() => void vi.advanceTimersByTime(1_000));
    expect(age()).toBe('Prices 4 s old');
    act(() => onlineManager.setOnline(true));
    expect(age()).toBeNull();
    answer();
    expect(greyed()).toBeNull();
  });

  it('greys them out at once while the hub is lost and its polls fail, not for either alone', () => {
    act(() => void vi.advanceTimersByTime(2_000));
    act(() => setHubLost(true));
    expect(age()).toBeNull();
    const query = client.getQueryCache().find({ queryKey: ODDS })!;
    act(() => query.setState({ ...query.state, status: 'error', error: new Error('502') }));
    expect(age()).toBe('Prices 2 s old');
    act(() => setHubLost(false));
    expect(age()).toBeNull();
  });
});
