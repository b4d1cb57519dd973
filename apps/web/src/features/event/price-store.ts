import {
  hashKey,
  partialMatchKey,
  replaceEqualDeep,
  type InferDataFromTag,
  type QueryClient,
  type QueryFunctionContext,
  type QueryKey,
} from '@tanstack/react-query';
import { seqAnswerMerge, type Answer } from '../../lib/seq-merge';
import { keyedListeners } from '../../lib/keyed-listeners';
import { eventKeys } from './query-keys';

/**
 * The event screen's ticking prices — the odds, toss, bookmaker and fancy answers and the
 * operator's rows — as the screen holds them between two answers (docs/architecture.md, "Prices
 * on the event screen"): each poll's answer is put here by its query, each hub push patches it by
 * Seq, and each cell follows its own part. A tick touches no TanStack observer. An entry lives as
 * long as the query that asks for it: it goes when the query leaves the cache (its garbage
 * collection, a logout).
 */
export interface PriceStore {
  /** What is held under a query's hash (its answer envelope), undefined before the first answer. */
  readonly read: (queryHash: string) => unknown;
  /** The same, by the query's key, typed as its answer. */
  readonly held: <K extends QueryKey>(queryKey: K) => Held<K> | undefined;
  /** When the prices under a hash were last known current (an answer, a push, a heartbeat), 0 before. */
  readonly receivedAt: (queryHash: string) => number;
  /**
   * An answer (a poll's, or a push that carries the whole answer), merged into what is held by
   * `merge` (a Seq merge keeps a newer push; the default keeps the references of equal parts).
   */
  readonly answer: <K extends QueryKey>(queryKey: K, answer: Held<K>, merge?: Merge) => void;
  /**
   * A push: `change` gives the new envelope from the held one, or undefined to leave it. Nothing
   * is written before the first answer.
   */
  readonly patch: <K extends QueryKey>(
    queryKey: K,
    change: (held: Held<K> | undefined) => Held<K> | undefined,
  ) => void;
  /** The feed is alive: every entry under `prefix` counts as current now, its prices unchanged. */
  readonly touch: (prefix: QueryKey) => void;
  /** Calls `listener` when the entry under a hash changes or is touched. */
  readonly watch: (queryHash: string, listener: () => void) => () => void;
}

type Merge = (held: unknown, next: unknown) => unknown;

/** What a query's key says its answer is (`queryOptions` tags its key with it). */
type Held<K extends QueryKey> = InferDataFromTag<unknown, K>;

interface Entry {
  readonly queryKey: QueryKey;
  data: unknown;
  receivedAt: number;
}

const stores = new WeakMap<QueryClient, PriceStore>();

/** The price store of a query client: one per client, as its cache (created on first use). */
export function priceStoreOf(queryClient: QueryClient): PriceStore {
  const held = stores.get(queryClient);
  if (held !== undefined) return held;
  const store = createPriceStore();
  // Only the removal of a query is heard: its entry goes with it.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'removed') store.forget(event.query.queryHash);
  });
  stores.set(queryClient, store);
  return store;
}

function createPriceStore(): PriceStore & { forget: (queryHash: string) => void } {
  const entries = new Map<string, Entry>();
  const listeners = keyedListeners<string>();
  const tell = listeners.tell;
  const write = (queryHash: string, entry: Entry, data: unknown) => {
    entry.data = data;
    entry.receivedAt = Date.now();
    entries.set(queryHash, entry);
    tell(queryHash);
  };
  return {
    read: (queryHash) => entries.get(queryHash)?.data,
    held: (queryKey) => entries.get(hashKey(queryKey))?.data as never,
    receivedAt: (queryHash) => entries.get(queryHash)?.receivedAt ?? 0,
    answer: (queryKey, answer, merge = replaceEqualDeep) => {
      const queryHash = hashKey(queryKey);
      const entry = entries.get(queryHash) ?? { queryKey, data: undefined, receivedAt: 0 };
      write(queryHash, entry, merge(entry.data, answer));
    },
    patch: (queryKey, change) => {
      const queryHash = hashKey(queryKey);
      const entry = entries.get(queryHash);
      if (entry === undefined) return;
      const data = change(entry.data as never);
      if (data !== undefined && data !== entry.data) write(queryHash, entry, data);
    },
    touch: (prefix) => {
      const now = Date.now();
      for (const [queryHash, entry] of entries) {
        if (!partialMatchKey(entry.queryKey, prefix)) continue;
        entry.receivedAt = now;
        tell(queryHash);
      }
    },
    watch: listeners.watch,
    forget: (queryHash) => {
      if (entries.delete(queryHash)) tell(queryHash);
    },
  };
}

/**
 * A price query's answer, as its `queryFn` gives it to TanStack (which keeps it as the request's
 * answer: its status, errors and timing), put into the price store by `merge` — each part by its
 * Seq, so a slow poll never overwrites a newer push; by default the references of equal parts
 * are kept.
 */
export function answered<A extends Answer<unknown>>(
  { client, queryKey }: Pick<QueryFunctionContext, 'client' | 'queryKey'>,
  answer: A,
  merge: (held: ResultOf<A>, next: ResultOf<A>) => Readonly<ResultOf<A>> = replaceEqualDeep,
): A {
  priceStoreOf(client).answer(queryKey, answer, seqAnswerMerge(merge));
  return answer;
}

/** The Result of an answer that succeeded. */
type ResultOf<A extends Answer<unknown>> = Extract<A, { Status: true }>['Result'];

/**
 * The feed is alive (hub FeedHeartbeat): every price the screen holds of the event is the
 * server's, every change being pushed, so each counts as current now.
 */
export function eventPricesCurrent(queryClient: QueryClient, eventId: string): void {
  priceStoreOf(queryClient).touch(eventKeys.odds(eventId));
}
