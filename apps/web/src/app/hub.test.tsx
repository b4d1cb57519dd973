import { hashKey, QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { HubHandlers } from '@backlay/contract/hub';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bmFancyQuery } from '../features/event/api/get-bm-fancy';
import { customFancyQuery } from '../features/event/api/get-custom-fancy';
import { eventDetailQuery } from '../features/event/api/get-event-detail';
import { marketOddsQuery, type ExchangeBook } from '../features/event/api/get-market-odds';
import { tossOddsQuery } from '../features/event/api/get-toss-odds';
import { answered, priceStoreOf } from '../features/event/price-store';
import { eventKeys } from '../features/event/query-keys';
import { marketKeys } from '../features/markets/query-keys';
import { matkaKeys } from '../features/matka/query-keys';
import { newsKeys } from '../features/news/query-keys';
import { walletKeys } from '../features/wallet/query-keys';
import { HubConnectionState } from '@microsoft/signalr';
import { keepConnected } from '../lib/hub';
import {
  HubIndicator,
  hubHandlers,
  registerHubHandlers,
  shownHubState,
  subscribeEvent,
} from './hub';

function fakeConnection() {
  const handlers = new Map<string, (payload: unknown) => void>();
  return {
    on: (name: string, handler: (payload: unknown) => void) => void handlers.set(name, handler),
    emit: (name: string, payload: unknown) => handlers.get(name)?.(payload),
  };
}

describe('hub handlers', () => {
  it('refresh the entries of the messages that carry no data; the price messages ask for nothing', () => {
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
    connection.emit('BetPlacedMessage', {
      EventId: 77,
      MarketId: '1.77',
      MarketType: 'MATCH_ODDS',
    });
    connection.emit('UpdateBalance', { Reason: 'casino' });
    expect(keys()).toEqual([
      marketKeys.lists(),
      marketKeys.lists(),
      newsKeys.all,
      eventKeys.bets('77'),
      walletKeys.all,
      walletKeys.all,
    ]);
  });

  it('handle every message of the contract, each with its own payload (checked by the compiler)', () => {
    const queryClient = new QueryClient();
    const connection = fakeConnection();
    const registered = vi.spyOn(connection, 'on');
    registerHubHandlers(connection, queryClient);
    const handlers: HubHandlers = hubHandlers(queryClient);
    expect(registered.mock.calls.map(([name]) => name).sort()).toEqual(
      Object.keys(handlers).sort(),
    );
    // The lines under `@ts-expect-error` are the test: `npm run typecheck` fails if one compiles.
    const wrong: HubHandlers = {
      ...handlers,
      // @ts-expect-error UpdateBalance's payload carries a Reason, no Seq
      UpdateBalance: (push) => void push.Seq,
    };
    // @ts-expect-error a map without a handler for every message
    const partial: HubHandlers = { UpdateMarketList: () => {} };
    expect([wrong, partial]).toHaveLength(2);
  });

  it('drop a payload without what its message carries, and log it', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const logged = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const connection = fakeConnection();
    registerHubHandlers(connection, queryClient);
    connection.emit('BetPlacedMessage', { MarketId: '1.77' });
    connection.emit('UpdateBalance', null);
    expect(invalidate).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });

  it('UpdateBalance of matka money reloads the wallet and the client’s matka bets (their exposure)', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const connection = fakeConnection();
    registerHubHandlers(connection, queryClient);
    connection.emit('UpdateBalance', { Reason: 'matka' });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      walletKeys.all,
      matkaKeys.myBetsAll(),
      matkaKeys.profitLosses(),
    ]);
  });
});

describe('hub MatkaChanged', () => {
  const GAME = {
    EventName: 'Kalyan',
    hindi: 'कल्याण',
    EventId: 7001,
    Mid: 880001,
    DateModify: '2026-11-22T06:00:00+05:30',
    StartTime: '2026-11-22T10:00:00+05:30',
    EndTime: '2026-11-22T16:00:00+05:30',
    id: 880001,
    isOpen: true,
  };
  const OTHER = { ...GAME, EventName: 'Milan', EventId: 7002, Mid: 880002, id: 880002 };

  function matkaScreen() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(matkaKeys.games(), [GAME, OTHER]);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const connection = fakeConnection();
    registerHubHandlers(connection, queryClient);
    const keys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    return { queryClient, connection, keys };
  }

  it('closed: the game shows closed at once, its state is kept, and the matka reads ask again', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:30:00Z'), toFake: ['Date'] });
    const { queryClient, connection, keys } = matkaScreen();
    const push = {
      EventId: 7001,
      Mid: 880001,
      Status: 'closed',
      Result: null,
      EndTime: '2026-11-22T16:00:00+05:30',
    };
    connection.emit('MatkaChanged', push);
    expect(queryClient.getQueryData(matkaKeys.games())).toEqual([
      { ...GAME, isOpen: false },
      OTHER,
    ]);
    expect(queryClient.getQueryData(matkaKeys.live())).toEqual({
      '880001': {
        eventId: 7001,
        status: 'closed',
        result: null,
        endTime: push.EndTime,
        at: Date.parse('2026-11-22T10:30:00Z'),
      },
    });
    expect(keys()).toEqual([
      matkaKeys.games(),
      matkaKeys.results(),
      matkaKeys.myBets('880001'),
      matkaKeys.profitLosses(),
    ]);
  });

  it('settled: keeps the winning number by Mid, next to the other markets’ states', () => {
    const { queryClient, connection } = matkaScreen();
    const base = { EventId: 7002, Mid: 880002, EndTime: '2026-11-22T16:00:00+05:30' };
    connection.emit('MatkaChanged', { ...base, Status: 'closed', Result: null });
    connection.emit('MatkaChanged', {
      ...base,
      EventId: 7001,
      Mid: 880001,
      Status: 'settled',
      Result: '45',
    });
    const live = queryClient.getQueryData<Record<string, { status: string; result: unknown }>>(
      matkaKeys.live(),
    );
    expect(live?.['880001']).toMatchObject({ status: 'settled', result: '45' });
    expect(live?.['880002']).toMatchObject({ status: 'closed', result: null });
  });

  it('ignores a push without its market', () => {
    const { queryClient, connection, keys } = matkaScreen();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    connection.emit('MatkaChanged', { EventId: 7001, Status: 'closed' });
    expect(queryClient.getQueryData(matkaKeys.live())).toBeUndefined();
    expect(keys()).toEqual([]);
    warn.mockRestore();
  });
});

const exchangeBook = (marketId: string, status: string, Seq: number, back: number) => ({
  marketId,
  status,
  inplay: true,
  Seq,
  runners: [
    {
      selectionId: 1,
      status,
      exchange: {
        availableToBack: [{ price: back, size: 500 }],
        availableToLay: [{ price: back + 0.02, size: 400 }],
      },
    },
  ],
});

const rateBook = (marketId: string, status: string, Seq: number) => {
  const { runners, ...book } = exchangeBook(marketId, status, Seq, 1.96);
  return {
    ...book,
    runners: runners.map(({ exchange, ...runner }) => ({ ...runner, ex: exchange })),
  };
};

describe('hub UpdateMarketOdds', () => {
  /** A client whose cache holds what the event screen's polls answered, and a fake connection. */
  async function eventScreen() {
    const queryClient = new QueryClient();
    const held: Record<string, ExchangeBook> = {
      '1.77': exchangeBook('1.77', 'ACTIVE', 5_000, 1.9),
      '77T': exchangeBook('77T', 'ACTIVE', 5_000, 1.96),
    };
    await queryClient.fetchQuery({
      ...marketOddsQuery('77', '1.77'),
      queryFn: (context) =>
        Promise.resolve(answered(context, { Status: true as const, Result: held })),
    });
    await queryClient.fetchQuery({
      ...tossOddsQuery('77', '77T', true),
      queryFn: (context) =>
        Promise.resolve(
          answered(context, { Status: true as const, Result: [rateBook('77T', 'ACTIVE', 5_000)] }),
        ),
    });
    const refetches = vi.spyOn(queryClient, 'refetchQueries');
    const invalidations = vi.spyOn(queryClient, 'invalidateQueries');
    // What TanStack holds of the requests: a tick must leave it as it is.
    const cacheEvents = vi.fn();
    queryClient.getQueryCache().subscribe(cacheEvents);
    const connection = fakeConnection();
    registerHubHandlers(connection, queryClient);
    const store = priceStoreOf(queryClient);
    const odds = () => store.held(marketOddsQuery('77', '1.77').queryKey);
    const toss = () => store.held(tossOddsQuery('77', '77T', true).queryKey);
    /**
     * Asked the server for nothing and touched no query: no refetch, no invalidation, no fetch
     * in flight, no event of the query cache (no observer re-selects or resets its poll timer).
     */
    const hasRequested = () =>
      refetches.mock.calls.length +
        invalidations.mock.calls.length +
        queryClient.isFetching() +
        cacheEvents.mock.calls.length >
      0;
    return { connection, odds, toss, hasRequested };
  }

  it('writes a newer match odds book into the held odds without a request', async () => {
    const screen = await eventScreen();
    const before = screen.odds();
    const tossBefore = before?.Status ? before.Result['77T'] : undefined;
    const suspended = exchangeBook('1.77', 'SUSPENDED', 6_000, 1.9);

    screen.connection.emit('UpdateMarketOdds', {
      EventId: 77,
      MarketId: '1.77',
      MarketType: 'MATCH_ODDS',
      Seq: 6_000,
      Book: suspended,
    });

    const odds = screen.odds();
    expect(odds?.Status && odds.Result['1.77']).toEqual(suspended);
    // The event's other books are left as held, by reference.
    expect(odds?.Status && odds.Result['77T']).toBe(tossBefore);
    expect(screen.hasRequested()).toBe(false);
  });

  it('writes a tied match book into the match odds read, which holds every exchange market of the event', async () => {
    const screen = await eventScreen();
    const tied = exchangeBook('77TM', 'SUSPENDED', 6_000, 60);

    screen.connection.emit('UpdateMarketOdds', {
      EventId: 77,
      MarketId: '77TM',
      MarketType: 'TIED_MATCH',
      Seq: 6_000,
      Book: tied,
    });

    const odds = screen.odds();
    expect(odds?.Status && odds.Result['77TM']).toEqual(tied);
    expect(odds?.Status && Object.keys(odds.Result)).toEqual(['1.77', '77T', '77TM']);
    expect(screen.hasRequested()).toBe(false);
  });

  it('leaves the held match odds as they are for a push with an older Seq', async () => {
    const screen = await eventScreen();
    const before = screen.odds();

    screen.connection.emit('UpdateMarketOdds', {
      EventId: 77,
      MarketId: '1.77',
      MarketType: 'MATCH_ODDS',
      Seq: 4_000,
      Book: exchangeBook('1.77', 'SUSPENDED', 4_000, 1.8),
    });

    expect(screen.odds()).toBe(before);
  });

  it('writes a newer toss book into the held toss odds and ignores an older one', async () => {
    const screen = await eventScreen();
    const suspended = rateBook('77T', 'SUSPENDED', 6_000);
    const push = (Book: ReturnType<typeof rateBook>) =>
      screen.connection.emit('UpdateMarketOdds', {
        EventId: 77,
        MarketId: '77T',
        MarketType: 'TOSS',
        Seq: Book.Seq,
        Book,
      });

    push(suspended);
    const after = screen.toss();
    expect(after?.Status && after.Result).toEqual([suspended]);

    push(rateBook('77T', 'ACTIVE', 5_500));
    expect(screen.toss()).toBe(after);
    expect(screen.hasRequested()).toBe(false);
  });

  it('ignores a push that breaks the contract', async () => {
    const screen = await eventScreen();
    const before = screen.odds();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    screen.connection.emit('UpdateMarketOdds', { EventId: 77, MarketId: '1.77', Seq: 9_000 });

    expect(screen.odds()).toBe(before);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

const bmRow = (selectionId: number, back: number) => ({
  MarketId: '77B',
  selectionId,
  RunnerName: `Runner ${selectionId}`,
  status: 'ACTIVE',
  BackPrice1: back,
  BackSize1: 100,
  LayPrice1: back + 2,
  LaySize1: 100,
});
/** A fancy row as a push carries it (no one's position). */
const fancyRow = (n: number, line: number) => ({
  SelectionId: `77-${n}`,
  RunnerName: `${n * 5} over runs`,
  BackPrice1: line + 1,
  BackSize1: 100,
  LayPrice1: line,
  LaySize1: 100,
  GameStatus: '',
  min: 100,
  max: 100_000,
  isCustome: false,
  isActive: false,
});
/** The row as the caller's BmFancy holds it, with their own result. */
const heldRow = (n: number, line: number, profitLoss: number) => ({
  ...fancyRow(n, line),
  profitLoss,
});

describe('hub bookmaker and fancy rows', () => {
  async function eventScreen() {
    const queryClient = new QueryClient();
    await queryClient.fetchQuery({
      ...bmFancyQuery('77', true),
      queryFn: (context) =>
        Promise.resolve(
          answered(context, {
            Status: true as const,
            Result: {
              EventId: 77,
              Marketid: '77B',
              BMSeq: 5_000,
              FancySeq: 5_000,
              BMList: [bmRow(1, 90)],
              fancyList: [heldRow(1, 48, -100), heldRow(2, 80, 0)],
            },
          }),
        ),
    });
    const invalidations = vi.spyOn(queryClient, 'invalidateQueries');
    const connection = fakeConnection();
    registerHubHandlers(connection, queryClient);
    const held = () => {
      const answer = priceStoreOf(queryClient).held(bmFancyQuery('77', true).queryKey);
      return answer?.Status ? answer.Result : undefined;
    };
    return { connection, held, invalidations, queryClient };
  }

  it("writes each part by its own Seq, without a request, keeping the caller's own results", async () => {
    const screen = await eventScreen();
    screen.connection.emit('GetActiveBM', {
      Marketid: '77B',
      EventId: 77,
      Seq: 6_000,
      BMList: [bmRow(1, 88)],
    });
    expect(screen.held()?.BMList).toEqual([bmRow(1, 88)]);
    expect(screen.held()?.BMSeq).toBe(6_000);
    const fancyBefore = screen.held()?.fancyList;

    // An older bookmaker push is dropped; the fancy part is untouched by it.
    screen.connection.emit('GetActiveBM', {
      Marketid: '77B',
      EventId: 77,
      Seq: 5_500,
      BMList: [bmRow(1, 70)],
    });
    expect(screen.held()?.BMList).toEqual([bmRow(1, 88)]);
    expect(screen.held()?.fancyList).toBe(fancyBefore);

    // A fancy push from before this bookmaker push is still newer than the fancy part held.
    screen.connection.emit('GetActiveSession', {
      MarketId: 77,
      Seq: 5_200,
      fancyList: [fancyRow(1, 50), fancyRow(2, 82)],
    });
    expect(screen.held()?.fancyList).toEqual([heldRow(1, 50, -100), heldRow(2, 82, 0)]);
    expect(screen.held()?.BMSeq).toBe(6_000);
    expect(screen.invalidations).not.toHaveBeenCalled();
    expect(screen.queryClient.isFetching()).toBe(0);
  });
});

const detailOf = (Seq: number, EvBetStatus: boolean) => ({
  EventId: 77,
  EventName: 'Lions v Tigers',
  SeriesName: 'Coastal Cup',
  SportsId: 4,
  MarketTime: '2026-11-21T10:00:00.000Z',
  MarketStatus: 1 as const,
  MarketList: [],
  Seq,
  fancy: {
    IsFancyActive: true,
    EvBetStatus,
    SessionMinStake: 100,
    SessionMaxStake: 100_000,
    BetDelay: 0,
  },
});

describe('hub EventSuspended', () => {
  it("writes the event's detail (its own TvUrl kept) and the operator's rows, without a request", async () => {
    const queryClient = new QueryClient();
    await queryClient.fetchQuery({
      ...eventDetailQuery('77'),
      queryFn: () =>
        Promise.resolve({
          Status: true as const,
          Result: { ...detailOf(5_000, true), TvUrl: 'http://tv.example/77' },
        }),
    });
    const invalidations = vi.spyOn(queryClient, 'invalidateQueries');
    const connection = fakeConnection();
    registerHubHandlers(connection, queryClient);
    const custom = { ...fancyRow(9, 120), isCustome: true };

    connection.emit('EventSuspended', {
      EventId: 77,
      Seq: 6_000,
      Detail: detailOf(6_000, false),
      CustomBookmaker: [],
      CustomFancy: [custom],
      ActiveFancy: [],
    });

    const detail = queryClient.getQueryData(eventDetailQuery('77').queryKey);
    expect(detail).toEqual({
      Status: true,
      Result: { ...detailOf(6_000, false), TvUrl: 'http://tv.example/77' },
    });
    expect(priceStoreOf(queryClient).held(customFancyQuery('77', true).queryKey)).toEqual({
      Status: true,
      Result: [custom],
    });
    // An older detail is dropped.
    connection.emit('EventSuspended', {
      EventId: 77,
      Seq: 5_500,
      Detail: detailOf(5_500, true),
      CustomBookmaker: [],
      CustomFancy: [],
      ActiveFancy: [],
    });
    expect(queryClient.getQueryData(eventDetailQuery('77').queryKey)).toBe(detail);
    expect(invalidations).not.toHaveBeenCalled();
  });
});

describe('hub FeedHeartbeat', () => {
  it("counts the event's held prices as current now, asking for nothing", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z'), toFake: ['Date'] });
    try {
      const queryClient = new QueryClient();
      const held = { '1.77': exchangeBook('1.77', 'ACTIVE', 5_000, 1.9) };
      await queryClient.fetchQuery({
        ...marketOddsQuery('77', '1.77'),
        queryFn: (context) =>
          Promise.resolve(answered(context, { Status: true as const, Result: held })),
      });
      const key = marketOddsQuery('77', '1.77').queryKey;
      const hash = hashKey(key);
      const store = priceStoreOf(queryClient);
      const before = queryClient.getQueryState(key);
      const prices = store.held(key);
      const invalidations = vi.spyOn(queryClient, 'invalidateQueries');
      const connection = fakeConnection();
      registerHubHandlers(connection, queryClient);

      vi.setSystemTime(new Date('2026-11-21T10:00:08Z'));
      connection.emit('FeedHeartbeat', { EventId: 77 });
      connection.emit('FeedHeartbeat', { EventId: 78 });

      expect(store.receivedAt(hash)).toBe(Date.parse('2026-11-21T10:00:08Z'));
      expect(store.held(key)).toBe(prices);
      // The request's own record is left alone: no observer hears the heartbeat.
      expect(queryClient.getQueryState(key)).toBe(before);
      expect(invalidations).not.toHaveBeenCalled();
      expect(queryClient.isFetching()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('hub indicator', () => {
  it('says in words when there is no live connection', () => {
    render(<HubIndicator />);
    expect(screen.getByRole('status', { name: 'Live updates: Offline' })).toBeTruthy();
  });

  it('says Offline while the browser is, and Reconnecting while the hub is lost, whatever the socket reads', () => {
    const { Connected, Connecting, Disconnected, Reconnecting } = HubConnectionState;
    expect(shownHubState(Connected, true, false)).toBe(Connected);
    expect(shownHubState(Connected, false, false)).toBe(Disconnected);
    expect(shownHubState(Connected, true, true)).toBe(Reconnecting);
    expect(shownHubState(Connecting, true, true)).toBe(Connecting);
    expect(shownHubState(Reconnecting, false, true)).toBe(Disconnected);
  });
});

describe('keepConnected', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A connection whose start succeeds or fails as the test says, and whose callbacks it fires. */
  function liveLink() {
    const callbacks = { reconnecting: [] as (() => void)[], reconnected: [], close: [] } as {
      reconnecting: (() => void)[];
      reconnected: (() => void)[];
      close: (() => void)[];
    };
    const link = {
      state: HubConnectionState.Disconnected as HubConnectionState,
      isUp: true,
      start: vi.fn(() => {
        if (!link.isUp) return Promise.reject(new Error('down'));
        link.state = HubConnectionState.Connected;
        return Promise.resolve();
      }),
      onreconnecting: (callback: () => void) => void callbacks.reconnecting.push(callback),
      onreconnected: (callback: () => void) => void callbacks.reconnected.push(callback),
      onclose: (callback: () => void) => void callbacks.close.push(callback),
      fire: (name: keyof typeof callbacks) => {
        for (const callback of callbacks[name]) callback();
      },
    };
    const lost: boolean[] = [];
    const events = new EventTarget();
    let stopped = false;
    const release = keepConnected(
      link,
      () => stopped,
      (isLost) => lost.push(isLost),
      events,
    );
    const stop = () => {
      stopped = true;
      release();
    };
    return { link, lost, events, stop };
  }

  it('is lost while reconnecting and back once reconnected', async () => {
    const { link, lost } = liveLink();
    await vi.advanceTimersByTimeAsync(0);
    expect(lost).toEqual([false]);
    link.state = HubConnectionState.Reconnecting;
    link.fire('reconnecting');
    link.state = HubConnectionState.Connected;
    link.fire('reconnected');
    expect(lost).toEqual([false, true, false]);
  });

  it('starts again 5 s after the library gives up, retrying every 5 s until the hub answers', async () => {
    const { link, lost } = liveLink();
    await vi.advanceTimersByTimeAsync(0);
    link.isUp = false;
    link.state = HubConnectionState.Disconnected;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    link.fire('close');
    expect(lost).toEqual([false, true]);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(link.start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(link.start).toHaveBeenCalledTimes(2);
    link.isUp = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(link.start).toHaveBeenCalledTimes(3);
    expect(link.state).toBe(HubConnectionState.Connected);
    expect(lost.at(-1)).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('starts at once when the browser comes back online', async () => {
    const { link, events } = liveLink();
    await vi.advanceTimersByTimeAsync(0);
    link.state = HubConnectionState.Disconnected;
    link.fire('close');
    events.dispatchEvent(new Event('online'));
    expect(link.start).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(link.start).toHaveBeenCalledTimes(2);
  });

  it('neither restarts nor says lost after a close it asked for', async () => {
    const { link, lost, stop } = liveLink();
    await vi.advanceTimersByTimeAsync(0);
    stop();
    link.state = HubConnectionState.Disconnected;
    link.fire('close');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(link.start).toHaveBeenCalledTimes(1);
    expect(lost).toEqual([false]);
  });
});

describe('subscribeEvent', () => {
  it("joins the event's group by its id (the server answers with the event as it is)", async () => {
    const connection = { invoke: vi.fn(() => Promise.resolve()) };
    await subscribeEvent(connection as never, '42');
    expect(connection.invoke).toHaveBeenCalledExactlyOnceWith('SubscribeEvent', 42);
  });

  it('fails as the join fails', async () => {
    const connection = { invoke: vi.fn(() => Promise.reject(new Error('closed'))) };
    await expect(subscribeEvent(connection as never, '42')).rejects.toThrow('closed');
  });
});
