import { describe, expect, it } from 'vitest';
import { seqAnswerMerge, seqListMerge, seqNewer, seqRecordMerge } from './seq-merge';
import { wireCopy } from '../test/wire';

const book = (id: string, Seq: number, price: number) => ({ id, Seq, runners: [{ price }] });

describe('Seq merge (docs/decisions.md#hub)', () => {
  it('keeps the held payload only when its Seq is higher', () => {
    const held = book('a', 10, 1.9);
    expect(seqNewer(held, book('a', 9, 1.8))).toBe(held);
    expect(seqNewer(held, book('a', 11, 1.95)).runners[0]?.price).toBe(1.95);
    expect(seqNewer(undefined, held)).toBe(held);
  });

  it('keeps the held reference of an equal payload, so memoised rows skip the render', () => {
    const held = book('a', 10, 1.9);
    expect(seqNewer(held, book('a', 10, 1.9))).toBe(held);
  });

  it('merges lists by key, keeping the items of the newer list', () => {
    const previous = [book('a', 10, 1.9), book('b', 5, 2)];
    const merged = seqListMerge(previous, [book('a', 9, 1.8), book('c', 1, 3)], (item) => item.id);
    expect(merged.map((item) => [item.id, item.Seq])).toEqual([
      ['a', 10],
      ['c', 1],
    ]);
    expect(seqListMerge(previous, wireCopy(previous), (item) => item.id)).toBe(previous);
  });

  it('merges records by id the same way', () => {
    const previous = { a: book('a', 10, 1.9), b: book('b', 5, 2) };
    const merged = seqRecordMerge(previous, { a: book('a', 12, 2.1), b: book('b', 4, 1) });
    expect(merged.a?.Seq).toBe(12);
    expect(merged.b).toBe(previous.b);
    expect(seqRecordMerge(previous, wireCopy(previous))).toBe(previous);
  });

  it('merges envelopes only when both carry a Result', () => {
    const merge = seqAnswerMerge(seqNewer<ReturnType<typeof book>>);
    const held = { Status: true, Result: book('a', 10, 1.9) };
    expect(merge(held, { Status: true, Result: book('a', 9, 1) })).toBe(held);
    const refused = { Status: false, Result: 'Event not found' };
    expect(merge(held, refused)).toEqual(refused);
    expect(merge(undefined, held)).toEqual(held);
  });

  it("takes a select's result (no envelope) as it is: its parts are the merged answer's", () => {
    const merge = seqAnswerMerge(seqNewer<ReturnType<typeof book>>);
    const selected = book('a', 10, 1.9);
    const next = wireCopy(selected);
    expect(merge(selected, next)).toBe(next);
    expect(merge(undefined, null)).toBe(null);
  });
});
