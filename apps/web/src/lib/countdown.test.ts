import { describe, expect, it } from 'vitest';
import { formatCountdown, msUntilCountdownChanges, secondsLeft } from './countdown';

describe('countdowns', () => {
  it('counts whole seconds left, rounded up, and 0 from the deadline on', () => {
    expect(secondsLeft(180_000, 0)).toBe(180);
    expect(secondsLeft(180_000, 1)).toBe(180);
    expect(secondsLeft(180_000, 179_001)).toBe(1);
    expect(secondsLeft(180_000, 180_000)).toBe(0);
    expect(secondsLeft(180_000, 200_000)).toBe(0);
  });

  it('writes seconds as m:ss', () => {
    expect([180, 179, 61, 60, 59, 7, 0].map(formatCountdown)).toEqual([
      '3:00',
      '2:59',
      '1:01',
      '1:00',
      '0:59',
      '0:07',
      '0:00',
    ]);
  });

  it('wakes when the soonest countdown changes its seconds, and never after every deadline', () => {
    expect(msUntilCountdownChanges([180_000], 0)).toBe(1000);
    expect(msUntilCountdownChanges([180_000], 250)).toBe(750);
    expect(msUntilCountdownChanges([180_000, 90_400], 0)).toBe(400);
    // The second has passed; the first has 89.6 s left, which read 90 until 600 ms from now.
    expect(msUntilCountdownChanges([180_000, 90_400], 90_400)).toBe(600);
    expect(msUntilCountdownChanges([180_000], 180_000)).toBeNull();
    expect(msUntilCountdownChanges([], 0)).toBeNull();
  });
});
