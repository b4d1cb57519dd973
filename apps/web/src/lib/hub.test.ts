import { HubConnectionState } from '@microsoft/signalr';
import { describe, expect, it, vi } from 'vitest';
import { FIRST_RETRY_JITTER_MS, RECONNECT_DELAYS_MS } from '@backlay/contract/hub';
import { reconnectPolicy, START_RETRY_MS, startWithRetry } from './hub';

const retryContext = (previousRetryCount: number) => ({
  previousRetryCount,
  elapsedMilliseconds: 0,
  retryReason: new Error('x'),
});

describe('hub reconnect policy', () => {
  it('waits 0 s plus up to 1 s of jitter, then 2, 5 and 10 s, then gives up', () => {
    const policy = reconnectPolicy(() => 0.75);
    expect(
      [0, 1, 2, 3, 4].map((n) => policy.nextRetryDelayInMilliseconds(retryContext(n))),
    ).toEqual([750, 2000, 5000, 10_000, null]);
    expect(reconnectPolicy(() => 0).nextRetryDelayInMilliseconds(retryContext(0))).toBe(0);
    expect(reconnectPolicy(() => 0.9999).nextRetryDelayInMilliseconds(retryContext(0))).toBe(999);
    expect(RECONNECT_DELAYS_MS).toEqual([0, 2000, 5000, 10_000]);
    expect(FIRST_RETRY_JITTER_MS).toBe(1000);
  });

  it('spreads the first attempts of many clients over the 0–1 s jitter', () => {
    const policy = reconnectPolicy();
    const first = Array.from({ length: 500 }, () =>
      policy.nextRetryDelayInMilliseconds(retryContext(0)),
    ) as number[];
    expect(Math.min(...first)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...first)).toBeLessThan(FIRST_RETRY_JITTER_MS);
    expect(Math.max(...first) - Math.min(...first)).toBeGreaterThan(500);
    expect(new Set(first).size).toBeGreaterThan(100);
  });
});

describe('hub start', () => {
  it('retries a failed start after 5 s until stopped', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let stopped = false;
    const start = vi
      .fn()
      .mockRejectedValueOnce(new Error('down'))
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue(undefined);
    const connection = { start, state: HubConnectionState.Disconnected };
    startWithRetry(connection, () => stopped);
    await vi.advanceTimersByTimeAsync(0);
    expect(start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(START_RETRY_MS - 1);
    expect(start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(start).toHaveBeenCalledTimes(2);
    stopped = true;
    await vi.advanceTimersByTimeAsync(START_RETRY_MS);
    expect(start).toHaveBeenCalledTimes(2);
    expect(START_RETRY_MS).toBe(5000);
  });
});
