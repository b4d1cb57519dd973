import { useCallback, useEffect, useState } from 'react';

/**
 * The whole seconds left of a bet's in-play delay (docs/architecture.md, "In-play bet delay"):
 * `start(seconds)` as the bet goes out on a market that holds bets, `stop()` when its answer
 * comes. It counts down once a second and stands at 0 until the answer; `left` is null when no
 * delayed bet is out.
 */
export function useDelayCountdown() {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (left === null || left <= 0) return;
    const tick = setTimeout(
      () => setLeft((current) => (current === null ? null : current - 1)),
      1000,
    );
    return () => clearTimeout(tick);
  }, [left]);
  const start = useCallback((seconds: number) => setLeft(seconds > 0 ? seconds : null), []);
  const stop = useCallback(() => setLeft(null), []);
  return { left, start, stop };
}

/** What the slip says while a bet is held for the market's in-play delay. */
export const delayHeldText = (seconds: number): string =>
  `Bet held for in-play delay: ${seconds} s`;
