import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { eventKeys } from '../features/event/query-keys';
import { marketKeys } from '../features/markets/query-keys';
import { newsKeys } from '../features/news/query-keys';
import { walletKeys } from '../features/wallet/query-keys';
import { HubIndicator, registerHubHandlers } from './hub';

function fakeConnection() {
  const handlers = new Map<string, (payload: unknown) => void>();
  return {
    on: (name: string, handler: (payload: unknown) => void) => void handlers.set(name, handler),
    emit: (name: string, payload: unknown) => handlers.get(name)?.(payload),
  };
}

describe('hub handlers', () => {
  it('refresh the cache entry each message concerns', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const connection = fakeConnection();
    registerHubHandlers(connection, queryClient);
    const keys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);

    connection.emit('UpdateMarketList', { Seq: 1 });
    expect(keys()).toEqual([marketKeys.lists()]);
    connection.emit('inplaycount', { Count: 3 });
    connection.emit('updateNews', { Message: 'hello' });
    connection.emit('GetActiveBM', { Marketid: '77B', EventId: 77, Seq: 3, BMList: [] });
    connection.emit('GetActiveSession', { MarketId: 77, Seq: 4, fancyList: [] });
    connection.emit('EventSuspended', { EventId: 77 });
    connection.emit('BetPlacedMessage', {
      EventId: 77,
      MarketId: '1.77',
      MarketType: 'MATCH_ODDS',
    });
    expect(keys()).toEqual([
      marketKeys.lists(),
      marketKeys.lists(),
      newsKeys.all,
      eventKeys.bmFancy('77'),
      eventKeys.bmFancy('77'),
      eventKeys.detail('77'),
      eventKeys.bets('77'),
      walletKeys.all,
    ]);
  });
});

describe('hub indicator', () => {
  it('says in words when there is no live connection', () => {
    render(<HubIndicator />);
    expect(screen.getByRole('status', { name: 'Live updates: Offline' })).toBeTruthy();
  });
});
