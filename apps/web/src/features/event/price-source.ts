import { hashKey, type QueryKey } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import type { CellFigures, LiveFigures } from '../../ui/odds-cell';
import type { PriceStore } from './price-store';

/**
 * The event screen's prices as its cells read them: from the price store (price-store.ts), each
 * cell following the figures it shows. A tick reaches the cells whose figures changed and nothing
 * else (docs/architecture.md, "Prices on the event screen").
 */

/** A value read from the price store and a way to hear when it may have changed. */
export interface PriceSource<T> {
  readonly subscribe: (listener: () => void) => () => void;
  readonly read: () => T;
}

/** One query as a source reads it: its hash (the store's key) and its `select`. */
export interface QueryRead<T> {
  readonly queryHash: string;
  readonly select: (data: never) => T;
}

/**
 * A query's options as a source reads them: the answer is read through the query's own `select`,
 * as `useQuery` would give it (undefined before the first answer).
 */
export function queryRead<TData, T = TData>(options: {
  queryKey: QueryKey;
  select?: (data: TData) => T;
}): QueryRead<T | undefined> {
  const select = options.select ?? ((data: TData) => data as unknown as T);
  return { queryHash: hashKey(options.queryKey), select };
}

/** The part of a read that a value depends on (a market's book of the odds answer). */
export function readPart<T, P>(read: QueryRead<T>, pick: (value: T) => P): QueryRead<P> {
  return { queryHash: read.queryHash, select: (data: never) => pick(read.select(data)) };
}

/**
 * A value computed from parts of the answers of some queries. It is computed again when a
 * watched query changes and one of its parts is a new object (answers keep the references of
 * their unchanged parts: seq-merge.ts), and only then are its listeners told: a push of the
 * bookmaker rows leaves the fancy rows' cells alone. Every reader between two changes shares
 * one result.
 */
export function derivedSource<const R extends readonly QueryRead<unknown>[], T>(
  store: PriceStore,
  reads: R,
  compute: (...values: { [K in keyof R]: R[K] extends QueryRead<infer V> ? V : never }) => T,
): PriceSource<T> {
  let parts: unknown[] | undefined;
  let result: T;
  const listeners = new Set<() => void>();
  let stops: (() => void)[] = [];
  /** Reads the parts again; answers whether the result changed. */
  const refresh = () => {
    const next = reads.map((read) => {
      const data = store.read(read.queryHash);
      return data === undefined ? undefined : read.select(data as never);
    });
    if (parts !== undefined && next.every((part, index) => part === parts?.[index])) return false;
    parts = next;
    result = (compute as (...values: unknown[]) => T)(...next);
    return true;
  };
  const hear = () => {
    if (refresh()) listeners.forEach((listener) => listener());
  };
  return {
    subscribe: (listener) => {
      if (listeners.size === 0) {
        stops = reads.map((read) => store.watch(read.queryHash, hear));
        refresh();
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stops.forEach((stop) => stop());
      };
    },
    read: () => {
      // Unwatched, nothing says when the store changed: read it now.
      if (listeners.size === 0 || parts === undefined) refresh();
      return result;
    },
  };
}

/** A source that never changes (a table drawn from figures at hand). */
export function fixedSource<T>(value: T): PriceSource<T> {
  return { subscribe: () => () => {}, read: () => value };
}

/**
 * The part of a source's value that `select` picks, re-rendering only when it differs by
 * `isEqual` (the figures of one cell, the status of one runner, the names of a table's rows).
 */
export function useSourceSelect<T, S>(
  source: PriceSource<T>,
  select: (value: T) => S,
  isEqual: (a: S, b: S) => boolean = Object.is,
): S {
  const read = useMemo(() => {
    let held: { value: T; picked: S } | undefined;
    return () => {
      const value = source.read();
      if (held?.value === value) return held.picked;
      const picked = select(value);
      held = { value, picked: held && isEqual(held.picked, picked) ? held.picked : picked };
      return held.picked;
    };
  }, [source, select, isEqual]);
  return useSyncExternalStore(source.subscribe, read, read);
}

/**
 * One cell's figures in a source's value, the same object until its price or size changes, for
 * a LiveOddsCell to follow.
 */
export function liveFigures<T>(
  source: PriceSource<T>,
  pick: (value: T) => CellFigures,
): LiveFigures {
  let held: { value: T; figures: CellFigures } | undefined;
  return {
    subscribe: source.subscribe,
    read: () => {
      const value = source.read();
      if (held?.value === value) return held.figures;
      const next = pick(value);
      const figures =
        held && held.figures.price === next.price && held.figures.size === next.size
          ? held.figures
          : next;
      held = { value, figures };
      return figures;
    },
  };
}
