import { replaceEqualDeep } from '@tanstack/react-query';
import { isEnvelope } from './api';

/** Anything carrying docs/decisions.md#hub's per-market monotonic sequence number. */
export interface Sequenced {
  readonly Seq: number;
}

/**
 * docs/decisions.md#hub: the client keeps the newer of two payloads, so a slow poll never overwrites a newer
 * push. The held payload wins only when its `Seq` is higher; otherwise `next` is taken, keeping
 * the held references of equal parts so memoised rows skip the render (docs/conventions.md#memoised-rows).
 */
export function seqNewer<T extends Sequenced>(held: T | undefined, next: T): T {
  if (held === undefined) return next;
  return held.Seq > next.Seq ? held : replaceEqualDeep(held, next);
}

/**
 * Merges two lists of sequenced payloads by key: the items of `next` are kept (it is the list
 * asked for), each the newer of itself and the held one. An unchanged list keeps its reference.
 */
export function seqListMerge<T extends Sequenced>(
  previous: readonly T[],
  next: readonly T[],
  key: (item: T) => string,
): readonly T[] {
  const held = new Map(previous.map((item) => [key(item), item]));
  let unchanged = previous.length === next.length;
  const merged = next.map((item, index) => {
    const kept = seqNewer(held.get(key(item)), item);
    if (kept !== previous[index]) unchanged = false;
    return kept;
  });
  return unchanged ? previous : merged;
}

/** The same rule for payloads keyed by id (the odds of an event's markets, by market id). */
export function seqRecordMerge<T extends Sequenced>(
  previous: Readonly<Record<string, T>>,
  next: Readonly<Record<string, T>>,
): Readonly<Record<string, T>> {
  const keys = Object.keys(next);
  let unchanged = keys.length === Object.keys(previous).length;
  const merged: Record<string, T> = {};
  for (const key of keys) {
    const kept = seqNewer(previous[key], next[key]!);
    if (kept !== previous[key]) unchanged = false;
    merged[key] = kept;
  }
  return unchanged ? previous : merged;
}

/** An API answer whose Result, when it succeeded, is an `R`. */
export type Answer<R> =
  | { readonly Status: true; readonly Result: R }
  | { readonly Status: false; readonly Result: string };

/**
 * The merge of two envelopes: `merge` the two Results when both succeeded. As a query's
 * structural sharing it is also applied by `setQueryData`, so a hub push patching the cache goes
 * through the same rule, and to `select`'s result too: a part of a merged answer already keeps
 * the references of its unchanged parts, so it is taken as it is. The event screen's price store
 * merges each poll's answer by it (features/event/price-store.ts).
 */
export function seqAnswerMerge<R>(merge: (previous: R, next: R) => R) {
  return (previous: unknown, next: unknown): unknown => {
    if (!isEnvelope(next)) return next;
    const old = previous as Answer<R> | undefined;
    const answer = next as Answer<R>;
    if (old === undefined || !old.Status || !answer.Status) return replaceEqualDeep(old, answer);
    const Result = merge(old.Result, answer.Result);
    return Result === old.Result ? old : { ...answer, Result };
  };
}
