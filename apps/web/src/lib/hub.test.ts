import { HubConnectionState } from '@microsoft/signalr';
import { describe, expect, it, vi } from 'vitest';
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
