import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-paint';

describe('afterNextPaint', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('runs in a task after the next frame, not in it', () => {
    const order: string[] = [];
    afterNextPaint(() => order.push('after'));
    requestAnimationFrame(() => order.push('frame'));
    expect(order).toEqual([]);
    vi.advanceTimersToNextFrame();
    expect(order).toEqual(['frame']);
    vi.advanceTimersByTime(1);
    expect(order).toEqual(['frame', 'after']);
  });

  it('runs nothing once cancelled, before or after the frame', () => {
    const run = vi.fn();
    afterNextPaint(run)();
    const cancel = afterNextPaint(run);
    vi.advanceTimersToNextFrame();
    cancel();
    vi.advanceTimersByTime(100);
    expect(run).not.toHaveBeenCalled();
  });
});
