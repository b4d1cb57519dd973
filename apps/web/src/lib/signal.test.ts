import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createSignal, useSignal } from './signal';

describe('createSignal', () => {
  it('re-renders its readers on notify, and stops calling a reader that unsubscribed', () => {
    let value = 1;
    const signal = createSignal(() => value);
    const { result, unmount } = renderHook(() => useSignal(signal));
    expect(result.current).toBe(1);
    act(() => {
      value = 2;
      signal.notify();
    });
    expect(result.current).toBe(2);
    unmount();
    let calls = 0;
    const stop = signal.subscribe(() => (calls += 1));
    signal.notify();
    stop();
    signal.notify();
    expect(calls).toBe(1);
  });
});
