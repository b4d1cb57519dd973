import { hashKey, QueryClient, queryOptions } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seqRecordMerge, type Answer } from '../../lib/seq-merge';
import { answered, eventPricesCurrent, priceStoreOf } from './price-store';
import { eventKeys } from './query-keys';

const T = Date.parse('2026-12-07T10:00:00Z');
const book = (Seq: number, price: number) => ({ Seq, price });
type Books = Readonly<Record<string, { Seq: number; price: number }>>;
/** The odds' key as its query options tag it: its answer's type. */
const ODDS = queryOptions({
  queryKey: eventKeys.marketOdds('77'),
  queryFn: (): Promise<Answer<Books>> => Promise.reject(new Error('never asked')),
}).queryKey;
const TOSS = eventKeys.toss('77', '77T');
const oddsAnswer = (Result: Books) => ({ Status: true as const, Result });

describe('the price store', () => {
  let client: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers({ now: T, toFake: ['Date'] });
    client = new QueryClient();
  });
  afterEach(() => vi.useRealTimers());

  it('is one per query client', () => {
    expect(priceStoreOf(client)).toBe(priceStoreOf(client));
    expect(priceStoreOf(new QueryClient())).not.toBe(priceStoreOf(client));
  });

  it("holds a poll's answer by Seq: a slow answer leaves a newer push, and equal parts keep their references", () => {
    const store = priceStoreOf(client);
    const first = oddsAnswer({ '1.77': book(5, 1.9), '77T': book(5, 1.96) });
    expect(answered({ client, queryKey: ODDS }, first, seqRecordMerge)).toBe(first);
    expect(store.held(ODDS)).toEqual(first);
    expect(store.receivedAt(hashKey(ODDS))).toBe(T);

    store.patch(ODDS, (held) =>
      held?.Status ? { ...held, Result: { ...held.Result, '1.77': book(7, 2.0) } } : undefined,
    );
    const afterPush = store.held(ODDS);
    vi.setSystemTime(T + 1_000);
    answered(
      { client, queryKey: ODDS },
      oddsAnswer({ '1.77': book(6, 1.8), '77T': book(5, 1.96) }),
      seqRecordMerge,
    );
    const held = store.held(ODDS);
    expect(held?.Status && held.Result['1.77']).toEqual(book(7, 2.0));
    expect(held?.Status && afterPush?.Status && held.Result['77T']).toBe(
      afterPush?.Status && afterPush.Result['77T'],
    );
    expect(store.receivedAt(hashKey(ODDS))).toBe(T + 1_000);
  });

  it('writes no push before the first answer, and tells no one of a push that changes nothing', () => {
    const store = priceStoreOf(client);
    const heard = vi.fn();
    store.watch(hashKey(ODDS), heard);
    store.patch(ODDS, () => oddsAnswer({ '1.77': book(1, 1.5) }));
    expect(store.held(ODDS)).toBeUndefined();
    expect(heard).not.toHaveBeenCalled();

    answered({ client, queryKey: ODDS }, oddsAnswer({ '1.77': book(5, 1.9) }));
    expect(heard).toHaveBeenCalledTimes(1);
    store.patch(ODDS, () => undefined);
    store.patch(ODDS, (held) => held);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("counts every price of an event as current on its feed's heartbeat, and only that event's", () => {
    const store = priceStoreOf(client);
    const other = eventKeys.marketOdds('78');
    answered({ client, queryKey: ODDS }, oddsAnswer({}));
    answered({ client, queryKey: TOSS }, { Status: true as const, Result: [] });
    answered({ client, queryKey: other }, oddsAnswer({}));
    const prices = store.held(ODDS);
    const heard = vi.fn();
    store.watch(hashKey(TOSS), heard);

    vi.setSystemTime(T + 8_000);
    eventPricesCurrent(client, '77');
    expect(store.receivedAt(hashKey(ODDS))).toBe(T + 8_000);
    expect(store.receivedAt(hashKey(TOSS))).toBe(T + 8_000);
    expect(store.receivedAt(hashKey(other))).toBe(T);
    expect(store.held(ODDS)).toBe(prices);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('lets an entry go with its query: garbage collection or a logout', () => {
    const store = priceStoreOf(client);
    client.setQueryData(ODDS, answered({ client, queryKey: ODDS }, oddsAnswer({})));
    const heard = vi.fn();
    const stop = store.watch(hashKey(ODDS), heard);
    client.removeQueries({ queryKey: eventKeys.all });
    expect(store.held(ODDS)).toBeUndefined();
    expect(store.receivedAt(hashKey(ODDS))).toBe(0);
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    answered({ client, queryKey: ODDS }, oddsAnswer({}));
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
