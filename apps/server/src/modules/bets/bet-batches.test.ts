import { describe, expect, it } from 'vitest';
import { createBetBatches, type BetCalls } from './bet-batches.js';

/** A call held open until the test answers it. */
interface Held<T> {
  readonly bets: readonly string[];
  answer(value: T): void;
  fail(error: Error): void;
}

/** Fake calls that record what went to "PostgreSQL" and wait for the test to answer. */
function heldCalls() {
  const alone: Held<string>[] = [];
  const together: Held<(string | null)[]>[] = [];
  const hold = <T>(list: Held<T>[], bets: readonly string[]) =>
    new Promise<T>((resolve, reject) => {
      list.push({ bets, answer: resolve, fail: reject });
    });
  const calls: BetCalls<string, string> = {
    alone: (bet) => hold(alone, [bet]),
    together: (bets) => hold(together, bets),
  };
  return { calls, alone, together };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit of bets', () => {
  it('sends a bet that finds a lane free at once and alone', async () => {
    const { calls, alone, together } = heldCalls();
    const batches = createBetBatches(calls, { lanes: 2, maxBatch: 32 });
    const placed = batches.place('a');
    expect(alone.map((call) => call.bets)).toEqual([['a']]);
    alone[0]!.answer('placed a');
    await expect(placed).resolves.toBe('placed a');
    expect(together).toEqual([]);
  });

  it('holds at most `lanes` calls in flight and sends what waited together, in order, when one ends', async () => {
    const { calls, alone, together } = heldCalls();
    const batches = createBetBatches(calls, { lanes: 2, maxBatch: 32 });
    const answers = ['a', 'b', 'c', 'd', 'e'].map((bet) => batches.place(bet));
    expect(alone.map((call) => call.bets)).toEqual([['a'], ['b']]);
    expect(together).toEqual([]);

    alone[0]!.answer('placed a');
    await flush();
    expect(together.map((call) => call.bets)).toEqual([['c', 'd', 'e']]);
    together[0]!.answer(['placed c', 'placed d', 'placed e']);
    alone[1]!.answer('placed b');
    expect(await Promise.all(answers)).toEqual([
      'placed a',
      'placed b',
      'placed c',
      'placed d',
      'placed e',
    ]);
  });

  it('sends no more than maxBatch bets in one call', async () => {
    const { calls, alone, together } = heldCalls();
    const batches = createBetBatches(calls, { lanes: 1, maxBatch: 3 });
    const answers = ['a', 'b', 'c', 'd', 'e', 'f'].map((bet) => batches.place(bet));
    alone[0]!.answer('placed a');
    await flush();
    expect(together.map((call) => call.bets)).toEqual([['b', 'c', 'd']]);
    together[0]!.answer(['placed b', 'placed c', 'placed d']);
    await flush();
    expect(together.map((call) => call.bets)).toEqual([
      ['b', 'c', 'd'],
      ['e', 'f'],
    ]);
    together[1]!.answer(['placed e', 'placed f']);
    expect(await Promise.all(answers)).toHaveLength(6);
  });

  it('places each bet of a failed batch again alone: one bet’s error is its own', async () => {
    const { calls, alone, together } = heldCalls();
    const batches = createBetBatches(calls, { lanes: 1, maxBatch: 32 });
    const first = batches.place('a');
    const answers = ['b', 'c'].map((bet) => batches.place(bet).catch((error: Error) => error));
    alone[0]!.answer('placed a');
    await flush();
    together[0]!.fail(new Error('deadlock detected'));
    await flush();
    expect(alone.map((call) => call.bets)).toEqual([['a'], ['b']]);
    alone[1]!.fail(new Error('b is broken'));
    await flush();
    expect(alone.map((call) => call.bets)).toEqual([['a'], ['b'], ['c']]);
    alone[2]!.answer('placed c');
    await expect(first).resolves.toBe('placed a');
    const [b, c] = await Promise.all(answers);
    expect((b as Error).message).toBe('b is broken');
    expect(c).toBe('placed c');
  });

  it('places alone a bet the batch answered null for, and keeps the lane until it is done', async () => {
    const { calls, alone, together } = heldCalls();
    const batches = createBetBatches(calls, { lanes: 1, maxBatch: 32 });
    const answers = ['a', 'b', 'c'].map((bet) => batches.place(bet));
    alone[0]!.answer('placed a');
    await flush();
    together[0]!.answer([null, 'placed c']);
    await flush();
    const later = batches.place('d');
    expect(alone.map((call) => call.bets)).toEqual([['a'], ['b']]);
    alone[1]!.answer('placed b alone');
    await flush();
    expect(alone.map((call) => call.bets)).toEqual([['a'], ['b'], ['d']]);
    alone[2]!.answer('placed d');
    expect(await Promise.all([...answers, later])).toEqual([
      'placed a',
      'placed b alone',
      'placed c',
      'placed d',
    ]);
  });
});
