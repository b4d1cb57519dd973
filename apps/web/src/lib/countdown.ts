import { useEffect, useState } from 'react';

/** Whole seconds left until `deadline` at `now` (epoch ms), rounded up: 0 once it has passed. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** Seconds as a countdown reads them: `m:ss` (`3:00`, `0:07`). */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Milliseconds from `now` until the next deadline's whole seconds left change (each second as it
 * counts, and the deadline itself); null when every deadline has passed.
 */
export function msUntilCountdownChanges(deadlines: readonly number[], now: number): number | null {
  let soonest: number | null = null;
  for (const deadline of deadlines) {
    const left = deadline - now;
    if (left <= 0) continue;
    const wait = left % 1000 === 0 ? 1000 : left % 1000;
    soonest = soonest === null ? wait : Math.min(soonest, wait);
  }
  return soonest;
}

/**
 * The client's clock (epoch ms) for countdowns to `deadlines`, kept current by one timer that
 * wakes exactly when a countdown's seconds change, so a countdown ends at its deadline and not a
 * tick after; no timer once every deadline has passed. New deadlines read the clock afresh.
 */
export function useCountdownNow(deadlines: readonly number[]): number {
  const key = deadlines.join(',');
  const [clock, setClock] = useState(() => ({ key, now: Date.now() }));
  if (clock.key !== key) setClock({ key, now: Date.now() });

  useEffect(() => {
    const wait = msUntilCountdownChanges(key === '' ? [] : key.split(',').map(Number), clock.now);
    if (wait === null) return;
    const timer = setTimeout(() => setClock({ key, now: Date.now() }), wait);
    return () => clearTimeout(timer);
  }, [key, clock]);

  return clock.now;
}
